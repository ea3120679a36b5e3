// The run state machine: Mytty's table (docs/architecture.md#runs-and-attention), with changes where
// Mytty's table freezes or loses events. `undefined` = the event is ignored (run unchanged).
import type { EventKind, RunState } from "./kinds.js";
import { isTerminal } from "./kinds.js";

const ACTIVE: readonly RunState[] = ["running", "waiting-input", "waiting-approval"];

/**
 * Differences from Mytty's table, each on purpose:
 * - succeeded/failed also close a `waiting-*` run (an answered question or a tool approved without a
 *   PostToolUse is followed straight by the end of the turn; Mytty dropped that end);
 * - succeeded/failed also apply to an `unknown` run (we saw only its end, e.g. engine started mid-turn);
 * - `running` on a running run is applied (state unchanged, message/updatedAt refreshed), so
 *   "Waiting for 1 background agent" and the current Cursor tool show up;
 * - an approval or input request is never dropped: it also applies to a run we saw nothing of yet
 *   (`unknown`: engine started mid-turn, UserPromptSubmit lost), to an `idle` run, and switches
 *   between the two waiting states (the earlier request resolves, the new one shows);
 * - a started/running/request event for a terminal run is not handled here: the tracker opens a new
 *   generation of the run key and applies the event to that (tracker.ts).
 */
export function nextRunState(from: RunState, kind: EventKind): RunState | undefined {
  switch (kind) {
    case "idle":
      return "idle";
    case "disconnected":
      return from === "disconnected" ? undefined : "disconnected";
    case "started":
      return from === "unknown" || from === "idle" ? "running" : undefined;
    case "running":
      return from === "unknown" || from === "idle" || ACTIVE.includes(from) ? "running" : undefined;
    case "input-requested":
      return from === "waiting-input" || isTerminal(from) ? undefined : "waiting-input";
    case "approval-requested":
      return from === "waiting-approval" || isTerminal(from) ? undefined : "waiting-approval";
    case "succeeded":
    case "failed":
      return from === "unknown" || ACTIVE.includes(from) ? kind : undefined;
    default:
      return undefined;
  }
}

/** startedAt is (re)set when work begins from rest, never while it goes on. */
export function entersWork(from: RunState, to: RunState): boolean {
  return to === "running" && (from === "unknown" || from === "idle");
}
