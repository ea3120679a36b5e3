// Cursor: ~/.cursor/hooks.json, flat event → handlers with `version: 1` (providers.md §2.3).
// The event name rides in argv so the JSON-blind helper knows when to answer `{}` (preToolUse).
// No timeout: sources disagree whether Cursor reads it as seconds or milliseconds.
import type { HookJsonSpec } from "./hook-json.js";
import type { Paths } from "./paths.js";
import { shellQuote } from "./text.js";

export const CURSOR_EVENTS = ["beforeSubmitPrompt", "preToolUse", "postToolUse", "postToolUseFailure", "stop"] as const;

export function cursorSpec(paths: Paths): HookJsonSpec {
  return {
    provider: "cursor",
    path: paths.cursorHooks,
    layout: "flat",
    rootDefaults: { version: 1 },
    events: CURSOR_EVENTS.map((name) => ({ name, handler: { type: "command", command: `${shellQuote(paths.helper)} cursor ${name}` } })),
  };
}
