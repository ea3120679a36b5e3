// The one way we read a file someone else can write (agents' stores, transcripts, settings, our own data
// dir): opened O_NONBLOCK so a FIFO or device at the path fails fast instead of blocking the thread, and
// judged a regular file on the open descriptor (fstat), so nothing can be swapped in between a check and
// the read. Capped: never more than the caller's bound is read, even from a file that grows meanwhile.
import fs from "node:fs";

export type RegularFileRead =
  | { kind: "file"; bytes: Buffer; size: number; mode: number; mtimeMs: number }
  | { kind: "missing" }
  /** `what` says what is there instead ("a FIFO", "a directory", …). */
  | { kind: "not-regular"; what: string }
  | { kind: "too-large"; size: number }
  | { kind: "unreadable"; code: string };

export interface RegularReadOptions {
  /** Whole file: larger than this reads as "too-large". A range (`start` given): at most this many bytes. */
  maxBytes: number;
  /** Read a range from here instead of the whole file; the file's size is never "too-large" then. */
  start?: number;
  /** Refuse a symlink at the path (our own files: a link planted there is not ours). */
  noFollow?: boolean;
}

const flags = (noFollow?: boolean) =>
  fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | (noFollow === true ? fs.constants.O_NOFOLLOW : 0);

export function kindOfStat(st: fs.Stats): string {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO";
  if (st.isSocket()) return "a socket";
  if (st.isSymbolicLink()) return "a symlink";
  return "a device";
}

function failure(error: unknown): RegularFileRead {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  if (code === "ENOENT") return { kind: "missing" };
  // O_NOFOLLOW on a link: ELOOP (Linux, macOS) or EMLINK (FreeBSD).
  if (code === "ELOOP" || code === "EMLINK") return { kind: "not-regular", what: "a symlink" };
  if (code === "EISDIR") return { kind: "not-regular", what: "a directory" };
  return { kind: "unreadable", code };
}

function judged(st: fs.Stats, options: RegularReadOptions): RegularFileRead | undefined {
  if (!st.isFile()) return { kind: "not-regular", what: kindOfStat(st) };
  if (options.start === undefined && st.size > options.maxBytes) return { kind: "too-large", size: st.size };
  return undefined;
}

/** What the bytes read mean: a file that grew past the cap while read is "too-large", never cut. */
function result(st: fs.Stats, bytes: Buffer, options: RegularReadOptions): RegularFileRead {
  if (options.start === undefined && bytes.length > options.maxBytes) return { kind: "too-large", size: bytes.length };
  return { kind: "file", bytes, size: st.size, mode: st.mode & 0o7777, mtimeMs: st.mtimeMs };
}

// One byte past the cap tells a whole read that the file grew beyond it.
const want = (options: RegularReadOptions) => (options.start === undefined ? options.maxBytes + 1 : options.maxBytes);

/**
 * The buffer a read fills: sized from fstat, grown (up to the cap) when the file grew meanwhile, so a
 * growing file is read whole or found too large, never cut at its old size.
 */
function room(st: fs.Stats, options: RegularReadOptions) {
  const cap = want(options);
  let buffer = Buffer.alloc(Math.min(cap, options.start === undefined ? st.size + 1 : cap));
  return {
    /** The free tail of the buffer once `got` bytes are in, grown first when it is full. */
    at(got: number): Buffer {
      if (got === buffer.length && got < cap)
        buffer = Buffer.concat([buffer, Buffer.alloc(Math.min(cap - got, Math.max(64 * 1024, got)))]);
      return buffer.subarray(got);
    },
    free: (got: number) => buffer.length - got,
    bytes: (got: number) => buffer.subarray(0, got),
  };
}

export function readRegularFileSync(file: string, options: RegularReadOptions): RegularFileRead {
  let fd: number;
  try {
    fd = fs.openSync(file, flags(options.noFollow));
  } catch (error) {
    return failure(error);
  }
  try {
    const st = fs.fstatSync(fd);
    const bad = judged(st, options);
    if (bad !== undefined) return bad;
    const at = options.start ?? 0;
    const space = room(st, options);
    let got = 0;
    for (let n = -1; n !== 0 && got < want(options); got += n)
      n = fs.readSync(fd, space.at(got), 0, space.free(got), at + got);
    return result(st, space.bytes(got), options);
  } catch (error) {
    return failure(error);
  } finally {
    fs.closeSync(fd);
  }
}

export async function readRegularFile(file: string, options: RegularReadOptions): Promise<RegularFileRead> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, flags(options.noFollow));
  } catch (error) {
    return failure(error);
  }
  try {
    const st = await handle.stat();
    const bad = judged(st, options);
    if (bad !== undefined) return bad;
    const at = options.start ?? 0;
    const space = room(st, options);
    let got = 0;
    for (let n = -1; n !== 0 && got < want(options); got += n)
      n = (await handle.read(space.at(got), 0, space.free(got), at + got)).bytesRead;
    return result(st, space.bytes(got), options);
  } catch (error) {
    return failure(error);
  } finally {
    await handle.close();
  }
}

/**
 * For a file another library opens by path (SQLite): is a regular file there right now, judged on an
 * O_NONBLOCK descriptor? Call it immediately before that open; the library's own open is not ours to guard.
 */
export function regularFileSync(file: string): RegularFileRead {
  return readRegularFileSync(file, { maxBytes: 0, start: 0 });
}
