// STUB: contract for the engine; implementation belongs to issue 2 (protocol).
import type { AgentEvent } from "./event.js";
import type { Run, } from "./run.js";
import type { RunState } from "./kinds.js";
import type { AttentionItem } from "./attention.js";

/** All runs and Attention items the engine knows: pure data, JSON-serialisable. */
export interface TrackerState {
  runs: Record<string, Run>;
  attention: AttentionItem[];
  /** Recent event ids, bounded, for dedupe of retries. */
  seen: string[];
}

export interface TrackerOptions {
  completionThresholdMs: number;
  /** How many event ids to remember for dedupe. */
  seenLimit?: number;
}

export interface ApplyResult {
  state: TrackerState;
  status: "applied" | "duplicate" | "ignored";
  /** The run after the event (also when ignored by the state machine). */
  run?: Run;
  previousState?: RunState;
  /** Synthetic events the rules produced (supersede), already applied to `state`. */
  synthetic: AgentEvent[];
  /** Attention items created by this event. */
  created: AttentionItem[];
}

export function emptyTracker(): TrackerState {
  return { runs: {}, attention: [], seen: [] };
}

/** Applies one mapped event; `scope` names the agent (supersede and key reuse work within it). */
export declare function applyEvent(state: TrackerState, event: AgentEvent, options: TrackerOptions, scope?: string): ApplyResult;
/** Marks an Attention item acknowledged (earliest ack wins). */
export declare function acknowledge(state: TrackerState, itemId: string, at: Date): TrackerState;
/** Drops items 24 h after min(resolvedAt, acknowledgedAt). */
export declare function pruneAttention(state: TrackerState, now: Date): TrackerState;
/** Items not resolved and not acknowledged, newest first. */
export declare function actionableItems(state: TrackerState): AttentionItem[];
