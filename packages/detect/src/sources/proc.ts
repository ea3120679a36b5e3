// Linux ProcessSource reading /proc: no spawn (docs/terminals.md#reading-the-process-table). Each file is tiny, so reads are synchronous (event-loop
// hops would dominate) into one shared buffer (readFileSync's fstat and growing reads cost 4x), in
// slices of a few milliseconds with a yield between them, so a scan of thousands of processes never blocks the loop for long.
import { promises as fsp, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { unixSocketRows } from "../sockets.js";
import type { ProcessInfo, ProcessSource } from "../types.js";
import { statReaderFor, type StatFields } from "./proc-stat.js";
import {
  mustRead,
  orphaned,
  readPidClock,
  readPidMax,
  reusedPids,
  ROTATION,
  YOUNG_TICKS,
  type KeptState,
  type PidClock,
} from "./proc-plan.js";

/** Decodes a Linux tty_nr (major/minor) into ps's tty name; null when the process has no terminal. */
export function ttyFromNr(ttyNr: number): string | null {
  if (ttyNr === 0) return null;
  const major = (ttyNr >> 8) & 0xfff;
  const minor = (ttyNr & 0xff) | ((ttyNr >> 12) & 0xfff00);
  if (major >= 136 && major <= 143) return `pts/${(major - 136) * 256 + minor}`;
  if (major === 4) return minor < 64 ? `tty${minor}` : `ttyS${minor - 64}`;
  return `tty(${major},${minor})`;
}

/** Fields of /proc/<pid>/stat; parsed after the last ")" because comm may hold spaces and parens. */
export function parseStat(
  text: string,
): { comm: string; ppid: number; pgid: number; ttyNr: number; tpgid: number; startTicks: string } | undefined {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open === -1 || close === -1) return undefined;
  const f = text.slice(close + 2).split(" ");
  // f[0] = state (field 3); ppid 4, pgrp 5, session 6, tty_nr 7, tpgid 8, starttime 22.
  if (f.length < 20) return undefined;
  return {
    comm: text.slice(open + 1, close),
    ppid: Number(f[1]),
    pgid: Number(f[2]),
    ttyNr: Number(f[4]),
    tpgid: Number(f[5]),
    startTicks: f[19]!,
  };
}

function splitCmdline(raw: string): string[] {
  if (raw.length === 0) return []; // kernel threads and zombies
  const argv = Buffer.from(raw, "latin1").toString("utf8").split("\0");
  if (argv[argv.length - 1] === "") argv.pop();
  return argv;
}

export interface ProcSourceOptions {
  root?: string;
  /** Tests: how long after its start a process is read every poll, and the rotation (docs/performance.md). */
  youngTicks?: number;
  rotation?: number;
}

/**
 * The loop yields once a slice has run this long (checked every CHECK_EVERY processes): a slice is bounded
 * in time, not in processes, so on a loaded machine, where each process costs more wall time, the scan
 * still hands the loop back every few milliseconds (issue 13's 50 ms bound; docs/performance.md).
 */
const SLICE_MS = 4;
const CHECK_EVERY = 16;

interface Known extends KeptState {
  row: ProcessInfo;
}

/** The row of the last poll when nothing in stat changed (same process, same exec, same place). */
function unchanged(known: Known | undefined, s: StatFields): ProcessInfo | undefined {
  if (!known) return undefined;
  const r = known.row;
  const same = r.startTime === s.startTicks && r.ppid === s.ppid && r.pgid === s.pgid && r.tpgid === s.tpgid;
  return same && known.ttyNr === s.ttyNr && r.comm === s.comm ? r : undefined;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "latin1");
  } catch {
    return undefined; // the process exited or is another user's
  }
}

function link(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined; // the process exited or is another user's
  }
}

function ownerOf(path: string): number | undefined {
  try {
    return statSync(path).uid;
  } catch {
    return undefined; // the process exited: its row goes with the next scan
  }
}

/** A new row; argv and the exe link are read only when someone asks. */
function newRow(root: string, pid: number, parsed: StatFields): ProcessInfo {
  let exe: string | null | undefined = null;
  let argv: string[] | null = null;
  const row = {
    pid,
    ppid: parsed.ppid,
    pgid: parsed.pgid,
    tpgid: parsed.tpgid,
    tty: ttyFromNr(parsed.ttyNr),
    startTime: parsed.startTicks,
    comm: parsed.comm,
  } as ProcessInfo;
  // argv and the exe link are read only when someone asks: most rows are never classified,
  // and the classification cache means a steady scan asks for none of them.
  Object.defineProperty(row, "argv", {
    enumerable: true,
    get() {
      if (argv === null) argv = splitCmdline(read(`${root}/${pid}/cmdline`) ?? "");
      return argv;
    },
  });
  let uid: number | null | undefined = null;
  // /proc/<pid> is owned by the process's effective uid; read only for the rows someone classifies.
  Object.defineProperty(row, "uid", {
    enumerable: true,
    get() {
      if (uid === null) uid = ownerOf(`${root}/${pid}`);
      return uid;
    },
  });
  Object.defineProperty(row, "executable", {
    enumerable: true,
    get() {
      if (exe === null) exe = link(`${root}/${pid}/exe`)?.replace(/ \(deleted\)$/, "");
      return exe;
    },
  });
  return row;
}

export function createProcSource(options: ProcSourceOptions = {}): ProcessSource {
  const root = options.root ?? "/proc";
  const stat = statReaderFor(root);
  const known = new Map<number, Known>();
  /** Reads `pid` now; a steady process keeps its row, with the argv and exe link it already read. */
  const readRow = (pid: number, readAtTicks: number, renewed?: Set<number>): ProcessInfo | undefined => {
    const parsed = stat.read(pid);
    if (!parsed) return undefined; // exited between readdir and read
    const prev = known.get(pid);
    const row = unchanged(prev, parsed) ?? newRow(root, pid, parsed);
    if (prev?.row.startTime !== row.startTime) renewed?.add(pid);
    const startTicks = Number(parsed.startTicks);
    known.set(pid, { row, ttyNr: parsed.ttyNr, startTicks, readAtTicks });
    return row;
  };

  const pidMax = readPidMax();
  const limits = { youngTicks: options.youngTicks ?? YOUNG_TICKS, rotation: options.rotation ?? ROTATION };
  let clock: PidClock | undefined;
  let pass = 0;

  /**
   * readdir gives the pid set; only the pids the plan names are read (proc-plan.ts). Without a pid clock
   * (a test root, another pid namespace's /proc) every listed process is read, every poll.
   */
  async function list(): Promise<ProcessInfo[]> {
    const names = await fsp.readdir(root);
    // After readdir: every pid it listed was handed out before this clock reading.
    const now = pidMax === undefined ? undefined : readPidClock(root);
    const reused = now ? reusedPids(clock, now, pidMax!) : undefined;
    const readAt = now?.uptimeTicks ?? 0;
    pass += 1;
    const rows: Array<ProcessInfo | undefined> = [];
    const present = new Set<number>();
    const renewed = new Set<number>();
    const kept: number[] = [];
    let sinceCheck = 0;
    let sliceStart = performance.now();
    for (const name of names) {
      const code = name.charCodeAt(0);
      if (code < 48 || code > 57) continue;
      if (++sinceCheck >= CHECK_EVERY) {
        sinceCheck = 0;
        if (performance.now() - sliceStart >= SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
      }
      const pid = Number(name);
      const k = known.get(pid);
      if (k && reused && !mustRead(k, pid, pass, reused, limits)) {
        kept.push(rows.length);
        rows.push(k.row);
        present.add(pid);
        continue;
      }
      const row = readRow(pid, readAt, renewed);
      if (!row) continue;
      rows.push(row);
      present.add(pid);
    }
    // A kept row whose parent exited (or whose parent's pid is another process now) was reparented.
    for (const i of kept) {
      const pid = rows[i]!.pid;
      if (!orphaned(rows[i]!, present, renewed)) continue;
      rows[i] = readRow(pid, readAt);
      if (!rows[i]) present.delete(pid);
    }
    for (const pid of known.keys()) if (!present.has(pid)) known.delete(pid);
    stat.sweep(present);
    clock = now;
    return rows.filter((r) => r !== undefined);
  }

  return {
    list,
    async process(pid: number) {
      return readRow(pid, clock?.uptimeTicks ?? 0);
    },
    async environ(pid: number) {
      const text = read(`${root}/${pid}/environ`);
      if (text === undefined) return undefined;
      const env: Record<string, string> = {};
      for (const entry of Buffer.from(text, "latin1").toString("utf8").split("\0")) {
        const eq = entry.indexOf("=");
        if (eq > 0 && !(entry.slice(0, eq) in env)) env[entry.slice(0, eq)] = entry.slice(eq + 1);
      }
      return env;
    },
    async cwd(pid: number) {
      return link(`${root}/${pid}/cwd`);
    },
  };
}

/** The inodes of the sockets a process holds open, from its fds; undefined when it exited or is not ours. */
export function socketInodesOf(pid: number, root = "/proc"): Set<string> | undefined {
  let fds: string[];
  try {
    fds = readdirSync(`${root}/${pid}/fd`);
  } catch {
    return undefined; // exited or not ours
  }
  const inodes = new Set<string>();
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`${root}/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // fd closed meanwhile: not a socket it holds now
    }
  }
  return inodes;
}

/** Unix socket paths a process holds open, from its fds and /proc/net/unix (finds tmux servers' sockets). */
export function unixSocketsOf(pid: number, root = "/proc"): string[] {
  const inodes = socketInodesOf(pid, root);
  if (inodes === undefined) return []; // exited or not ours: no sockets to report
  if (inodes.size === 0) return [];
  let table: string;
  try {
    table = readFileSync(`${root}/net/unix`, "utf8");
  } catch {
    return []; // no /proc/net/unix (a container): no sockets known
  }
  const paths = unixSocketRows(table).flatMap((r) => (inodes.has(r.inode) && r.path.startsWith("/") ? [r.path] : []));
  return [...new Set(paths)];
}
