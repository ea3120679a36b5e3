// Turns seen in a transcript → synthetic AgentEvents on the SAME run ids the hooks would use
// (protocol runId(provider, prompt_id | turn_id)). Pure: state + observations + now in, events out.
//
// Rules (seeds/004 settle rule): a finish counts only after the turn was seen working — in a previous
// read, or started after we began watching — and only once the file stayed unchanged for the settle
// time; the first read of a file is a baseline that reports only a turn still working. Never emits
// approval or input states: a transcript cannot tell a waiting prompt from a slow tool.
import { AgentEventSchema, EVENT_SCHEMA_VERSION, runId, syntheticId } from "@mytty-bar/protocol";
import type { AgentEvent, EventKind, ProviderId } from "@mytty-bar/protocol";
import type { Failure, Interruption, Turn } from "./claude-turns.js";

export const SETTLE_MS = 2_500;
const MEMORY_LIMIT = 64;

export const TRANSCRIPT_HOOKS = {
  started: "mytty-bar.transcript.started",
  succeeded: "mytty-bar.transcript.succeeded",
  interrupted: "mytty-bar.transcript.interrupted",
  failed: "mytty-bar.transcript.failed",
  superseded: "mytty-bar.transcript.superseded",
  appeared: "mytty-bar.transcript.processAppeared",
  exited: "mytty-bar.transcript.processExited",
} as const;

interface TurnMemory {
  key: string;
  reported: "started" | "ended";
  /** The ending we reported, so a reopened turn that ends again is reported again. */
  endedBy?: string;
}

export interface EstimateState {
  /** False until the first read of the current file has been absorbed. */
  baselined: boolean;
  turns: TurnMemory[];
  /** Ids already emitted (bounded): re-reading the same tail is a no-op even before the tracker dedupes. */
  emitted: string[];
}

export function emptyEstimate(): EstimateState {
  return { baselined: false, turns: [], emitted: [] };
}

export interface EstimateInput {
  provider: ProviderId;
  turns: readonly Turn[];
  /** Claude's ESC rule result for this tail; ends the prompt whether or not hooks are installed. */
  interruption?: Interruption;
  /** A turn the transcript shows ended by an error; like the interruption, ends it with hooks installed too. */
  failure?: Failure;
  /** No hooks installed for this agent: report turn starts and finishes from the transcript. */
  estimateRuns: boolean;
  /** The file has not changed for at least SETTLE_MS. */
  settled: boolean;
  sessionId?: string;
  cwd?: string;
  now: Date;
}

export interface EstimateResult {
  state: EstimateState;
  events: AgentEvent[];
  /** A finish waits for the settle time: evaluate again on the next poll even if nothing changed. */
  pending: boolean;
}

export interface EventSpec {
  provider: ProviderId;
  kind: EventKind;
  runKey: string;
  id: string;
  hook: string;
  now: Date;
  sessionId?: string;
  cwd?: string;
  message?: string;
}

/** One synthetic event, validated against the protocol schema (a bad id never reaches the tracker). */
export function transcriptEvent(spec: EventSpec): AgentEvent {
  return AgentEventSchema.parse({
    v: EVENT_SCHEMA_VERSION,
    id: spec.id,
    provider: spec.provider,
    kind: spec.kind,
    runKey: spec.runKey,
    runId: runId(spec.provider, spec.runKey),
    sessionId: spec.sessionId,
    hook: spec.hook,
    at: spec.now.toISOString(),
    message: spec.message,
    cwd: spec.cwd,
    synthetic: true,
  });
}

/** The id Mytty's rule fixes: (provider, "interrupted", promptId, interruptedMessageId). */
export function interruptionId(provider: ProviderId, interruption: Interruption): string {
  return syntheticId(provider, "interrupted", interruption.promptId, interruption.interruptedMessageId);
}

export function estimateEvents(state: EstimateState, input: EstimateInput): EstimateResult {
  const memory = new Map(state.turns.map((t) => [t.key, { ...t }]));
  const emitted = new Set(state.emitted);
  // Re-inserting keeps the map in "last touched" order, which lastReportedKey relies on.
  const remember = (key: string, reported: TurnMemory["reported"], endedBy?: string) => {
    memory.delete(key);
    memory.set(key, endedBy === undefined ? { key, reported } : { key, reported, endedBy });
  };
  const events: AgentEvent[] = [];
  const base = { provider: input.provider, now: input.now, sessionId: input.sessionId, cwd: input.cwd };
  const emit = (kind: EventKind, runKey: string, id: string, hook: string, message?: string) => {
    if (emitted.has(id)) return;
    emitted.add(id);
    events.push(transcriptEvent({ ...base, kind, runKey, id, hook, message }));
  };
  const interrupt = (interruption: Interruption) =>
    emit(
      "idle",
      interruption.promptId,
      interruptionId(input.provider, interruption),
      TRANSCRIPT_HOOKS.interrupted,
      "Interrupted",
    );

  /** A started event for the turn `key`; `after` tells a restart of the same turn from its first start. */
  const started = (key: string, after: string) =>
    emit("started", key, syntheticId(input.provider, "transcript", "started", key, after), TRANSCRIPT_HOOKS.started);

  if (input.interruption !== undefined) interrupt(input.interruption);
  if (input.failure !== undefined) {
    const { promptId, failedBy, message } = input.failure;
    emit(
      "failed",
      promptId,
      syntheticId(input.provider, "failed", promptId, failedBy),
      TRANSCRIPT_HOOKS.failed,
      message,
    );
  }

  let pending = false;
  if (input.estimateRuns) {
    const last = input.turns[input.turns.length - 1];
    for (const turn of input.turns) {
      const seen = memory.get(turn.key);
      const isLast = turn === last;
      if (!state.baselined) {
        // History before we watched: remember it, report only the turn that is working right now.
        if (isLast && turn.status === "open") {
          started(turn.key, "");
          remember(turn.key, "started");
        } else {
          remember(turn.key, "ended", turn.endedBy);
        }
        continue;
      }
      if (turn.status === "open") {
        if (seen?.reported !== "started") {
          started(turn.key, seen?.endedBy ?? "");
          remember(turn.key, "started");
        }
        continue;
      }
      if (seen?.reported === "ended" && seen.endedBy === turn.endedBy) continue;
      if (turn.status === "interrupted" && turn.interruptedMessageId !== undefined)
        interrupt({ promptId: turn.key, interruptedMessageId: turn.interruptedMessageId });
      // A failed turn was reported from `input.failure` (the newest turn); an older one is over either way.
      if (turn.status === "interrupted" || turn.status === "failed") {
        remember(turn.key, "ended", turn.endedBy);
        continue;
      }
      // Finished. A later turn proves this one is over; the newest one must hold still first.
      if (isLast && !input.settled) {
        pending = true;
        if (seen === undefined) {
          started(turn.key, "");
          remember(turn.key, "started");
        }
        continue;
      }
      if (seen?.reported !== "started") started(turn.key, seen?.endedBy ?? "");
      emit(
        "succeeded",
        turn.key,
        syntheticId(input.provider, "transcript", "succeeded", turn.key, turn.endedBy ?? ""),
        TRANSCRIPT_HOOKS.succeeded,
      );
      remember(turn.key, "ended", turn.endedBy);
    }
    // A run we reported working that the transcript moved past without an end line: close it.
    if (last !== undefined && state.baselined) {
      const stale = [...memory.values()].filter((m) => m.reported === "started" && m.key !== last.key);
      for (const { key } of stale) {
        emit(
          "idle",
          key,
          syntheticId(input.provider, "transcript", "superseded", key, last.key),
          TRANSCRIPT_HOOKS.superseded,
        );
        remember(key, "ended", `superseded:${last.key}`);
      }
      // Keep the newest turn last for lastReportedKey.
      const newest = memory.get(last.key);
      if (newest !== undefined) remember(newest.key, newest.reported, newest.endedBy);
    }
  }

  return {
    state: {
      baselined: state.baselined || input.estimateRuns,
      turns: [...memory.values()].slice(-MEMORY_LIMIT),
      emitted: [...emitted].slice(-MEMORY_LIMIT),
    },
    events,
    pending,
  };
}

/** The key of the newest turn we reported, for a process-exit event. */
export function lastReportedKey(state: EstimateState): string | undefined {
  return state.turns[state.turns.length - 1]?.key;
}

export interface LifecycleInput {
  provider: ProviderId;
  /** Distinguishes processes (pid + start time), so a second `claude --resume` of one session reports again. */
  processTag: string;
  sessionId?: string;
  cwd?: string;
  now: Date;
}

/**
 * A hookless agent whose transcript shows no working turn: idle on run key = session id, exactly where
 * a SessionStart hook would have put it.
 */
export function appearedEvent(input: LifecycleInput & { sessionId: string }): AgentEvent {
  return transcriptEvent({
    ...input,
    kind: "idle",
    runKey: input.sessionId,
    id: syntheticId(input.provider, "transcript", "appeared", input.sessionId, input.processTag),
    hook: TRANSCRIPT_HOOKS.appeared,
  });
}

/** The process is gone: disconnected on its newest run, as SessionEnd (which carries the last prompt_id) would. */
export function exitedEvent(input: LifecycleInput & { runKey: string }): AgentEvent {
  return transcriptEvent({
    ...input,
    kind: "disconnected",
    runKey: input.runKey,
    id: syntheticId(input.provider, "transcript", "exited", input.runKey, input.processTag),
    hook: TRANSCRIPT_HOOKS.exited,
    message: "Process exited",
  });
}
