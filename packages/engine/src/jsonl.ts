// Bounded JSON-lines files (event log, acknowledgements): append as things happen, validate every
// line on read (the file is outside input like any other), rewrite atomically when compacting.
// Appends made in one turn of the event loop go out as one write; a rewrite keeps every line appended
// after its mark (the moment its content was taken), so compaction never runs on the append path.
import { constants, promises as fs } from "node:fs";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { z } from "zod";

export interface JsonlFile<T> {
  /** Valid entries in file order; a torn last line or a hand-edited bad line is skipped. Throws LogFileError. */
  read(): Promise<T[]>;
  append(entry: T): void;
  /** The content of the next rewrite is taken now: lines appended from here on are kept after it. */
  mark(): void;
  /** Replaces the whole file with `lines` (serialised, newline-terminated) plus the lines appended since mark(). */
  rewrite(lines: readonly string[]): Promise<void>;
  /** Lines in the file (read, appended, rewritten). */
  lineCount(): number;
  /** Rewrites done since the file was opened (a seam for tests and benches). */
  rewrites(): number;
  /** Waits for queued writes. */
  flush(): Promise<void>;
}

/** The file at the log's path is not one we can use (a FIFO, a directory, a device). */
export class LogFileError extends Error {}

// O_NONBLOCK: a FIFO or device at our path must fail fast, never hang the engine (it holds the lock).
const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;
const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK;
const TMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NONBLOCK;

function kindOf(st: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  return st.isDirectory() ? "a directory" : st.isFIFO() ? "a FIFO" : st.isSocket() ? "a socket" : "a device";
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
  let flushQueued = false;
  let linesAtMark: number | undefined;
  let carry: string[] | undefined;
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
      pending = "";
      if (chunk !== "") await writeAll(file, APPEND_FLAGS, [chunk]);
    });
  };
  return {
    async read() {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, READ_FLAGS);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENXIO") throw new LogFileError(`${file} is not a regular file: move it away and start again.`);
        if (code !== "ENOENT") onError(error); // absent = nothing logged yet
        lines = 0;
        return [];
      }
      const entries: T[] = [];
      let skipped = 0;
      try {
        const st = await handle.stat();
        if (!st.isFile())
          throw new LogFileError(`${file} is ${kindOf(st)}, not a regular file: move it away and start again.`);
        // Keep the newest part when the file outgrew its bound (a crash before compaction); the first
        // line read from the middle is a fragment and is dropped.
        const start = Math.max(0, st.size - maxBytes);
        await readLines(handle, start, st.size, start > 0, (line) => {
          const entry = parseLine(line);
          if (entry === undefined) skipped += 1;
          else entries.push(entry);
        });
      } finally {
        await handle.close();
      }
      // A torn last line or a hand edit: skipped, and said once, so a damaged log is seen in engine.log.
      if (skipped > 0) onError(new Error(`${file}: ${skipped} unreadable line(s) skipped`));
      lines = entries.length;
      return entries;
    },
    append(entry) {
      lines += 1;
      const line = `${JSON.stringify(entry)}\n`;
      carry?.push(line);
      pending += line;
      scheduleFlush();
    },
    mark() {
      linesAtMark = lines;
      carry = [];
    },
    rewrite(body) {
      return enqueue(async () => {
        const tail = carry ?? [];
        const sinceMark = lines - (linesAtMark ?? lines);
        carry = undefined;
        linesAtMark = undefined;
        // Lines still waiting here were appended after the mark, so they are in `tail`: the new file gets them.
        const orphan = pending;
        pending = "";
        const tmp = `${file}.${process.pid}.tmp`;
        try {
          await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
          await writeAll(tmp, TMP_FLAGS, [...body, ...tail]);
          await fs.rename(tmp, file);
        } catch (error) {
          // ENOSPC and friends: no temp file left behind, the old file stays, nothing appended is lost.
          await fs.rm(tmp, { force: true }).catch(() => undefined);
          pending = orphan + pending;
          if (pending !== "") scheduleFlush();
          throw error;
        }
        lines = body.length + sinceMark;
        rewrites += 1;
      });
    },
    lineCount: () => lines,
    rewrites: () => rewrites,
    flush: () => queue,
  };
}

/** Bytes read per step: a 16 MiB log never sits in memory whole (as a buffer, a string and its lines). */
const READ_CHUNK = 1 << 20;

/** Calls `onLine` for each non-blank line of [start, end) in order; `dropFirst` drops the first line. */
async function readLines(
  handle: fs.FileHandle,
  start: number,
  end: number,
  dropFirst: boolean,
  onLine: (line: string) => void,
): Promise<void> {
  const decoder = new StringDecoder("utf8");
  const buffer = Buffer.alloc(Math.min(READ_CHUNK, Math.max(1, end - start)));
  let rest = "";
  let first = dropFirst;
  for (let at = start; at < end;) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - at), at);
    if (bytesRead === 0) break; // the file shrank meanwhile
    at += bytesRead;
    const text = rest + decoder.write(buffer.subarray(0, bytesRead));
    const parts = text.split("\n");
    rest = parts.pop()!;
    for (const line of parts) {
      if (first) first = false;
      else if (line.trim() !== "") onLine(line);
    }
  }
  rest += decoder.end();
  if (!first && rest.trim() !== "") onLine(rest);
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

async function writeAll(file: string, flags: number, chunks: readonly string[]): Promise<void> {
  const handle = await fs.open(file, flags, 0o600);
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new LogFileError(`${file} is ${kindOf(st)}, not a regular file`);
    // Large bodies go out in slices so one write never holds a huge joined string.
    let batch: string[] = [];
    let size = 0;
    for (const chunk of chunks) {
      batch.push(chunk);
      size += chunk.length;
      if (size >= 1 << 20) {
        await handle.writeFile(batch.join(""));
        batch = [];
        size = 0;
      }
    }
    if (batch.length > 0) await handle.writeFile(batch.join(""));
  } finally {
    await handle.close();
  }
}
