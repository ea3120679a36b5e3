// What one step of the core changed: new Attention items (for notices) and the lines the event log
// gets. engine.ts sends every Change through one path that persists and publishes it.
import type { Prepared } from "./core-types.js";
import type { LogEntry } from "./log-entry.js";
import type { NewItem } from "./policy/notify.js";

export interface Change {
  created: NewItem[];
  log: LogEntry[];
}

/** Adds `applied` to `change` (several events applied in one step). */
export function mergeChange(change: Change, applied: Change): void {
  change.created.push(...applied.created);
  change.log.push(...applied.log);
}

/** The agent a committed change landed on (a duplicate logs nothing: then the run's owner says). */
export function agentOf(change: Change): string | undefined {
  for (const entry of change.log) if (entry.t === "event") return entry.agent.key;
  return undefined;
}

/**
 * What answering needs of a committed spool file (local or a host's): its event, payload and agent.
 * None when the parse worker kept the payload: a held request cannot be answered here, so it goes back
 * to the terminal.
 */
export function heldJoin(
  runOwner: { get(runId: string): string | undefined },
  prepared: Extract<Prepared, { kind: "join" }>,
  change: Change | "ignored",
) {
  if (prepared.payloadLeft) return undefined;
  const { event, payload } = prepared;
  return {
    event,
    payload,
    agentKey: change === "ignored" ? undefined : (agentOf(change) ?? runOwner.get(event.runId)),
  };
}
