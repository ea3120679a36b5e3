// Claude Code: ~/.claude/settings.json, shell-form handlers (providers.md §2.1).
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";

export const CLAUDE_EVENTS = ["SessionStart", "SessionEnd", "UserPromptSubmit", "PermissionRequest", "PostToolBatch", "Notification", "Stop", "StopFailure"] as const;
/** idle_prompt is left out on purpose: it fires ~60 s after every turn and maps to nothing. */
export const CLAUDE_NOTIFICATION_MATCHER = "permission_prompt|agent_needs_input|elicitation_dialog|elicitation_url_dialog";

export function claudeCodeSpec(paths: Paths): HookJsonSpec {
  // Shell form works on every Claude Code version; the path is quoted because the macOS data dir has a space,
  // and `exec` makes the helper's parent Claude Code itself rather than its `sh -c` (see helperCommand).
  const handler = { type: "command", command: helperCommand(paths.helper, "claude-code"), timeout: 5 };
  return {
    provider: "claude-code",
    path: paths.claudeSettings,
    layout: "grouped",
    events: CLAUDE_EVENTS.map((name) => (name === "Notification" ? { name, matcher: CLAUDE_NOTIFICATION_MATCHER, handler } : { name, handler })),
  };
}
