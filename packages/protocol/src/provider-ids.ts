// Provider ids and names without zod: part of the light wire entry (@mytty-bar/protocol/wire) that the
// installers and the popup renderer import (providers.ts adds the schema).

/** Wire ids, shared with Mytty on purpose (MYTTY_AGENT hints use them). */
export const PROVIDER_IDS = ["codex", "claude-code", "opencode", "antigravity", "cursor"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

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

/** Gemini CLI's name: it shares the provider `antigravity` with Antigravity (docs/architecture.md). */
export const GEMINI_CLI_NAME = "Gemini CLI";

/** An agent's name: "Gemini CLI" or "Antigravity" for the one provider both CLIs share, from the binary. */
export function agentName(agent: { provider: ProviderId; variant?: string | undefined }): string {
  return agent.provider === "antigravity" && agent.variant === "gemini"
    ? GEMINI_CLI_NAME
    : PROVIDER_NAMES[agent.provider];
}
