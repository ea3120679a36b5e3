// The only place insights touch the file system. Everything above it takes a TranscriptSource, so tests
// and benches can count reads, and the pure parsers never see a file handle.
import { promises as fs } from "node:fs";
import { execFile } from "node:child_process";
import path from "node:path";
import { readRegularFile, type RegularFileRead } from "@mytty-bar/paths";

export interface FileStamp {
  mtimeMs: number;
  size: number;
}

export interface TranscriptSource {
  /** undefined when the path is missing or not a regular file. */
  stat(file: string): Promise<FileStamp | undefined>;
  /** Up to `length` bytes from `start` (fewer at the end of the file). */
  readRange(file: string, start: number, length: number): Promise<Uint8Array>;
  /** A directory's mtime (changes when entries are added or removed, not when files grow). */
  dirMtime(dir: string): Promise<number | undefined>;
  /** Entry names of a directory; [] when it does not exist. */
  list(dir: string): Promise<string[]>;
  /** Whole small text file (settings), or undefined when missing or larger than maxBytes. */
  readText(file: string, maxBytes: number): Promise<string | undefined>;
  /** Paths of regular files a process holds open, where the platform can tell without native code. */
  openFiles?(pid: number): Promise<string[]>;
  /** Boot time (epoch ms) where process start times are counted from boot (Linux /proc). */
  bootTimeMs?(): Promise<number | undefined>;
}

const unreadable = (read: Exclude<RegularFileRead, { kind: "file" }>) =>
  read.kind === "not-regular" ? `it is ${read.what}` : read.kind === "unreadable" ? read.code : read.kind;

export function nodeTranscriptSource(platform: NodeJS.Platform = process.platform): TranscriptSource {
  return {
    async stat(file) {
      try {
        const st = await fs.stat(file);
        return st.isFile() ? { mtimeMs: st.mtimeMs, size: st.size } : undefined;
      } catch {
        return undefined; // gone or unreadable: no transcript here
      }
    },
    async readRange(file, start, length) {
      // A FIFO swapped in after stat() fails this read (callers keep the last reading), never blocks the loop.
      const read = await readRegularFile(file, { maxBytes: length, start });
      if (read.kind !== "file") throw new Error(`${file} cannot be read: ${unreadable(read)}`);
      return read.bytes;
    },
    async dirMtime(dir) {
      try {
        const st = await fs.stat(dir);
        return st.isDirectory() ? st.mtimeMs : undefined;
      } catch {
        return undefined; // no such directory (yet): nothing to look at
      }
    },
    async list(dir) {
      try {
        return await fs.readdir(dir);
      } catch {
        return []; // no such directory (yet): nothing to list
      }
    },
    async readText(file, maxBytes) {
      // Missing, not a regular file, too large or unreadable: read again next poll.
      const read = await readRegularFile(file, { maxBytes });
      return read.kind === "file" ? read.bytes.toString("utf8") : undefined;
    },
    openFiles: (pid) => (platform === "linux" ? procOpenFiles(pid) : lsofOpenFiles(pid)),
    ...(platform === "linux" ? { bootTimeMs: linuxBootTimeMs } : {}),
  };
}

/** Linux: the symlinks in /proc/<pid>/fd name the open files; unreadable ones (other users) are skipped. */
async function procOpenFiles(pid: number): Promise<string[]> {
  const dir = `/proc/${pid}/fd`;
  let fds: string[];
  try {
    fds = await fs.readdir(dir);
  } catch {
    return []; // exited or another user's: no open files known
  }
  // An fd closed between readdir and readlink is simply not open any more.
  const targets = await Promise.all(fds.map((fd) => fs.readlink(path.join(dir, fd)).catch(() => undefined)));
  return targets.filter((t): t is string => t !== undefined && t.startsWith("/"));
}

/** macOS: one bounded `lsof` call (no native module for proc_pidinfo); called only while a Codex agent is unbound. */
function lsofOpenFiles(pid: number): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(
      "lsof",
      ["-n", "-P", "-w", "-a", "-p", String(pid), "-d", "0-9999", "-Fn"],
      { timeout: 2_000, maxBuffer: 1 << 20 },
      (error, stdout) => {
        if (error !== null && stdout.length === 0) return resolve([]);
        resolve(
          stdout
            .split("\n")
            .filter((line) => line.startsWith("n/"))
            .map((line) => line.slice(1)),
        );
      },
    );
  });
}

/**
 * Epoch ms a process started, from detect's start-time string: an ISO date (ps-list), `ps -o lstart`
 * text (macOS), or Linux clock ticks since boot (needs the boot time; USER_HZ is 100 on Linux).
 */
export function processStartMs(startTime: string | undefined, bootTimeMs?: number): number | undefined {
  if (startTime === undefined || startTime === "") return undefined;
  if (/^\d+$/.test(startTime)) return bootTimeMs === undefined ? undefined : bootTimeMs + Number(startTime) * 10;
  const ms = Date.parse(startTime);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Linux boot time from /proc/stat `btime`, for processStartMs; undefined elsewhere. */
export async function linuxBootTimeMs(): Promise<number | undefined> {
  try {
    const match = /^btime (\d+)$/m.exec(await fs.readFile("/proc/stat", "utf8"));
    return match ? Number(match[1]) * 1000 : undefined;
  } catch {
    return undefined; // no /proc/stat: start times stay unknown
  }
}
