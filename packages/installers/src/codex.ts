// Codex: $CODEX_HOME/hooks.json (providers.md §2.2). Codex refuses a file with other root keys,
// runs commands through `$SHELL -lc` (hence `exec`, see helperCommand), and skips changed hooks until
// the user trusts them with /hooks.
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";

export const CODEX_EVENTS = ["SessionStart", "UserPromptSubmit", "PermissionRequest", "PostToolUse", "Stop"] as const;

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
