// Bounded JSON-lines files (event log, acknowledgements): append as things happen, validate every
// line on read (the file is outside input like any other), rewrite atomically when compacting.
// Appends made in one turn of the event loop go out as one write; a rewrite keeps every line appended
// after its mark (the moment its content was taken), so compaction never runs on the append path.
// Nothing keeps the file's lines in memory: a rewrite streams the file as it was at its mark from disk
// (the bytes before the lines appended since), so the caller keeps only what it needs to choose.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import {
  APPEND_FLAGS,
  kindOf,
  lineBatches,
  LogFileError,
  markedEntries,
  READ_FLAGS,
  TMP_FLAGS,
  writeAll,
} from "./jsonl-io.js";

export { LogFileError };

/** The valid entries the file held at the mark, a batch per step read (rewrite's `body` reads them). */
export type Marked<T> = () => AsyncIterable<T[]>;

export interface JsonlFile<T> {
  /** Hands each valid entry in file order; a torn last line or a hand-edited bad line is skipped. Throws LogFileError. */
  read(onEntry: (entry: T) => void): Promise<void>;
  append(entry: T): void;
  /** The content of the next rewrite is taken now: lines appended from here on are kept after it. */
  mark(): void;
  /**
   * Replaces the whole file with the lines `body` yields (serialised, newline-terminated, in batches) plus
   * the lines appended since mark(). `body` may stream the file's entries as they were at the mark.
   */
  rewrite(body: (marked: Marked<T>) => AsyncIterable<readonly string[]> | Iterable<readonly string[]>): Promise<void>;
  /** Lines in the file (read, appended, rewritten). */
  lineCount(): number;
  /** Rewrites done since the file was opened (a seam for tests and benches). */
  rewrites(): number;
  /** Waits for queued writes. */
  flush(): Promise<void>;
}

/** Where the file's lines are: whole lines in [origin, disk) (origin > 0 when a too-big file was read from its tail). */
interface Extent {
  origin: number;
  /** Bytes written to the file by this process and before (its size once the queue is idle). */
  disk: number;
}

/** `onError` hears what a queued write swallowed (the caller of rewrite() still gets its rejection). */
export function jsonlFile<T>(
  file: string,
  parseLine: (line: string) => T | undefined,
  maxBytes: number,
  onError: (error: unknown) => void = () => undefined,
): JsonlFile<T> {
  let lines = 0;
  let rewrites = 0;
  let queue: Promise<void> = Promise.resolve();
  let pending = "";
  /** Bytes of `pending` appended after the mark (a flush may write lines from both sides of it). */
  let pendingSinceMark = 0;
  /** Bytes appended after the mark that are on disk: the file as it was at the mark ends before them. */
  let diskSinceMark = 0;
  let flushQueued = false;
  let linesAtMark: number | undefined;
  let carry: string[] | undefined;
  const extent: Extent = { origin: 0, disk: 0 };
  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const job = queue.then(work);
    queue = job.catch(onError);
    return job;
  };
  const scheduleFlush = () => {
    if (flushQueued) return;
    flushQueued = true;
    void enqueue(async () => {
      flushQueued = false;
      const chunk = pending;
      const sinceMark = pendingSinceMark;
      pending = "";
      pendingSinceMark = 0;
      if (chunk === "") return;
      try {
        extent.disk += await writeAll(file, APPEND_FLAGS, [[chunk]]);
        if (carry) diskSinceMark += sinceMark;
      } catch (error) {
        // Part of the chunk may be on disk: the file's own size is where the next line starts.
        extent.disk = await fs.stat(file).then(
          (st) => st.size,
          () => extent.disk,
        );
        throw error;
      }
    });
  };
  const parsed = parsedWith(parseLine);

  return {
    async read(onEntry) {
      const read = await readFrom(file, maxBytes, extent, onEntry, parsed, onError);
      lines = read.count;
      // A torn last line (a kill mid-write) must not swallow the next line appended.
      if (read.torn) pending = "\n";
    },
    append(entry) {
      lines += 1;
      const line = `${JSON.stringify(entry)}\n`;
      if (carry) {
        carry.push(line);
        pendingSinceMark += Buffer.byteLength(line);
      }
      pending += line;
      scheduleFlush();
    },
    mark() {
      linesAtMark = lines;
      carry = [];
      diskSinceMark = 0;
      pendingSinceMark = 0;
    },
    rewrite(body) {
      return enqueue(async () => {
        const tail = carry ?? [];
        const sinceMark = lines - (linesAtMark ?? lines);
        // Every line appended before the mark was flushed by a job queued before this one.
        const marked = { origin: extent.origin, end: extent.disk - diskSinceMark };
        carry = undefined;
        linesAtMark = undefined;
        // Lines still waiting here were appended after the mark, so they are in `tail`: the new file gets them.
        const orphan = pending;
        pending = "";
        pendingSinceMark = 0;
        const tmp = `${file}.${process.pid}.tmp`;
        let bodyLines = 0;
        const counted = async function* (batches: AsyncIterable<readonly string[]> | Iterable<readonly string[]>) {
          for await (const batch of batches) {
            bodyLines += batch.length;
            yield batch;
          }
          yield tail;
        };
        const entries: Marked<T> = () => markedEntries(file, marked.origin, marked.end, parsed);
        let size: number;
        try {
          await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
          size = await writeAll(tmp, TMP_FLAGS, counted(body(entries)));
          await fs.rename(tmp, file);
        } catch (error) {
          // ENOSPC and friends: no temp file left behind, the old file stays, nothing appended is lost.
          await fs.rm(tmp, { force: true }).catch(() => undefined);
          pending = orphan + pending;
          if (pending !== "") scheduleFlush();
          throw error;
        }
        lines = bodyLines + sinceMark;
        extent.origin = 0;
        extent.disk = size;
        rewrites += 1;
      });
    },
    lineCount: () => lines,
    rewrites: () => rewrites,
    flush: () => queue,
  };
}

/** A JSON line checked by `schema` (the acknowledgements file): undefined when it is not one. */
export function zodLine<T>(schema: z.ZodType<T>): (line: string) => T | undefined {
  return (line) => {
    try {
      const parsed = schema.safeParse(JSON.parse(line));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined; // not JSON: a torn write or a hand edit, counted by the reader
    }
  };
}

/** Hands `file`'s valid entries to `onEntry` and sets `extent`; `torn`: its last line has no newline. */
async function readFrom<T>(
  file: string,
  maxBytes: number,
  extent: Extent,
  onEntry: (entry: T) => void,
  parsed: (batch: string[], onSkip: () => void) => T[],
  onError: (error: unknown) => void,
): Promise<{ count: number; torn: boolean }> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENXIO") throw new LogFileError(`${file} is not a regular file: move it away and start again.`);
    if (code !== "ENOENT") onError(error); // absent = nothing logged yet
    return { count: 0, torn: false };
  }
  let count = 0;
  let skipped = 0;
  let torn = false;
  try {
    const st = await handle.stat();
    if (!st.isFile())
      throw new LogFileError(`${file} is ${kindOf(st)}, not a regular file: move it away and start again.`);
    // Keep the newest part when the file outgrew its bound (a crash before compaction); the first
    // line read from the middle is a fragment and is dropped.
    const start = Math.max(0, st.size - maxBytes);
    extent.origin = start;
    extent.disk = st.size;
    const at = (origin: number) => void (extent.origin = origin);
    for await (const batch of lineBatches(handle, start, st.size, start > 0, at)) {
      for (const entry of parsed(batch, () => void (skipped += 1))) {
        count += 1;
        onEntry(entry);
      }
    }
    torn = st.size > 0 && (await handle.read(Buffer.alloc(1), 0, 1, st.size - 1)).buffer[0] !== 10;
  } finally {
    await handle.close();
  }
  // A torn last line or a hand edit: skipped, and said once, so a damaged log is seen in engine.log.
  if (skipped > 0) onError(new Error(`${file}: ${skipped} unreadable line(s) skipped`));
  return { count, torn };
}

/** `parseLine` over a batch: the entries, and `onSkip` once per line it refused. */
function parsedWith<T>(parseLine: (line: string) => T | undefined) {
  return (batch: string[], onSkip: () => void): T[] => {
    const out: T[] = [];
    for (const line of batch) {
      const entry = parseLine(line);
      if (entry === undefined) onSkip();
      else out.push(entry);
    }
    return out;
  };
}
