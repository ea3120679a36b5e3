// The file operations under jsonl.ts: open flags that never block on a FIFO, whole lines of a byte
// range read a step at a time, batches of lines written in slices. No state: jsonl.ts keeps that.
import { constants, promises as fs } from "node:fs";
import { StringDecoder } from "node:string_decoder";

/** The file at the log's path is not one we can use (a FIFO, a directory, a device). */
export class LogFileError extends Error {}

// O_NONBLOCK: a FIFO or device at our path must fail fast, never hang the engine (it holds the lock).
export const READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;
export const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK;
export const TMP_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NONBLOCK;

export function kindOf(st: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean }): string {
  return st.isDirectory() ? "a directory" : st.isFIFO() ? "a FIFO" : st.isSocket() ? "a socket" : "a device";
}

/** The valid entries of [origin, end) of `file`, a batch per step (an absent file has none). */
export async function* markedEntries<T>(
  file: string,
  origin: number,
  end: number,
  parsed: (batch: string[], onSkip: () => void) => T[],
): AsyncGenerator<T[]> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, READ_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // removed by hand: nothing to keep
    throw error;
  }
  try {
    // Lines skipped here were skipped (and reported) when read or never written by this process.
    for await (const batch of lineBatches(handle, origin, end, false)) yield parsed(batch, () => undefined);
  } finally {
    await handle.close();
  }
}

/** Bytes read per step: a 16 MiB log never sits in memory whole (as a buffer, a string and its lines). */
const READ_CHUNK = 1 << 20;

/**
 * The non-blank lines of [start, end) in order, a batch per step read. `dropFirst` drops what precedes the
 * first newline (a fragment when reading from the middle); `origin` hears where the first whole line starts.
 */
export async function* lineBatches(
  handle: fs.FileHandle,
  start: number,
  end: number,
  dropFirst: boolean,
  origin?: (at: number) => void,
): AsyncGenerator<string[]> {
  const decoder = new StringDecoder("utf8");
  const buffer = Buffer.alloc(Math.min(READ_CHUNK, Math.max(1, end - start)));
  let rest = "";
  let skipping = dropFirst;
  for (let at = start; at < end;) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - at), at);
    if (bytesRead === 0) break; // the file shrank meanwhile
    let from = 0;
    if (skipping) {
      // Found by byte, not by decoded text: a fragment may begin inside a character.
      const newline = buffer.subarray(0, bytesRead).indexOf(10);
      if (newline < 0) {
        at += bytesRead;
        continue;
      }
      skipping = false;
      from = newline + 1;
      origin?.(at + from);
    }
    at += bytesRead;
    const text = rest + decoder.write(buffer.subarray(from, bytesRead));
    const parts = text.split("\n");
    rest = parts.pop()!;
    const batch = parts.filter((line) => line.trim() !== "");
    if (batch.length > 0) yield batch;
  }
  if (skipping) origin?.(end); // no whole line at all
  rest += decoder.end();
  if (!skipping && rest.trim() !== "") yield [rest];
}

/** Writes the batches' lines to `file` opened with `flags`; resolves to the bytes written. */
export async function writeAll(
  file: string,
  flags: number,
  batches: AsyncIterable<readonly string[]> | Iterable<readonly string[]>,
): Promise<number> {
  const handle = await fs.open(file, flags, 0o600);
  let bytes = 0;
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new LogFileError(`${file} is ${kindOf(st)}, not a regular file`);
    // Large bodies go out in slices so one write never holds a huge joined string.
    let batch: string[] = [];
    let size = 0;
    const write = async () => {
      const text = batch.join("");
      batch = [];
      size = 0;
      await handle.writeFile(text);
      bytes += Buffer.byteLength(text);
    };
    for await (const lines of batches) {
      for (const line of lines) {
        batch.push(line);
        size += line.length;
      }
      if (size >= 1 << 20) await write();
    }
    if (batch.length > 0) await write();
  } finally {
    await handle.close();
  }
  return bytes;
}
