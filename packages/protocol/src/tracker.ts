// Runs + Attention (docs/architecture.md#runs-and-attention). Pure: state in, state out; `at` comes from
// the events, `now` from the caller.
import type { AgentEvent } from "./event.js";
import { EVENT_SCHEMA_VERSION } from "./event.js";
import type { Run } from "./run.js";
import type { RunState } from "./kinds.js";
import { isTerminal } from "./kinds.js";
import type { AttentionItem } from "./attention.js";
import { DEFAULT_COMPLETION_THRESHOLD_MS } from "./attention.js";
import { generationRunId, syntheticId } from "./ids.js";
import { nextRunState } from "./run-state.js";
import {
  acknowledgeItem,
  compareItems,
  isActionable,
  reduceAttention,
  reduceAttentionInPlace,
  retainedItems,
} from "./attention-reducer.js";
import { indexRun, isOpenRun, openRunIds, rememberInPlace, seenSet } from "./tracker-index.js";
import { advance, freshRun, OPENS_GENERATION, remember, SUPERSEDED_HOOK, withHead } from "./run-step.js";

export { SUPERSEDED_HOOK };

/** All runs and Attention items the engine knows: pure data, JSON-serialisable. */
export interface TrackerState {
  runs: Record<string, Run>;
  attention: AttentionItem[];
  /** Recent event ids, bounded, for dedupe of retries. */
  seen: string[];
  /** Run key's own run id → id of its latest generation, for keys reused across turns (absent = generation 0). */
  heads?: Record<string, string>;
}

export interface TrackerOptions {
  /** Defaults to DEFAULT_COMPLETION_THRESHOLD_MS. */
  completionThresholdMs?: number;
  /** How many event ids to remember for dedupe. */
  seenLimit?: number;
  /**
   * The caller owns `state` and everything in it (the engine): it is updated in place and returned, at
   * a cost per event that does not grow with the runs and items retained. Without it, states are
   * never mutated (each call copies the run table).
   */
  inPlace?: boolean;
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
  /** The event as applied: `runId` names the generation it landed in. */
  event?: AgentEvent;
}

export const DEFAULT_SEEN_LIMIT = 2048;
export function emptyTracker(): TrackerState {
  return { runs: {}, attention: [], seen: [] };
}

/** The run an event for `baseRunId` (runId(provider, runKey)) lands in now. */
export function currentRun(state: TrackerState, baseRunId: string): Run | undefined {
  const head = state.heads?.[baseRunId];
  // The engine prunes runs it no longer shows; a pruned head falls back to the key's own run.
  return (head !== undefined ? state.runs[head] : undefined) ?? state.runs[baseRunId];
}

/**
 * Ids come from the payload alone (docs/architecture.md), so a payload seen before is either a retry of
 * the same hook call (dropped: undefined) or the same thing happening again — `npm test` needing
 * approval a second time in one turn, a repeated "continue" prompt on a session-keyed run. It is a
 * retry only while it is still the last event its run applied; once the run has moved on, it is a new
 * event — also after the turn ended, since a blocking Stop hook lets Claude Code go on with the same
 * prompt id. Its id comes from the payload's id and its own time, both in the logged event, so every
 * repeat differs and a replayed (even compacted) log derives the same ids. Copies of one hook call are
 * spooled together and read in time order, so a copy cannot arrive after its run moved on. Synthetic
 * events (rules, estimators) name what they stand for in their id: once seen, always a duplicate.
 */
function repeatOrSelf(state: TrackerState, event: AgentEvent, inPlace: boolean): AgentEvent | undefined {
  if (!(inPlace ? seenSet(state.seen).has(event.id) : state.seen.includes(event.id))) return event;
  if (event.synthetic === true) return undefined;
  const run = currentRun(state, event.runId);
  if (run === undefined || run.lastEventId === undefined || run.lastEventId === event.id) return undefined;
  return { ...event, id: syntheticId("repeat", event.id, event.at) };
}

interface Working {
  runs: Record<string, Run>;
  attention: AttentionItem[];
  seen: string[];
  created: AttentionItem[];
  inPlace: boolean;
}

function commit(
  work: Working,
  run: Run,
  event: AgentEvent,
  next: RunState,
  scope: string | undefined,
  threshold: number,
  sourceId = event.id,
): Run {
  const updated = advance(run, event, next, scope, sourceId);
  work.runs[updated.id] = updated;
  if (work.inPlace) {
    indexRun(work.runs, updated);
    work.created.push(...reduceAttentionInPlace(work.attention, event, updated, run.state, threshold));
    return updated;
  }
  const attention = reduceAttention(work.attention, event, updated, run.state, threshold);
  work.attention = attention.items;
  work.created.push(...attention.created);
  return updated;
}

function seenHas(work: Working, id: string): boolean {
  return work.inPlace ? seenSet(work.seen).has(id) : work.seen.includes(id);
}

function rememberIn(work: Working, id: string, limit: number): void {
  if (work.inPlace) rememberInPlace(work.seen, id, limit);
  else work.seen = remember(work.seen, id, limit);
}

/** The open runs of a scope: from the index when the state is the caller's, else by a look at every run. */
function openOfScope(work: Working, scope: string): Run[] {
  if (!work.inPlace) return Object.values(work.runs).filter((r) => r.scope === scope && isOpenRun(r));
  return openRunIds(work.runs, scope)
    .map((id) => work.runs[id])
    .filter((r): r is Run => r !== undefined && r.scope === scope && isOpenRun(r));
}

/**
 * A real `started` ends every other open run of its scope (the agent): a resumed turn after
 * background work, or a run left waiting after a denied approval, would otherwise stay open forever.
 */
function supersede(
  work: Working,
  started: Run,
  at: string,
  options: { seenLimit: number; threshold: number },
): AgentEvent[] {
  const out: AgentEvent[] = [];
  if (started.scope === undefined) return out;
  for (const other of openOfScope(work, started.scope)) {
    if (other.id === started.id || other.provider !== started.provider) continue;
    const event: AgentEvent = {
      v: EVENT_SCHEMA_VERSION,
      id: syntheticId("run-superseded", other.id, started.id),
      provider: other.provider,
      kind: "idle",
      runKey: other.runKey,
      runId: other.id,
      hook: SUPERSEDED_HOOK,
      at,
      synthetic: true,
    };
    if (other.sessionId !== undefined) event.sessionId = other.sessionId;
    if (seenHas(work, event.id)) continue;
    rememberIn(work, event.id, options.seenLimit);
    commit(work, other, event, "idle", undefined, options.threshold);
    out.push(event);
  }
  return out;
}

/** Applies one mapped event; `scope` names the agent (supersede and key reuse work within it). */
export function applyEvent(
  state: TrackerState,
  incoming: AgentEvent,
  options: TrackerOptions = {},
  scope?: string,
): ApplyResult {
  if (incoming.v !== EVENT_SCHEMA_VERSION) return { state, status: "ignored", synthetic: [], created: [] };
  const inPlace = options.inPlace === true;
  const event = repeatOrSelf(state, incoming, inPlace);
  if (event === undefined) return { state, status: "duplicate", synthetic: [], created: [] };
  const sourceId = incoming.id;
  const seenLimit = options.seenLimit ?? DEFAULT_SEEN_LIMIT;
  const threshold = options.completionThresholdMs ?? DEFAULT_COMPLETION_THRESHOLD_MS;
  const work: Working = {
    runs: inPlace ? state.runs : { ...state.runs },
    attention: state.attention,
    seen: state.seen,
    created: [],
    inPlace,
  };
  rememberIn(work, sourceId, seenLimit);
  // Results that change nothing but the seen list.
  const seenOnly = (): TrackerState => (inPlace ? state : { ...state, seen: work.seen });
  const effectiveScope = scope ?? (event.sessionId !== undefined ? `${event.provider}:${event.sessionId}` : undefined);

  let heads = state.heads;
  let run = currentRun(state, event.runId);
  if (run?.sessionId !== undefined && event.sessionId !== undefined && run.sessionId !== event.sessionId) {
    return { state: seenOnly(), status: "ignored", run, previousState: run.state, synthetic: [], created: [] };
  }
  if (run !== undefined && isTerminal(run.state) && OPENS_GENERATION.has(event.kind)) {
    // The key came back for another turn (Antigravity conversationId, session-id fallbacks).
    const generation = run.generation + 1;
    const id = generationRunId(event.runId, generation);
    // In place, heads of pruned runs are dropped by whoever prunes (the engine's retention).
    if (inPlace) (heads ??= {})[event.runId] = id;
    else heads = withHead(heads, state.runs, event.runId, id);
    run = freshRun(event, id, generation);
  }
  run ??= freshRun(event, event.runId, 0);

  const next = nextRunState(run.state, event.kind);
  if (next === undefined)
    return { state: seenOnly(), status: "ignored", run, previousState: run.state, synthetic: [], created: [] };
  const updated = commit(work, run, event, next, effectiveScope, threshold, sourceId);
  const applied = { ...event, runId: updated.id };
  const synthetic =
    event.kind === "started" && !event.synthetic ? supersede(work, updated, event.at, { seenLimit, threshold }) : [];
  let nextState: TrackerState;
  if (inPlace) {
    nextState = state;
    state.attention = work.attention;
  } else nextState = { runs: work.runs, attention: work.attention, seen: work.seen };
  if (heads !== undefined) nextState.heads = heads;
  return {
    state: nextState,
    status: "applied",
    run: updated,
    previousState: run.state,
    synthetic,
    created: work.created,
    event: applied,
  };
}

/** Marks an Attention item acknowledged (earliest ack wins). */
export function acknowledge(state: TrackerState, itemId: string, at: Date): TrackerState {
  return { ...state, attention: acknowledgeItem(state.attention, itemId, at) };
}

/** Drops items 24 h after min(resolvedAt, acknowledgedAt). */
export function pruneAttention(state: TrackerState, now: Date): TrackerState {
  return { ...state, attention: retainedItems(state.attention, now) };
}

/** Items not resolved and not acknowledged, newest first. */
export function actionableItems(state: TrackerState): AttentionItem[] {
  return state.attention.filter(isActionable).sort(compareItems);
}
