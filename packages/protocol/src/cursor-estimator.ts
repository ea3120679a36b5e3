// Cursor has no "waiting for approval" hook (docs/providers.md#cursor-cli): a preToolUse whose tool call shows no
// postToolUse within 10 s is probably waiting for the user. Pure: the caller owns the timer and `now`.
import type { AgentEvent } from "./event.js";
import { EVENT_SCHEMA_VERSION } from "./event.js";
import { syntheticId } from "./ids.js";
import { sanitizeToolUseId } from "./hygiene.js";
import { SYNTHETIC_HOOK_PREFIX } from "./map-common.js";
import { approvalMessage } from "./map.js";

export const CURSOR_APPROVAL_DELAY_MS = 10_000;
export const CURSOR_APPROVAL_HOOK = `${SYNTHETIC_HOOK_PREFIX}cursorApprovalPending`;
/** How many finished tool calls and stopped runs to remember (late or repeated events). */
export const CURSOR_ESTIMATOR_MEMORY = 512;

export interface PendingToolCall {
  runId: string;
  runKey: string;
  sessionId?: string;
  toolUseId: string;
  toolName?: string;
  deadline: number;
}

export interface CursorEstimatorState {
  pending: PendingToolCall[];
  /** Keys (run id + tool_use_id) already finished or fired: a late/retried preToolUse must not re-arm. */
  settled?: string[];
  /** Runs that stopped: a preToolUse arriving after its run's stop must not arm. */
  stoppedRuns?: string[];
}

export function emptyEstimator(): CursorEstimatorState {
  return { pending: [] };
}

function keyOf(runId: string, toolUseId: string): string {
  return `${runId}\n${toolUseId}`;
}

function remember(list: readonly string[] | undefined, items: readonly string[]): string[] {
  const next = [...(list ?? []), ...items.filter((item) => !list?.includes(item))];
  return next.length > CURSOR_ESTIMATOR_MEMORY ? next.slice(next.length - CURSOR_ESTIMATOR_MEMORY) : next;
}

function hookIs(event: AgentEvent, ...names: string[]): boolean {
  const hook = event.hook.toLowerCase();
  return names.some((name) => name.toLowerCase() === hook);
}

/** Feeds one mapped cursor event (others and synthetic ones are ignored). */
export function observeCursorEvent(state: CursorEstimatorState, event: AgentEvent, now: Date): CursorEstimatorState {
  if (event.provider !== "cursor" || event.synthetic === true || event.hook.startsWith(SYNTHETIC_HOOK_PREFIX))
    return state;

  if (event.kind === "succeeded" || event.kind === "failed" || event.kind === "disconnected") {
    return {
      ...state,
      pending: state.pending.filter((p) => p.runId !== event.runId),
      stoppedRuns: remember(state.stoppedRuns, [event.runId]),
    };
  }
  // Ids are sanitised again here so hand-fed events pair exactly like mapped ones.
  const toolUseId = sanitizeToolUseId(event.toolUseId);
  if (toolUseId === undefined) return state;
  const key = keyOf(event.runId, toolUseId);

  if (hookIs(event, "preToolUse")) {
    if (state.pending.some((p) => keyOf(p.runId, p.toolUseId) === key)) return state;
    if (state.settled?.includes(key) || state.stoppedRuns?.includes(event.runId)) return state;
    const pending: PendingToolCall = {
      runId: event.runId,
      runKey: event.runKey,
      toolUseId,
      deadline: now.getTime() + CURSOR_APPROVAL_DELAY_MS,
    };
    if (event.sessionId !== undefined) pending.sessionId = event.sessionId;
    if (event.toolName !== undefined) pending.toolName = event.toolName;
    return { ...state, pending: [...state.pending, pending] };
  }
  if (hookIs(event, "postToolUse", "postToolUseFailure")) {
    return {
      ...state,
      pending: state.pending.filter((p) => keyOf(p.runId, p.toolUseId) !== key),
      settled: remember(state.settled, [key]),
    };
  }
  return state;
}

function approvalEvent(call: PendingToolCall, now: Date): AgentEvent {
  const event: AgentEvent = {
    v: EVENT_SCHEMA_VERSION,
    // From (run, tool call) only: detecting the same call again dedupes in the tracker.
    id: syntheticId("cursor-approval", call.runId, call.toolUseId),
    provider: "cursor",
    kind: "approval-requested",
    runKey: call.runKey,
    runId: call.runId,
    hook: CURSOR_APPROVAL_HOOK,
    at: now.toISOString(),
    message: call.toolName !== undefined ? approvalMessage(call.toolName) : "A tool call requires approval",
    toolUseId: call.toolUseId,
    synthetic: true,
  };
  if (call.sessionId !== undefined) event.sessionId = call.sessionId;
  if (call.toolName !== undefined) event.toolName = call.toolName;
  return event;
}

/** Removes due keys and returns one synthetic approval-requested event for each. */
export function dueCursorApprovals(
  state: CursorEstimatorState,
  now: Date,
): { state: CursorEstimatorState; events: AgentEvent[] } {
  const t = now.getTime();
  const due = state.pending.filter((p) => p.deadline <= t).sort((a, b) => a.deadline - b.deadline);
  if (due.length === 0) return { state, events: [] };
  return {
    state: {
      ...state,
      pending: state.pending.filter((p) => p.deadline > t),
      settled: remember(
        state.settled,
        due.map((p) => keyOf(p.runId, p.toolUseId)),
      ),
    },
    events: due.map((p) => approvalEvent(p, now)),
  };
}

/** Earliest deadline (epoch ms) to arm a timer for, if any. */
export function nextCursorDeadline(state: CursorEstimatorState): number | undefined {
  let next: number | undefined;
  for (const p of state.pending) if (next === undefined || p.deadline < next) next = p.deadline;
  return next;
}
