// Cumulative CPU time per process, the one signal polling has for "working" (poll-activity.ts).
// Linux reads /proc/<pid>/stat (no spawn); elsewhere one `ps` call covers every pid asked for.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";

export type CpuSampler = (pids: readonly number[]) => Promise<Map<number, number>>;

/** Clock ticks per second: 100 on every Linux this runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

export function createCpuSampler(platform: NodeJS.Platform = process.platform): CpuSampler {
  return platform === "linux" ? procSampler : psSampler;
}

async function procSampler(pids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const ms = cpuFromStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
      if (ms !== undefined) out.set(pid, ms);
    } catch {
      // Gone between scan and sample.
    }
  }
  return out;
}

/** utime + stime (fields 14, 15) in ms; the comm field may hold spaces and parentheses, so split after the last ')'. */
export function cpuFromStat(stat: string): number | undefined {
  const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

function psSampler(pids: readonly number[]): Promise<Map<number, number>> {
  if (pids.length === 0) return Promise.resolve(new Map());
  return new Promise((resolve) => {
    execFile(
      "ps",
      ["-o", "pid=,time=", "-p", pids.join(",")],
      { env: { ...process.env, LC_ALL: "C" }, timeout: 5000 },
      (_error, stdout) => {
        resolve(parsePsTimes(String(stdout ?? "")));
      },
    );
  });
}

/** `ps -o pid=,time=` lines: "  4242 1-02:03:04.56" / "4242 0:01.23" → pid → ms. */
export function parsePsTimes(text: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of text.split("\n")) {
    const match = /^\s*(\d+)\s+(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)\s*$/.exec(line);
    if (!match) continue;
    const [, pid, days, hours, minutes, seconds] = match;
    const ms = (((Number(days ?? 0) * 24 + Number(hours ?? 0)) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
    out.set(Number(pid), ms);
  }
  return out;
}
