import { z } from "zod";

/** Wire ids, shared with Mytty on purpose (MYTTY_AGENT hints use them). */
export const PROVIDER_IDS = ["codex", "claude-code", "opencode", "antigravity", "cursor"] as const;
export const ProviderIdSchema = z.enum(PROVIDER_IDS);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

export const PROVIDER_NAMES: Record<ProviderId, string> = {
  codex: "Codex",
  "claude-code": "Claude Code",
  opencode: "OpenCode",
  antigravity: "Antigravity",
  cursor: "Cursor",
};

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDER_IDS as readonly string[]).includes(value);
}

export function providerName(id: ProviderId): string {
  return PROVIDER_NAMES[id];
}
