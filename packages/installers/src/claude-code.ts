// Claude Code: ~/.claude/settings.json, shell-form handlers (docs/providers.md#claude-code).
import { claudeEventsFor, withheldNote } from "./claude-version.js";
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";
import { HELD_HOOK_TIMEOUT_SECONDS } from "./constants.js";

export const CLAUDE_EVENTS = [
  "SessionStart",
  "SessionEnd",
  "UserPromptSubmit",
  "PermissionRequest",
  "PostToolBatch",
  "Notification",
  "Elicitation",
  "ElicitationResult",
  "Stop",
  "StopFailure",
] as const;
/**
 * For a Claude Code without the Elicitation hooks. idle_prompt is left out on purpose: it fires ~60 s after
 * every turn and maps to nothing.
 */
export const CLAUDE_NOTIFICATION_MATCHER =
  "permission_prompt|agent_needs_input|elicitation_dialog|elicitation_url_dialog";
/**
 * With Elicitation/ElicitationResult installed, the elicitation notifications are left out: the hooks say it
 * at once, and a notification arriving late (after the answer) would reopen a question already answered.
 */
export const CLAUDE_NOTIFICATION_MATCHER_ELICITING = "permission_prompt|agent_needs_input";

/** `claude`: the installed Claude Code, when it can be placed; events it does not know are left out (claude-version.ts). */
export function claudeCodeSpec(paths: Paths, claude?: { version: string; path: string }): HookJsonSpec {
  const version = claude?.version;
  // Shell form works on every Claude Code version; the path is quoted because the macOS data dir has a space,
  // and `exec` makes the helper's parent Claude Code itself rather than its `sh -c` (see helperCommand).
  const handler = { type: "command", command: helperCommand(paths.helper, "claude-code"), timeout: 5 };
  // The one held hook (docs/answering.md): its event rides in argv (the helper never reads JSON) and its timeout
  // outlasts the longest hold, so Claude Code never kills it mid-wait.
  const held = {
    type: "command",
    command: helperCommand(paths.helper, "claude-code PermissionRequest"),
    timeout: HELD_HOOK_TIMEOUT_SECONDS,
  };
  const { events, withheld } = claudeEventsFor(CLAUDE_EVENTS, version);
  const note = claude !== undefined ? withheldNote(claude, withheld) : undefined;
  return {
    provider: "claude-code",
    path: paths.claudeSettings,
    layout: "grouped",
    // Claude Code refuses a settings.json with a comment or trailing comma and then ignores all of it
    // (docs/providers.md, Claude Code): never call such a file installed, never write into it.
    grammar: {
      comments: false,
      host: "Claude Code",
      onError: 'itself ignores the whole file ("Invalid or malformed JSON")',
    },
    events: events.map((name) =>
      name === "Notification"
        ? { name, matcher: notificationMatcher(events), handler }
        : { name, handler: name === "PermissionRequest" ? held : handler },
    ),
    ...(withheld.length > 0
      ? {
          withheld: Object.fromEntries(
            withheld.map((w) => [
              w.event,
              `Claude Code ${version} does not know this event and would skip the whole file (needs ${w.needs})`,
            ]),
          ),
        }
      : {}),
    ...(note !== undefined ? { note } : {}),
  };
}

function notificationMatcher(events: readonly string[]): string {
  return events.includes("Elicitation") ? CLAUDE_NOTIFICATION_MATCHER_ELICITING : CLAUDE_NOTIFICATION_MATCHER;
}
