// Process helpers shared by the benches: CPU and RSS of a child from /proc, an idle sample, one real hook call.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";

/** Runs the installed hook command with `body` on stdin, as the agent would. */
export function callHook(command: string, env: NodeJS.ProcessEnv, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile("sh", ["-c", command], { env }, (error) => (error ? reject(error) : resolve()));
    child.stdin?.end(body);
  });
}

/** utime + stime of a process in ms (Linux /proc; USER_HZ = 100). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** A process left alone for `seconds`: its CPU share in % of one core, and its largest RSS sampled every 5 s. */
export async function idleSample(pid: number, seconds: number): Promise<{ cpuPercent: number; rssMaxMb: number }> {
  const cpu0 = cpuMs(pid);
  const wall0 = performance.now();
  let rssMaxMb = 0;
  for (let s = 0; s < seconds; s += 5) {
    await new Promise((r) => setTimeout(r, 5000));
    rssMaxMb = Math.max(rssMaxMb, rssMb(pid));
  }
  return { cpuPercent: (100 * (cpuMs(pid) - cpu0)) / (performance.now() - wall0), rssMaxMb };
}
