// What one step of the core changed: new Attention items (for notices) and the lines the event log
// gets. engine.ts sends every Change through one path that persists and publishes it.
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
