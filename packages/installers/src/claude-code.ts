// Claude Code: ~/.claude/settings.json, shell-form handlers (docs/providers.md#claude-code).
import { claudeEventsFor, withheldNote } from "./claude-version.js";
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";

export const CLAUDE_EVENTS = ["SessionStart", "SessionEnd", "UserPromptSubmit", "PermissionRequest", "PostToolBatch", "Notification", "Stop", "StopFailure"] as const;
/** idle_prompt is left out on purpose: it fires ~60 s after every turn and maps to nothing. */
export const CLAUDE_NOTIFICATION_MATCHER = "permission_prompt|agent_needs_input|elicitation_dialog|elicitation_url_dialog";

/** `claude`: the installed Claude Code, when it can be placed; events it does not know are left out (claude-version.ts). */
export function claudeCodeSpec(paths: Paths, claude?: { version: string; path: string }): HookJsonSpec {
  const version = claude?.version;
  // Shell form works on every Claude Code version; the path is quoted because the macOS data dir has a space,
  // and `exec` makes the helper's parent Claude Code itself rather than its `sh -c` (see helperCommand).
  const handler = { type: "command", command: helperCommand(paths.helper, "claude-code"), timeout: 5 };
  const { events, withheld } = claudeEventsFor(CLAUDE_EVENTS, version);
  const note = claude !== undefined ? withheldNote(claude, withheld) : undefined;
  return {
    provider: "claude-code",
    path: paths.claudeSettings,
    layout: "grouped",
    events: events.map((name) => (name === "Notification" ? { name, matcher: CLAUDE_NOTIFICATION_MATCHER, handler } : { name, handler })),
    ...(withheld.length > 0 ? { withheld: Object.fromEntries(withheld.map((w) => [w.event, `Claude Code ${version} does not know this event and would skip the whole file (needs ${w.needs})`])) } : {}),
    ...(note !== undefined ? { note } : {}),
  };
}
