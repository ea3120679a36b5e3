// A herd of idle `sleep` processes bringing the machine to N processes for the scale bench, with the
// limits that could stop it (printed when it falls short, so a short herd never passes for a full one).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Processes (not threads) in /proc now: what a scan lists. */
export function countProcesses(): number {
  let n = 0;
  for (const name of readdirSync("/proc")) if (name.charCodeAt(0) >= 48 && name.charCodeAt(0) <= 57) n += 1;
  return n;
}

function firstLine(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").split("\n")[0]?.trim();
  } catch {
    return undefined; // not on this system
  }
}

/** The pids cgroup limit of this process (v1 or v2), or undefined when none is mounted. */
function cgroupPidsMax(): string | undefined {
  let lines: string[];
  try {
    lines = readFileSync("/proc/self/cgroup", "utf8").split("\n");
  } catch {
    return undefined; // no cgroups here
  }
  for (const line of lines) {
    const [, controllers, at = "/"] = line.split(":");
    if (controllers === "pids") return firstLine(`/sys/fs/cgroup/pids${at}/pids.max`) ?? "max (no pids.max)";
    if (controllers === "") {
      const v2 = firstLine(`/sys/fs/cgroup${at === "/" ? "" : at}/pids.max`);
      if (v2 !== undefined) return v2;
    }
  }
  return undefined;
}

/** RLIMIT_NPROC of this process as [soft, hard] ("unlimited" or a number). */
function nprocLimit(): [string, string] | undefined {
  const m = /^Max processes\s+(\S+)\s+(\S+)/m.exec(readFileSync("/proc/self/limits", "utf8"));
  return m ? [m[1]!, m[2]!] : undefined;
}

export interface ProcessLimits {
  nproc?: [string, string];
  pidMax?: string;
  threadsMax?: string;
  cgroupPidsMax?: string;
  root: boolean;
}

export function processLimits(): ProcessLimits {
  return {
    nproc: nprocLimit(),
    pidMax: firstLine("/proc/sys/kernel/pid_max"),
    threadsMax: firstLine("/proc/sys/kernel/threads-max"),
    cgroupPidsMax: cgroupPidsMax(),
    root: process.getuid?.() === 0, // root is not held to RLIMIT_NPROC
  };
}

export interface Herd {
  child?: ChildProcess;
  /** How many processes it was to add. */
  extra: number;
  /** Processes on the machine once the herd stood (or gave up). */
  processes: number;
  /** Why it stopped short of its target, when it did. */
  short?: string;
}

/**
 * `extra` more processes: one `sh` starting `sleep 900 &` in a loop (a sleep is the lightest process there
 * is: one exec, ~1 MB). The soft RLIMIT_NPROC is raised to the hard one through prlimit when present.
 */
export async function herd(extra: number): Promise<Herd> {
  const before = countProcesses();
  const target = before + extra;
  const loop = `i=0; while [ $i -lt ${extra} ]; do sleep 900 & i=$((i+1)); done; wait`;
  const hard = nprocLimit()?.[1];
  const raise = hard !== undefined && spawnSync("prlimit", ["--version"], { stdio: "ignore" }).status === 0;
  const [cmd, args] = raise ? ["prlimit", [`--nproc=${hard}:${hard}`, "sh", "-c", loop]] : ["sh", ["-c", loop]];
  const child = spawn(cmd, args as string[], { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr = (stderr + String(d)).slice(0, 2000)));
  let exited = false;
  child.once("exit", () => (exited = true));
  let best = before;
  let stalledSince = performance.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const n = countProcesses();
    if (n >= target - 20) return { child, extra, processes: n };
    if (n > best) [best, stalledSince] = [n, performance.now()];
    if (exited || stderr !== "" || performance.now() - stalledSince > 15_000) {
      const why = stderr.split("\n")[0] || (exited ? "the herd's shell exited" : "no new process for 15 s");
      return { child, extra, processes: n, short: `${why}; limits ${JSON.stringify(processLimits())}` };
    }
  }
}

/** Kills the herd and waits until its processes are reaped (a count taken meanwhile would include them). */
export async function killHerd(h: Herd | undefined): Promise<void> {
  if (!h?.child?.pid) return;
  const at = countProcesses();
  try {
    process.kill(-h.child.pid, "SIGKILL");
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 300 && countProcesses() > at - h.extra + 20; i += 1) await new Promise((r) => setTimeout(r, 100));
}
