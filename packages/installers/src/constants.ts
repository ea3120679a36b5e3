// Copies of the few @mytty-bar/protocol constants the installers need at run time. Importing
// protocol would load zod, which alone costs more than the whole `mytty-doctor status --json`
// budget (1.5 × `node -e 0`). test/constants.test.ts proves these equal protocol's.
import type { ProviderId, SpoolEnvKey } from "@mytty-bar/protocol";

export const PROVIDER_IDS: readonly ProviderId[] = ["codex", "claude-code", "opencode", "antigravity", "cursor"];

export const PROVIDER_NAMES: Readonly<Record<ProviderId, string>> = {
  codex: "Codex",
  "claude-code": "Claude Code",
  opencode: "OpenCode",
  antigravity: "Antigravity",
  cursor: "Cursor",
};

/**
 * What the doctor installs: each provider, plus Gemini CLI, whose hooks live in its own settings.json
 * but whose events are the protocol provider `antigravity` (one provider for both CLIs, docs/architecture.md).
 */
export type TargetId = ProviderId | "gemini";
export const TARGET_IDS: readonly TargetId[] = [...PROVIDER_IDS, "gemini"];
export const TARGET_NAMES: Readonly<Record<TargetId, string>> = { ...PROVIDER_NAMES, gemini: "Gemini CLI" };

export function isTargetId(value: unknown): value is TargetId {
  return typeof value === "string" && (TARGET_IDS as readonly string[]).includes(value);
}

/** The protocol provider a target's events arrive as. */
export function targetProvider(id: TargetId): ProviderId {
  return id === "gemini" ? "antigravity" : id;
}

export const SPOOL_MAGIC = "mytty-bar-spool 1";
export const SPOOL_MAX_PAYLOAD_BYTES = 1024 * 1024;
// engine.pid's lease lives beside the pid file's path (packages/paths); the helper script reads it here.
export { ENGINE_LEASE_SECONDS, ENGINE_LEASE_RENEW_SECONDS } from "@mytty-bar/paths";
/** Without a lease the helper spools only while the spool holds less than this (KiB, as du counts). */
export const UNLEASED_SPOOL_KIB = 7 * 1024;
export const SPOOL_ENV_KEYS: readonly SpoolEnvKey[] = [
  "term_program",
  "term_program_version",
  "term_session_id",
  "iterm_session_id",
  "lc_terminal",
  "tmux",
  "tmux_pane",
  "wezterm_pane",
  "wezterm_unix_socket",
  "kitty_window_id",
  "kitty_listen_on",
  "ghostty_surface_id",
  "vscode_ipc_hook_cli",
  "cursor_trace_id",
  "cf_bundle_identifier",
  "windowid",
  "mytty_agent",
];

export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDER_IDS as readonly string[]).includes(value);
}
