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
    // A host's run key is its own (remote/host-ids.ts): the group names the host, as the line's agent does.
    runs: new Set(
      runs.map((r) => runGroup(core.agents.get(core.runOwner.get(r.id) ?? "")?.host, r.provider, r.runKey)),
    ),
    runIds: new Set(runs.map((r) => r.id)),
    agents: new Set(core.agents.keys()),
  };
}

/** What decides a line's fate: its kind, its group (run or answered run; a note's agent) and its agent. */
interface Place {
  kind: "run" | "answer" | "note";
  group: string;
  agent: string;
}

function placeOf(entry: LogEntry): Place {
  if (entry.t === "note") return { kind: "note", group: entry.key, agent: entry.key };
  if (entry.t === "answer") return { kind: "answer", group: entry.runId, agent: entry.key };
  const { provider, runKey } = entry.t === "event" ? entry.event : entry.run;
  return { kind: "run", group: runGroup(entry.agent.host, provider, runKey), agent: entry.agent.key };
}

function runGroup(host: string | undefined, provider: string, runKey: string): string {
  return `${host ?? ""}\0${provider}\0${runKey}`;
}

/** The one retention rule: the agent is still there, and so is the run (an answer's by id). */
function placeKept({ kind, group, agent }: Place, retained: Retained): boolean {
  if (!retained.agents.has(agent)) return false;
  return kind === "note" || (kind === "answer" ? retained.runIds : retained.runs).has(group);
}

/** Whether a compaction keeps this line (a note only if it is its agent's latest: the caller picks that). */
export const keeps = (entry: LogEntry, retained: Retained): boolean => placeKept(placeOf(entry), retained);

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
    const place = placeOf(entry);
    if (place.kind === "note") this.notes.add(place.agent);
    else bump(place.kind === "answer" ? this.answers : this.runs, place.group, place.agent);
  }

  /** The lines a compaction under `retained` keeps, as an index (notes: one per agent), by placeKept. */
  kept(retained: Retained): LogIndex {
    const out = new LogIndex();
    for (const [kind, from, to] of [
      ["run", this.runs, out.runs],
      ["answer", this.answers, out.answers],
    ] as const)
      for (const [group, inner] of from)
        for (const [agent, n] of inner) if (placeKept({ kind, group, agent }, retained)) bump(to, group, agent, n);
    for (const agent of this.notes)
      if (placeKept({ kind: "note", group: agent, agent }, retained)) out.notes.add(agent);
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
