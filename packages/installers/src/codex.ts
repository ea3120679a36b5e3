// Codex: $CODEX_HOME/hooks.json (providers.md §2.2). Codex refuses a file with other root keys,
// runs commands through `$SHELL -lc`, and skips changed hooks until the user trusts them with /hooks.
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { shellQuote } from "./text.js";

export const CODEX_EVENTS = ["SessionStart", "UserPromptSubmit", "PermissionRequest", "PostToolUse", "Stop"] as const;

export function codexSpec(paths: Paths): HookJsonSpec {
  const handler = { type: "command", command: `${shellQuote(paths.helper)} codex`, timeout: 5 };
  return {
    provider: "codex",
    path: paths.codexHooks,
    layout: "grouped",
    allowedRootKeys: ["description", "hooks"],
    events: CODEX_EVENTS.map((name) => ({ name, handler })),
  };
}
