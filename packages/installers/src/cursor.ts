// Cursor: ~/.cursor/hooks.json, flat event → handlers with `version: 1` (docs/providers.md#cursor-cli).
// The event name rides in argv so the JSON-blind helper prints the answer Cursor requires for that event.
// No timeout: sources disagree whether Cursor reads it as seconds or milliseconds.
// Cursor runs the command through the OS shell (sh on macOS/Linux, by third-party reports and by the quoted
// path working), so it gets `exec` like Claude Code and Codex.
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";

// sessionStart/sessionEnd: headless `agent -p` runs fire neither beforeSubmitPrompt nor stop.
export const CURSOR_EVENTS = [
  "sessionStart",
  "beforeSubmitPrompt",
  "preToolUse",
  "postToolUse",
  "postToolUseFailure",
  "stop",
  "sessionEnd",
] as const;

/**
 * What the helper prints for each Cursor event, engine up or down: Cursor fails a hook whose stdout is
 * empty or not JSON, and these are the least-privileged valid answers (docs/providers.md#cursor-cli).
 * preToolUse says "ask", never "allow" (which could skip the user's own approval); Cursor's schema accepts
 * "ask" for preToolUse and today leaves the decision to the user's settings. Any other Cursor event gets
 * `{}`: every output field is optional there, and `{}` asks for nothing.
 */
export const CURSOR_ANSWERS: Readonly<Record<string, string>> = {
  preToolUse: '{"permission":"ask"}',
  beforeSubmitPrompt: '{"continue":true}',
};
export const CURSOR_DEFAULT_ANSWER = "{}";

export function cursorSpec(paths: Paths): HookJsonSpec {
  return {
    provider: "cursor",
    path: paths.cursorHooks,
    layout: "flat",
    grammar: { comments: true, host: "Cursor" },
    rootDefaults: { version: 1 },
    events: CURSOR_EVENTS.map((name) => ({
      name,
      handler: { type: "command", command: helperCommand(paths.helper, `cursor ${name}`) },
    })),
  };
}
