// Which processes a /proc listing must read again, and which keep last poll's row unread
// (docs/performance.md#what-changed-to-get-there). Generating /proc/<pid>/stat text is most of a scan,
// and almost nothing in it changes for a process that stays: pure decisions here, the reads in proc.ts.
import { readFileSync, readlinkSync } from "node:fs";

/** The kernel's pid counters at one moment (/proc/loadavg, /proc/stat, /proc/uptime). */
export interface PidClock {
  /** The last pid handed out in this pid namespace (5th field of /proc/loadavg). */
  lastPid: number;
  /** Tasks (processes and threads) created since boot, in every namespace ("processes" in /proc/stat). */
  forks: number;
  /** Now, in clock ticks since boot (USER_HZ = 100), the unit of a process's start time. */
  uptimeTicks: number;
}

/**
 * Which listed pids may belong to a process other than the one seen last poll. Pids are handed out in
 * increasing order, wrapping at pid_max, so a pid can only have been reused if the counter passed it:
 * the cyclic range (previous lastPid, lastPid]. When more tasks were created than half the pid space
 * (the counter may have gone round) or no previous clock exists, every pid may have been.
 */
export function reusedPids(prev: PidClock | undefined, now: PidClock, pidMax: number): (pid: number) => boolean {
  if (!prev || now.forks < prev.forks || now.forks - prev.forks >= pidMax / 2) return () => true;
  const span = (now.lastPid - prev.lastPid + pidMax) % pidMax;
  return (pid) => {
    const at = (pid - prev.lastPid + pidMax) % pidMax;
    return at > 0 && at <= span;
  };
}

/** What the plan needs to know of a row kept from an earlier poll (its parent is the row's ppid). */
export interface KeptState {
  /** tty_nr; 0 when the process has no terminal. */
  ttyNr: number;
  /** Start time and time of the last read, in clock ticks since boot. */
  startTicks: number;
  readAtTicks: number;
}

/** A process read within this long of its start is read again: a fork has not always exec'd yet. */
export const YOUNG_TICKS = 500;
/** Every kept process is read again once per this many polls (pid % ROTATION): the slow safety net. */
export const ROTATION = 10;

/**
 * Whether a kept process must be read this poll. A row keeps what a steady process's stat says; it is read
 * again when the pid may be another process now, when it has a terminal (its foreground group, tpgid,
 * changes as commands run), while it is young (a fork execs, sets its group, takes a terminal right after
 * it starts), and on its rotation turn (a late exec, setsid, or a parent that is a lingering zombie).
 */
export function mustRead(
  kept: KeptState,
  pid: number,
  pass: number,
  reused: (pid: number) => boolean,
  limits: { youngTicks: number; rotation: number } = { youngTicks: YOUNG_TICKS, rotation: ROTATION },
): boolean {
  if (reused(pid) || kept.ttyNr !== 0) return true;
  if (kept.readAtTicks - kept.startTicks < limits.youngTicks) return true;
  return (pid + pass) % limits.rotation === 0;
}

/** A kept row whose parent is gone or is another process now: it was reparented, its ppid is stale. */
export function orphaned(
  row: { pid: number; ppid: number },
  present: ReadonlySet<number>,
  renewed: ReadonlySet<number>,
): boolean {
  if (row.ppid <= 0 || row.ppid === row.pid) return false;
  return !present.has(row.ppid) || renewed.has(row.ppid);
}

let ownNamespace: boolean | undefined;
/**
 * Whether /proc is this process's pid namespace's (/proc mounted for another one would count another
 * namespace's pids). Neither changes while the process runs: read once, not every poll.
 */
export function procIsOurNamespace(): boolean {
  if (ownNamespace === undefined) {
    try {
      ownNamespace = readlinkSync("/proc/self") === String(process.pid);
    } catch {
      ownNamespace = false; // no /proc/self (not Linux's /proc): no pid clock
    }
  }
  return ownNamespace;
}

/** The pid clock of the real /proc, or undefined when /proc is not this process's pid namespace's. */
export function readPidClock(root: string): PidClock | undefined {
  if (root !== "/proc" || !procIsOurNamespace()) return undefined;
  try {
    const lastPid = Number(readFileSync("/proc/loadavg", "latin1").trim().split(" ")[4]);
    const forks = Number(/^processes (\d+)$/m.exec(readFileSync("/proc/stat", "latin1"))?.[1]);
    const uptimeTicks = Math.floor(Number(readFileSync("/proc/uptime", "latin1").split(" ")[0]) * 100);
    if (![lastPid, forks, uptimeTicks].every(Number.isFinite)) return undefined;
    return { lastPid, forks, uptimeTicks };
  } catch {
    return undefined; // no such files (not Linux's /proc): every poll reads every process
  }
}

/** /proc/sys/kernel/pid_max, or undefined when unreadable (then no pid is trusted unread). */
export function readPidMax(): number | undefined {
  try {
    const n = Number(readFileSync("/proc/sys/kernel/pid_max", "latin1").trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined; // unreadable: every poll reads every process
  }
}
