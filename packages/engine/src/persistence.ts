// <data>/events.jsonl and <data>/acks.jsonl: replayed into the core at start, appended as things
// happen, compacted at start and whenever the log outgrows its bound. A compaction keeps the events of
// the runs the core still shows when they fit in half the bound, else writes those runs as they are
// (log-snapshot.ts): either way the log drops to at most half its bound, so the next compaction is
// at least that many appends away — never one rewrite per event. It runs beside the append path: lines
// appended while it works are kept after it (jsonl.ts).
import type { Paths } from "@mytty-bar/paths";
import type { EngineCore } from "./core.js";
import { jsonlFile, zodLine, type JsonlFile } from "./jsonl.js";
import { AckEntrySchema, type AckEntry, type LogEntry } from "./log-entry.js";
import { parseLogLine } from "./log-line.js";
import { snapshotEntries } from "./log-snapshot.js";
import { silentLog, type EngineLog } from "./log.js";

export const MAX_LOG_LINES = 10_000;
const MAX_LOG_BYTES = 16 * 1024 * 1024;
const MAX_ACK_BYTES = 1024 * 1024;
/** Lines serialised between two yields to the event loop while a compaction writes its body. */
const SERIALISE_SLICE = 500;

export interface PersistenceOptions {
  /** The log's bound in lines (default MAX_LOG_LINES). */
  maxLines?: number;
  /** Where failed writes and unreadable lines are reported (default: nowhere). */
  log?: EngineLog;
}

export class Persistence {
  /** The log's lines as entries (bounded by the log itself). */
  private entries: LogEntry[] = [];
  private ackEntries: AckEntry[] = [];
  private compacting: Promise<void> | undefined;
  /** After a failed compaction (disk full), the next try waits for this many lines. */
  private retryAt = 0;

  private constructor(
    private readonly events: JsonlFile<LogEntry>,
    private readonly acks: JsonlFile<AckEntry>,
    private readonly maxLines: number,
  ) {}

  /** Reads both files and replays them into `core` (no counters, no notifications). Throws LogFileError. */
  static async load(
    paths: Pick<Paths, "eventLog" | "acksFile">,
    core: EngineCore,
    options: PersistenceOptions = {},
  ): Promise<Persistence> {
    const log = options.log ?? silentLog;
    const events = jsonlFile(paths.eventLog, parseLogLine, MAX_LOG_BYTES, (e) => log.swallowed("event-log", e));
    const acks = jsonlFile(paths.acksFile, zodLine(AckEntrySchema), MAX_ACK_BYTES, (e) => log.swallowed("acks-log", e));
    const store = new Persistence(events, acks, options.maxLines ?? MAX_LOG_LINES);
    store.entries = await store.events.read();
    for (const entry of store.entries) {
      try {
        if (entry.t === "event") core.apply(entry.event, entry.agent, new Date(entry.event.at), true);
        else if (entry.t === "run") core.restore(entry);
        else if (entry.t === "note") core.setNote(entry.key, entry.note, new Date(entry.at));
        // An answer line is the record of who answered; a hold never outlives the engine, so nothing to restore.
      } catch (error) {
        // A line the current protocol cannot apply is skipped, not fatal.
        log.swallowed("event-log-replay", error);
      }
    }
    store.ackEntries = await store.acks.read();
    for (const ack of store.ackEntries) core.acknowledge(ack.id, new Date(ack.at));
    return store;
  }

  record(entries: readonly LogEntry[], core: EngineCore): void {
    for (const entry of entries) {
      this.entries.push(entry);
      this.events.append(entry);
    }
    const lines = this.events.lineCount();
    if (lines > this.maxLines && lines >= this.retryAt && !this.compacting)
      void this.compact(core).catch(() => undefined); // reported by the file's onError; retried later
  }

  recordAck(entry: AckEntry): void {
    this.ackEntries.push(entry);
    this.acks.append(entry);
  }

  /** One compaction at a time; a call while one runs waits for it. Rejects when the rewrite failed. */
  compact(core: EngineCore): Promise<void> {
    this.compacting ??= this.compactNow(core).finally(() => {
      this.compacting = undefined;
    });
    return this.compacting;
  }

  private async compactNow(core: EngineCore): Promise<void> {
    // Everything below up to the first await sees the core at one instant: the mark's.
    this.events.mark();
    this.acks.mark();
    const before = this.entries;
    this.entries = [];
    const target = Math.floor(this.maxLines / 2);
    const kept = retainedEntries(before, core);
    const chosen = kept.length <= target ? kept : snapshotEntries(core, target);
    const items = new Set(core.tracker.attention.map((i) => i.id));
    const acksBefore = this.ackEntries;
    this.ackEntries = [];
    const acksKept = acksBefore.filter((a) => items.has(a.id));
    try {
      const body = await serialise(chosen);
      await Promise.all([this.events.rewrite(body), this.acks.rewrite(await serialise(acksKept))]);
      this.entries = [...chosen, ...this.entries];
      this.ackEntries = [...acksKept, ...this.ackEntries];
    } catch (error) {
      // The old files stay (with every line appended meanwhile); try again half a bound later.
      this.entries = [...before, ...this.entries];
      this.ackEntries = [...acksBefore, ...this.ackEntries];
      this.retryAt = this.events.lineCount() + target;
      throw error;
    }
  }

  lineCount(): number {
    return this.events.lineCount();
  }

  /** Rewrites of events.jsonl so far (tests count them: one per event would be the old bug). */
  rewrites(): number {
    return this.events.rewrites();
  }

  async flush(): Promise<void> {
    await this.compacting?.catch(() => undefined);
    await Promise.all([this.events.flush(), this.acks.flush()]);
  }
}

/** Events (and earlier snapshot lines) of runs the core still holds, and the latest note of each known agent. */
function retainedEntries(entries: readonly LogEntry[], core: EngineCore): LogEntry[] {
  const runs = new Set(Object.values(core.tracker.runs).map((r) => `${r.provider}\0${r.runKey}`));
  const lastNote = new Map<string, LogEntry>();
  for (const entry of entries) if (entry.t === "note" && core.agents.has(entry.key)) lastNote.set(entry.key, entry);
  const notes = new Set(lastNote.values());
  return entries.filter((entry) => {
    if (entry.t === "note") return notes.has(entry);
    if (entry.t === "answer") return core.agents.has(entry.key) && core.tracker.runs[entry.runId] !== undefined;
    const { provider, runKey } = entry.t === "event" ? entry.event : entry.run;
    return runs.has(`${provider}\0${runKey}`) && core.agents.has(entry.agent.key);
  });
}

/** JSON lines, yielding to the event loop between slices so a big compaction never stalls a reply. */
async function serialise(entries: readonly unknown[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < entries.length; i += 1) {
    if (i > 0 && i % SERIALISE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    out.push(`${JSON.stringify(entries[i])}\n`);
  }
  return out;
}
