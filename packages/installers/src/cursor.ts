// Cursor: ~/.cursor/hooks.json, flat event → handlers with `version: 1` (docs/providers.md#cursor-cli).
// The event name rides in argv so the JSON-blind helper knows when to answer `{}` (preToolUse).
// No timeout: sources disagree whether Cursor reads it as seconds or milliseconds.
// Cursor runs the command through the OS shell (sh on macOS/Linux, by third-party reports and by the quoted
// path working), so it gets `exec` like Claude Code and Codex.
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { helperCommand } from "./text.js";

export const CURSOR_EVENTS = ["beforeSubmitPrompt", "preToolUse", "postToolUse", "postToolUseFailure", "stop"] as const;

export function cursorSpec(paths: Paths): HookJsonSpec {
  return {
    provider: "cursor",
    path: paths.cursorHooks,
    layout: "flat",
    rootDefaults: { version: 1 },
    events: CURSOR_EVENTS.map((name) => ({ name, handler: { type: "command", command: helperCommand(paths.helper, `cursor ${name}`) } })),
  };
}
