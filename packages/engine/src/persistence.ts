// <data>/events.jsonl and <data>/acks.jsonl: replayed into the core at start, appended as things
// happen, compacted at start and whenever the log outgrows its bound (only what the core still shows).
import type { Paths } from "@mytty-bar/installers";
import type { EngineCore } from "./core.js";
import { jsonlFile, type JsonlFile } from "./jsonl.js";
import { AckEntrySchema, LogEntrySchema, type AckEntry, type LogEntry } from "./log-entry.js";
import { silentLog, type EngineLog } from "./log.js";

export const MAX_LOG_LINES = 10_000;
const MAX_LOG_BYTES = 16 * 1024 * 1024;
const MAX_ACK_BYTES = 1024 * 1024;

export class Persistence {
  private entries: LogEntry[] = [];
  private ackEntries: AckEntry[] = [];

  private constructor(
    private readonly events: JsonlFile<LogEntry>,
    private readonly acks: JsonlFile<AckEntry>,
    private readonly maxLines: number,
  ) {}

  /** Reads both files and replays them into `core` (no counters, no notifications). */
  static async load(
    paths: Pick<Paths, "eventLog" | "acksFile">,
    core: EngineCore,
    maxLines = MAX_LOG_LINES,
    log: EngineLog = silentLog,
  ): Promise<Persistence> {
    const events = jsonlFile(paths.eventLog, LogEntrySchema, MAX_LOG_BYTES, (e) => log.swallowed("event-log", e));
    const acks = jsonlFile(paths.acksFile, AckEntrySchema, MAX_ACK_BYTES, (e) => log.swallowed("acks-log", e));
    const store = new Persistence(events, acks, maxLines);
    store.entries = await store.events.read();
    for (const entry of store.entries) {
      try {
        if (entry.t === "event") core.apply(entry.event, entry.agent, new Date(entry.event.at), true);
        else core.setNote(entry.key, entry.note, new Date(entry.at));
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
    if (this.entries.length > this.maxLines) void this.compact(core);
  }

  recordAck(entry: AckEntry): void {
    this.ackEntries.push(entry);
    this.acks.append(entry);
  }

  /** Keeps events of runs the core still holds and the latest note of each known agent. */
  async compact(core: EngineCore): Promise<void> {
    const runs = new Set(Object.values(core.tracker.runs).map((r) => `${r.provider}\0${r.runKey}`));
    const lastNote = new Map<string, LogEntry>();
    for (const entry of this.entries) if (entry.t === "note" && core.agents.has(entry.key)) lastNote.set(entry.key, entry);
    const notes = new Set(lastNote.values());
    this.entries = this.entries.filter((entry) =>
      entry.t === "event" ? runs.has(`${entry.event.provider}\0${entry.event.runKey}`) && core.agents.has(entry.agent.key) : notes.has(entry),
    );
    const items = new Set(core.tracker.attention.map((i) => i.id));
    this.ackEntries = this.ackEntries.filter((a) => items.has(a.id));
    await Promise.all([this.events.rewrite(this.entries), this.acks.rewrite(this.ackEntries)]);
  }

  lineCount(): number {
    return this.entries.length;
  }

  async flush(): Promise<void> {
    await Promise.all([this.events.flush(), this.acks.flush()]);
  }
}
