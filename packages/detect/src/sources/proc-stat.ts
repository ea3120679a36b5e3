// Reading /proc/<pid>/stat for every process at every poll, cheaply (issue 13: scans of thousands of
// processes). open/read/close per process per poll was most of a scan, so each process's stat fd is kept
// open between polls and re-read with one positional read: the kernel regenerates the text at offset 0,
// and a read on the fd of an exited process fails (ESRCH) even when its pid was reused, so a reused pid
// is never read through the old process's fd. Fields are parsed from the bytes without splitting.
import { closeSync, openSync, readFileSync, readSync } from "node:fs";

export interface StatFields {
  comm: string;
  ppid: number;
  pgid: number;
  ttyNr: number;
  tpgid: number;
  startTicks: string;
}

const OPEN = 0x28; // "("
const CLOSE = 0x29; // ")"
const SPACE = 0x20;
const MINUS = 0x2d;

/**
 * The stat fields we use, from `n` bytes of `buf`: comm between the first "(" and the last ")" (comm may
 * hold both), then space-separated fields from state (field 3): ppid 4, pgrp 5, tty_nr 7, tpgid 8,
 * starttime 22.
 */
export function parseStatBytes(buf: Buffer, n: number): StatFields | undefined {
  const open = buf.indexOf(OPEN);
  let close = n - 1;
  while (close > open && buf[close] !== CLOSE) close -= 1;
  if (open === -1 || open >= n || close <= open) return undefined;
  const values: number[] = [];
  let starts = 0;
  let at = close + 2;
  // Fields 3..22 → indexes 0..19; state (index 0) is one character, skipped.
  while (at < n && values.length < 20) {
    let end = at;
    while (end < n && buf[end] !== SPACE && buf[end] !== 0x0a) end += 1;
    if (values.length === 0) {
      values.push(0);
    } else {
      let v = 0;
      let i = at;
      const negative = buf[i] === MINUS;
      if (negative) i += 1;
      for (; i < end; i += 1) v = v * 10 + (buf[i]! - 48);
      values.push(negative ? -v : v);
      if (values.length === 20) starts = v;
    }
    at = end + 1;
  }
  if (values.length < 20) return undefined;
  return {
    comm: buf.toString("latin1", open + 1, close),
    ppid: values[1]!,
    pgid: values[2]!,
    ttyNr: values[4]!,
    tpgid: values[5]!,
    startTicks: String(starts),
  };
}

/** The soft limit on open files (/proc/self/limits), or 1024 when it cannot be read. */
function softFileLimit(): number {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync("/proc/self/limits", "latin1"));
    if (m) return m[1] === "unlimited" ? 65536 : Number(m[1]);
  } catch {
    // no /proc/self/limits (a test root on another system): assume the common default
  }
  return 1024;
}

const shared = Buffer.alloc(4096);

/**
 * Stat fds kept open between polls, at most a quarter of the open-file limit (the rest is opened per read).
 * Only under the real /proc: a test's directory of files would keep serving a removed process's file.
 */
export class StatReader {
  private readonly fds = new Map<number, number>();
  private readonly cap: number;

  constructor(private readonly root: string) {
    this.cap = root === "/proc" ? Math.min(16384, Math.floor(softFileLimit() / 4)) : 0;
  }

  /** The stat fields of `pid`, or undefined when it is gone or unreadable. */
  read(pid: number): StatFields | undefined {
    const kept = this.fds.get(pid);
    if (kept !== undefined) {
      const n = this.readFd(kept);
      if (n !== undefined) return parseStatBytes(shared, n);
      // the process we held exited; the pid may now be another process: open afresh
      this.forget(pid, kept);
    }
    let fd: number;
    try {
      fd = openSync(`${this.root}/${pid}/stat`, "r");
    } catch {
      return undefined; // exited between readdir and open, or not readable
    }
    const n = this.readFd(fd);
    if (n === undefined || this.fds.size >= this.cap) closeSync(fd);
    else this.fds.set(pid, fd);
    return n === undefined ? undefined : parseStatBytes(shared, n);
  }

  /** Closes the fds of pids not in `present` (they exited). */
  sweep(present: ReadonlySet<number>): void {
    for (const [pid, fd] of this.fds) if (!present.has(pid)) this.forget(pid, fd);
  }

  private readFd(fd: number): number | undefined {
    try {
      return readSync(fd, shared, 0, shared.length, 0);
    } catch {
      return undefined; // ESRCH: the process exited
    }
  }

  private forget(pid: number, fd: number): void {
    this.fds.delete(pid);
    try {
      closeSync(fd);
    } catch {
      // already closed: nothing to release
    }
  }
}

const readers = new Map<string, StatReader>();

/** One reader per /proc root, shared by every source of this process, so kept fds are bounded once. */
export function statReaderFor(root: string): StatReader {
  let reader = readers.get(root);
  if (!reader) readers.set(root, (reader = new StatReader(root)));
  return reader;
}
