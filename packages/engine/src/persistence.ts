// <data>/events.jsonl and <data>/acks.jsonl: replayed into the core at start, appended as things
// happen, compacted at start and whenever the log outgrows its bound. A compaction keeps the events of
// the runs the core still shows when they fit in half the bound, else writes those runs as they are
// (log-snapshot.ts): either way the log drops to at most half its bound, so the next compaction is
// at least that many appends away — never one rewrite per event. It runs beside the append path: lines
// appended while it works are kept after it (jsonl.ts). Between compactions only counts of the log's
// lines stay in memory (log-index.ts); the kept lines are streamed back from the file when it is rewritten.
import type { Paths } from "@mytty-bar/paths";
import type { EngineCore } from "./core.js";
import { jsonlFile, zodLine, type JsonlFile, type Marked } from "./jsonl.js";
import { AckEntrySchema, type AckEntry, type LogEntry } from "./log-entry.js";
import { keeps, LogIndex, retainedOf, type Retained } from "./log-index.js";
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
  /** What decides which of the log's lines a compaction keeps (not the lines: they stay on disk). */
  private index = new LogIndex();
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
    // Replayed as read: the log's entries never sit in memory all at once.
    await store.events.read((entry) => {
      store.index.add(entry);
      try {
        if (entry.t === "event") core.apply(entry.event, entry.agent, new Date(entry.event.at), true);
        else if (entry.t === "run") core.restore(entry);
        else if (entry.t === "note") core.setNote(entry.key, entry.note, new Date(entry.at));
        // An answer line is the record of who answered; a hold never outlives the engine, so nothing to restore.
      } catch (error) {
        // A line the current protocol cannot apply is skipped, not fatal.
        log.swallowed("event-log-replay", error);
      }
    });
    await store.acks.read((ack) => store.ackEntries.push(ack));
    for (const ack of store.ackEntries) core.acknowledge(ack.id, new Date(ack.at));
    return store;
  }

  record(entries: readonly LogEntry[], core: EngineCore): void {
    for (const entry of entries) {
      this.index.add(entry);
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
    const before = this.index;
    this.index = new LogIndex();
    const target = Math.floor(this.maxLines / 2);
    const retained = retainedOf(core);
    let kept = before.kept(retained);
    let body = retainedLines(retained);
    if (kept.lines() > target) {
      const snapshot = snapshotEntries(core, target);
      kept = new LogIndex();
      for (const entry of snapshot) kept.add(entry);
      body = () => serialised(snapshot);
    }
    const items = new Set(core.tracker.attention.map((i) => i.id));
    const acksBefore = this.ackEntries;
    this.ackEntries = [];
    const acksKept = acksBefore.filter((a) => items.has(a.id));
    try {
      await Promise.all([this.events.rewrite(body), this.acks.rewrite(() => serialised(acksKept))]);
      this.index = kept.merge(this.index);
      this.ackEntries = [...acksKept, ...this.ackEntries];
    } catch (error) {
      // The old files stay (with every line appended meanwhile); try again half a bound later.
      this.index = before.merge(this.index);
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

/**
 * The log's lines as they were at the mark, streamed from the file: events (and earlier snapshot lines)
 * of runs the core still held then, and the latest note of each agent it knew, last (a note needs its agent).
 */
function retainedLines(retained: Retained) {
  return async function* (marked: Marked<LogEntry>): AsyncGenerator<string[]> {
    const notes = new Map<string, string>();
    for await (const batch of marked()) {
      const out: string[] = [];
      for (const entry of batch) {
        if (!keeps(entry, retained)) continue;
        if (entry.t === "note") notes.set(entry.key, line(entry));
        else out.push(line(entry));
      }
      if (out.length > 0) yield out;
    }
    yield [...notes.values()];
  };
}

const line = (entry: unknown): string => `${JSON.stringify(entry)}\n`;

/** JSON lines, yielding to the event loop between slices so a big compaction never stalls a reply. */
async function* serialised(entries: readonly unknown[]): AsyncGenerator<string[]> {
  for (let i = 0; i < entries.length; i += SERIALISE_SLICE) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    yield entries.slice(i, i + SERIALISE_SLICE).map(line);
  }
}
