// What the engine keeps of events.jsonl between compactions: how many lines each run, answer and note
// has there, not the lines (a compaction streams them back from the file, persistence.ts). Enough to
// know, at the compaction's mark, how many lines the runs the core still shows would keep.
import type { EngineCore } from "./core.js";
import type { LogEntry } from "./log-entry.js";

/** What the core holds at a compaction's mark: a line is kept when its run and its agent are still there. */
export interface Retained {
  /** `provider \0 runKey` of every run. */
  runs: ReadonlySet<string>;
  runIds: ReadonlySet<string>;
  agents: ReadonlySet<string>;
}

export function retainedOf(core: EngineCore): Retained {
  const runs = Object.values(core.tracker.runs);
  return {
    runs: new Set(runs.map((r) => `${r.provider}\0${r.runKey}`)),
    runIds: new Set(runs.map((r) => r.id)),
    agents: new Set(core.agents.keys()),
  };
}

/** Whether a compaction keeps this line (a note only if it is its agent's latest: the caller picks that). */
export function keeps(entry: LogEntry, retained: Retained): boolean {
  if (entry.t === "note") return retained.agents.has(entry.key);
  if (entry.t === "answer") return retained.agents.has(entry.key) && retained.runIds.has(entry.runId);
  const { provider, runKey } = entry.t === "event" ? entry.event : entry.run;
  return retained.runs.has(`${provider}\0${runKey}`) && retained.agents.has(entry.agent.key);
}

/** group → agent key → lines. */
type Counts = Map<string, Map<string, number>>;

function bump(counts: Counts, group: string, agent: string, by = 1): void {
  let inner = counts.get(group);
  if (!inner) counts.set(group, (inner = new Map()));
  inner.set(agent, (inner.get(agent) ?? 0) + by);
}

/** Lines of the log by what decides whether a compaction keeps them. */
export class LogIndex {
  /** `provider \0 runKey` → agent key → event and run lines. */
  private readonly runs: Counts = new Map();
  /** runId → agent key → answer lines. */
  private readonly answers: Counts = new Map();
  /** Agent keys with a note line (a compaction keeps the latest). */
  private readonly notes = new Set<string>();

  add(entry: LogEntry): void {
    if (entry.t === "note") this.notes.add(entry.key);
    else if (entry.t === "answer") bump(this.answers, entry.runId, entry.key);
    else {
      const { provider, runKey } = entry.t === "event" ? entry.event : entry.run;
      bump(this.runs, `${provider}\0${runKey}`, entry.agent.key);
    }
  }

  /** The lines a compaction under `retained` keeps, as an index (notes: one per agent). */
  kept(retained: Retained): LogIndex {
    const out = new LogIndex();
    const copy = (from: Counts, to: Counts, has: (group: string) => boolean) => {
      for (const [group, inner] of from) {
        if (!has(group)) continue;
        for (const [agent, n] of inner) if (retained.agents.has(agent)) bump(to, group, agent, n);
      }
    };
    copy(this.runs, out.runs, (group) => retained.runs.has(group));
    copy(this.answers, out.answers, (group) => retained.runIds.has(group));
    for (const key of this.notes) if (retained.agents.has(key)) out.notes.add(key);
    return out;
  }

  lines(): number {
    let n = this.notes.size;
    for (const counts of [this.runs, this.answers])
      for (const inner of counts.values()) for (const c of inner.values()) n += c;
    return n;
  }

  /** This index with `other`'s lines added (the lines appended while a compaction ran). */
  merge(other: LogIndex): LogIndex {
    for (const [from, to] of [
      [other.runs, this.runs],
      [other.answers, this.answers],
    ] as const)
      for (const [group, inner] of from) for (const [agent, n] of inner) bump(to, group, agent, n);
    for (const key of other.notes) this.notes.add(key);
    return this;
  }
}
