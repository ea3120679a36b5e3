import type { ProviderId } from "./provider-ids.js";

/**
 * Spool file (hook helper → engine), docs/architecture.md#spool-file:
 *   line 1: `mytty-bar-spool 1`; then `key=value` header lines; a blank line; the raw payload.
 * The helper writes header values with shell builtins and drops any value holding a newline.
 */
export const SPOOL_MAGIC = "mytty-bar-spool 1";
export const SPOOL_MAX_PAYLOAD_BYTES = 1024 * 1024;
export const SPOOL_MAX_HEADER_VALUE_BYTES = 512;
export const SPOOL_MAX_HEADER_BYTES = 16 * 1024;

/**
 * Header keys the engine accepts; the environment ones are terminal hints
 * (docs/terminals.md#which-terminal-app-hosts-a-tty).
 */
export const SPOOL_ENV_KEYS = [
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
  // "client_ip client_port server_ip server_port" of the ssh session the agent runs in (docs/remote.md#jump-to-a-remote-agent).
  "ssh_connection",
] as const;
export type SpoolEnvKey = (typeof SPOOL_ENV_KEYS)[number];
export const SPOOL_HEADER_KEYS = ["provider", "event", "ppid", "pid", "cwd", "hold", ...SPOOL_ENV_KEYS] as const;

/**
 * `hold=<name>`: the helper is holding this request and waits for <data>/answers/<name>
 * (docs/answering.md#how-it-works). The name is the helper's own spool file name, `<pid>.<ppid>.<n>`.
 */
/** The longest hold settings allow (answerWaitSeconds); docs/answering.md#turning-it-off-or-longer. */
export const ANSWER_WAIT_MAX_SECONDS = 300;
/** The hold a fresh settings file gets. */
export const ANSWER_WAIT_DEFAULT_SECONDS = 30;
/**
 * The provider `timeout` the doctor writes on a held hook: longer than the longest hold, so the provider never
 * kills a helper mid-wait, and changing the setting never needs a reinstall (docs/providers.md#answering-permission-requests).
 */
export const HELD_HOOK_TIMEOUT_SECONDS = ANSWER_WAIT_MAX_SECONDS + 30;
export const SPOOL_HOLD_PATTERN = /^[0-9]{1,10}\.[0-9]{1,10}\.[0-9]{1,6}$/;

export interface SpoolEnvelope {
  provider: ProviderId;
  /** Event name from the helper's argv, where the provider needs it (cursor, antigravity). */
  event?: string;
  /** The helper's parent pid: where the join starts walking up to the agent. */
  ppid?: number;
  /** The helper's own pid. */
  pid?: number;
  cwd?: string;
  /** The answer file name the helper waits for (SPOOL_HOLD_PATTERN), only when it holds the request. */
  hold?: string;
  env: Partial<Record<SpoolEnvKey, string>>;
}

export type SpoolErrorCode =
  | "bad-magic"
  | "unsupported-version"
  | "header-too-large"
  | "bad-header-line"
  | "unknown-provider"
  | "missing-provider"
  | "payload-too-large"
  | "payload-not-json"
  | "payload-not-object"
  | "payload-too-deep";

export interface SpoolError {
  code: SpoolErrorCode;
  message: string;
}

export type SpoolParseResult =
  | {
      ok: true;
      envelope: SpoolEnvelope;
      payload: Record<string, unknown>;
      /** Header keys outside SPOOL_HEADER_KEYS: skipped, reported so the engine can count them. */
      ignoredKeys: string[];
      /** Known keys whose value was dropped: over SPOOL_MAX_HEADER_VALUE_BYTES, or a bad pid. */
      droppedKeys: string[];
      /** The helper cut the payload at its cap: `payload` holds the top-level members that survived. */
      truncated?: boolean;
    }
  | { ok: false; error: SpoolError };

/** JSON nesting deeper than this is refused before parsing (ids hash payloads recursively). */
export const SPOOL_MAX_PAYLOAD_DEPTH = 100;
// parseSpoolFile / formatSpoolFile live in spool-codec.ts (re-exported from index.ts).
