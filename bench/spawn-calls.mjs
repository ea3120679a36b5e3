// Spawn cost from a small, fresh parent: `node bench/spawn-calls.mjs < job.json` runs each of the job's
// commands in turn (interleaved, so a load swing hits them alike) with the payload on stdin and prints, per
// command, the wall time of each call and the children's CPU. Plain node with no imports: node forks to
// spawn, so a parent with a big heap (the bench runner after other benches) pays for its own page tables
// on every call; that is the parent's cost, not the hook's (docs/performance.md#the-hook-helper).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { pathToFileURL } from "node:url";

/** utime + stime of this process's waited-for children in ms (Linux /proc; USER_HZ = 100), or NaN. */
function childrenCpuMs() {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN; // not Linux: wall times only
  }
}

/**
 * job: { commands: [{ name, file, args }], env, payloads (call i gets payloads[i % length]), runs, warmup,
 * lease?: { file, seconds }, clean?: string[] (directories emptied between calls, as an engine consumes the spool) }.
 */
export function spawnCalls(job) {
  const wallMs = Object.fromEntries(job.commands.map((c) => [c.name, []]));
  const cpuMs = Object.fromEntries(job.commands.map((c) => [c.name, 0]));
  let renewedAt = 0;
  let cleaned = 0;
  for (let i = 0; i < job.warmup + job.runs; i += 1) {
    for (const c of job.commands) {
      // As the engine does (packages/engine/src/lock.ts): the lease ahead of the clock, renewed often.
      if (job.lease && Date.now() - renewedAt > 5000) {
        const now = Date.now() / 1000;
        fs.utimesSync(job.lease.file, now, now + job.lease.seconds);
        renewedAt = Date.now();
      }
      for (const dir of job.clean ?? []) {
        for (const f of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
          fs.rmSync(`${dir}/${f}`, { force: true });
          cleaned += 1;
        }
      }
      const cpu0 = childrenCpuMs();
      const t0 = performance.now();
      const r = spawnSync(c.file, c.args, { input: job.payloads[i % job.payloads.length], env: job.env });
      const ms = performance.now() - t0;
      if (r.status !== 0) throw new Error(`${c.name} exited ${r.status ?? r.signal}`);
      if (i < job.warmup) continue;
      wallMs[c.name].push(ms);
      cpuMs[c.name] += childrenCpuMs() - cpu0;
    }
  }
  const cpuMsPerCall = Object.fromEntries(job.commands.map((c) => [c.name, cpuMs[c.name] / job.runs]));
  for (const dir of job.clean ?? []) cleaned += fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
  return { wallMs, cpuMsPerCall, cleaned, parentRssMb: Math.round(process.memoryUsage().rss / 2 ** 20) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(JSON.stringify(spawnCalls(JSON.parse(fs.readFileSync(0, "utf8")))));
}
