// Codex: $CODEX_HOME/hooks.json (providers.md §2.2). Codex refuses a file with other root keys,
// runs commands through `$SHELL -lc` (hence `exec`, see helperCommand), and skips changed hooks until
// the user trusts them with /hooks.
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";

/**
 * Beyond Mytty's five: StopFailure (a turn ended by an API error → failed), Interrupt (Esc → idle) and
 * SessionEnd (→ disconnected). A Codex too old to know one ignores it silently (providers.md §2.2),
 * so unlike Claude Code no version check is needed.
 */
export const CODEX_EVENTS = ["SessionStart", "UserPromptSubmit", "PermissionRequest", "PostToolUse", "Stop", "StopFailure", "Interrupt", "SessionEnd"] as const;

export function codexSpec(paths: Paths): HookJsonSpec {
  const handler = { type: "command", command: helperCommand(paths.helper, "codex"), timeout: 5 };
  return {
    provider: "codex",
    path: paths.codexHooks,
    layout: "grouped",
    allowedRootKeys: ["description", "hooks"],
    events: CODEX_EVENTS.map((name) => ({ name, handler })),
  };
}
