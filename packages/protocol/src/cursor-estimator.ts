// STUB: contract; implementation belongs to issue 2 (protocol).
import type { AgentEvent } from "./event.js";

export const CURSOR_APPROVAL_DELAY_MS = 10_000;

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
}

export function emptyEstimator(): CursorEstimatorState {
  return { pending: [] };
}

/** Feeds one mapped cursor event (others and synthetic ones are ignored). */
export declare function observeCursorEvent(state: CursorEstimatorState, event: AgentEvent, now: Date): CursorEstimatorState;
/** Removes due keys and returns one synthetic approval-requested event for each. */
export declare function dueCursorApprovals(state: CursorEstimatorState, now: Date): { state: CursorEstimatorState; events: AgentEvent[] };
/** Earliest deadline (epoch ms) to arm a timer for, if any. */
export declare function nextCursorDeadline(state: CursorEstimatorState): number | undefined;
