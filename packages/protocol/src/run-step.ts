// One run's step in the tracker (tracker.ts): the run after an event, its closing reason, a fresh
// generation, and the bounded lists (heads, seen ids) that go with it. Pure.
import type { AgentEvent } from "./event.js";
import type { Run } from "./run.js";
import type { RunState } from "./kinds.js";
import { isTerminal } from "./kinds.js";
import { SYNTHETIC_HOOK_PREFIX } from "./map-common.js";
import { entersWork } from "./run-state.js";

export const SUPERSEDED_HOOK = `${SYNTHETIC_HOOK_PREFIX}runSuperseded`;
/** closedBy for synthetic closing events; any other `mytty-bar.<rule>` hook closes with "<rule>" in kebab case. */
const CLOSED_BY: Record<string, string> = { [SUPERSEDED_HOOK]: "superseded" };

/** Points `baseRunId` at a new generation, forgetting heads whose run was pruned (keeps heads bounded). */
export function withHead(
  heads: Record<string, string> | undefined,
  runs: Record<string, Run>,
  baseRunId: string,
  id: string,
): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [base, head] of Object.entries(heads ?? {})) if (Object.hasOwn(runs, head)) next[base] = head;
  next[baseRunId] = id;
  return next;
}

export function remember(seen: string[], id: string, limit: number): string[] {
  // A repeat's id is already there: the same list (states are never mutated, so sharing is safe).
  if (seen.includes(id)) return seen;
  const next = [...seen, id];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

export function closedBy(event: AgentEvent, next: RunState): string | undefined {
  if (!event.synthetic || !(next === "idle" || isTerminal(next))) return undefined;
  if (Object.hasOwn(CLOSED_BY, event.hook)) return CLOSED_BY[event.hook];
  if (!event.hook.startsWith(SYNTHETIC_HOOK_PREFIX)) return undefined;
  // "mytty-bar.processExited" → "process-exited", the spelling Run.closedBy documents.
  return event.hook.slice(SYNTHETIC_HOOK_PREFIX.length).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Drops keys holding undefined so runs compare and serialise the same after every event. */
export function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
  return value;
}

/** Kinds that mean "a new turn is under way" when they hit a finished run of a reused key. */
export const OPENS_GENERATION = new Set<AgentEvent["kind"]>([
  "started",
  "running",
  "input-requested",
  "approval-requested",
]);

export function freshRun(event: AgentEvent, id: string, generation: number): Run {
  return { id, provider: event.provider, runKey: event.runKey, generation, state: "unknown", updatedAt: event.at };
}

/** The run after applying `event`, which the state machine moved to `next`. */
export function advance(run: Run, event: AgentEvent, next: RunState, scope: string | undefined, sourceId: string): Run {
  return compact({
    ...run,
    state: next,
    sessionId: run.sessionId ?? event.sessionId,
    scope: run.scope ?? scope,
    // Every applied event replaces message and tool, also with nothing, so stale text never lingers.
    message: event.message,
    toolName: event.toolName,
    cwd: event.cwd ?? run.cwd,
    startedAt: entersWork(run.state, next) ? event.at : run.startedAt,
    updatedAt: event.at,
    lastEventId: sourceId,
    closedBy: closedBy(event, next),
  });
}
