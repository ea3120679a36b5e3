// Issue 13 targets, each figure printed next to its target: a week of use (WEEK_EVENTS, default
// 100,000 events over 500 sessions, simulated clock, then an hour of simulated polls): per-event engine
// CPU flat, RSS, log bound, restart → list, nothing lost; and intake draining a 5,000-file backlog in
// linear time (per-file cost at 5,000 vs 1,000). The engine runs in a child process (bench/week-engine.mjs,
// fake process table), so CPU and RSS are the engine's own; this process only writes the spool files.
import { fork } from "node:child_process";
import { renameSync, writeFileSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolvePaths } from "@mytty-bar/installers";
import { MAX_LOG_LINES } from "../packages/engine/src/persistence.js";
import { createIntake } from "../packages/engine/src/intake.js";
import { workload } from "../packages/engine/test/workload.js";

const EVENTS = Number(process.env.WEEK_EVENTS ?? 100_000);
const SESSIONS = 500;
const STEP_MS = 6000; // 100,000 events a week
const BATCH = 1000;

/** The engine in a child process (bench/week-engine.mjs): one request at a time over IPC. */
async function engineChild(home: string, t: number) {
  const child = fork(fileURLToPath(new URL("./week-engine.mjs", import.meta.url)), [home, String(t)], {
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  type Reply = { ok: boolean; result?: unknown; error?: string };
  const replies: ((m: Reply) => void)[] = [];
  child.on("message", (m: Reply) => replies.shift()?.(m));
  child.on("exit", (code) => {
    for (const reply of replies.splice(0)) reply({ ok: false, error: `week engine exited (${code})` });
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      replies.push((m) => (m.ok ? resolve(m.result) : reject(new Error(m.error))));
    });
  await next(); // ready
  return {
    call: async <T>(op: string, args: Record<string, unknown> = {}): Promise<T> => {
      const reply = next();
      child.send({ op, ...args });
      return (await reply) as T;
    },
    exit: () => new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once("exit", resolve))),
    kill: () => child.kill("SIGKILL"),
  };
}

/** `peakRssMb`: the child's highest RSS so far (ru_maxrss), so a peak between two samples counts too. */
interface Batch {
  cpuUs: number;
  rssMb: number;
  peakRssMb: number;
  heapMb: number;
  heapTotalMb: number;
  externalMb: number;
  rssAnonMb: number;
  rssFileMb: number;
  /** V8's committed size per heap space. */
  spacesMb: Record<string, number>;
  lines: number;
}
interface Started {
  ms: number;
  cpuMs: number;
  rssMb: number;
  peakRssMb: number;
}
interface Stopped {
  stats: { accepted: number; duplicates: number; ignored?: number; rejected: number };
  log: { lines: number; rewrites: number };
  rssMb: number;
  peakRssMb: number;
}

async function week(): Promise<Record<string, unknown>> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-week-"));
  const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  let t = Date.parse("2026-11-02T08:00:00.000Z");
  let engine = await engineChild(home, t);
  try {
    await engine.call<Started>("start");
    const cpuPerBatch: number[] = [];
    let rssMax = 0;
    let peakMax = 0;
    let heapMax = 0;
    /** Where the sampled RSS was at its highest batch: V8 committed, outside V8, anonymous and file pages. */
    let split: Omit<Batch, "cpuUs" | "rssMb" | "peakRssMb" | "heapMb" | "lines"> = {
      heapTotalMb: 0,
      externalMb: 0,
      rssAnonMb: 0,
      rssFileMb: 0,
      spacesMb: {},
    };
    let linesMax = 0;
    let written = 0;
    const stream = workload({ events: EVENTS, sessions: SESSIONS });
    while (written < EVENTS) {
      for (let i = 0; i < BATCH && written < EVENTS; i += 1) {
        const next = stream.next();
        if (next.done) break;
        written += 1;
        // As the helper does (tmp, then rename): the engine's watcher never takes a half-written file.
        const name = `w${String(written).padStart(7, "0")}`;
        writeFileSync(path.join(paths.spoolTmp, name), next.value.bytes);
        renameSync(path.join(paths.spoolTmp, name), path.join(paths.spoolNew, name));
        t += STEP_MS;
      }
      const b = await engine.call<Batch>("batch", { t });
      cpuPerBatch.push(b.cpuUs / BATCH);
      if (b.rssMb > rssMax) split = b;
      rssMax = Math.max(rssMax, b.rssMb);
      heapMax = Math.max(heapMax, b.heapMb);
      linesMax = Math.max(linesMax, b.lines);
    }
    // Restart with the log as the events left it (its fullest), then the hour on the restarted engine.
    const before = await engine.call<Stopped>("stop");
    engine.kill();
    await engine.exit();
    const fullLines = before.log.lines;
    engine = await engineChild(home, t);
    const restarts: Started[] = [await engine.call<Started>("start")];
    // An hour of simulated time, polled every 2 s as the engine does.
    const hour = await engine.call<{ rssMb: number; t: number }>("idle", { seconds: 3600 });
    t = hour.t;
    rssMax = Math.max(rssMax, hour.rssMb, restarts[0]!.rssMb);
    const stopped = await engine.call<Stopped>("stop");
    peakMax = Math.max(before.peakRssMb, stopped.peakRssMb);
    engine.kill();
    await engine.exit();
    // Two more restarts after the hour, with the log the hour compacted (shown beside the figure).
    for (let i = 0; i < 2; i += 1) {
      engine = await engineChild(home, t);
      restarts.push(await engine.call<Started>("start"));
      peakMax = Math.max(peakMax, (await engine.call<Stopped>("stop")).peakRssMb);
      engine.kill();
      await engine.exit();
    }
    const restart = restarts[0]!;
    const tenth = Math.max(1, Math.floor(cpuPerBatch.length / 10));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const first = avg(cpuPerBatch.slice(0, tenth));
    const last = avg(cpuPerBatch.slice(-tenth));
    // The events' counters live in the first engine; the restarted one re-reads the log, not the spool.
    const { stats } = before;
    // Every workload file is a valid hook call, so a rejected one is lost too (a torn read of the spool).
    const lost = EVENTS - (stats.accepted + stats.duplicates + (stats.ignored ?? 0));
    const fig = (figure: number, target: string, holds: boolean) => ({
      figure: Number(figure.toFixed(2)),
      target,
      holds,
    });
    return {
      events: EVENTS,
      sessions: SESSIONS,
      perEventCpuUs: { first10pct: Number(first.toFixed(1)), last10pct: Number(last.toFixed(1)) },
      perEventCpuLastOverFirst: fig(last / first, "<= 1.5", last / first <= 1.5),
      rssMbMax: fig(peakMax, "<= 120 (the engine's own process, its peak)", peakMax <= 120),
      rssMbMaxSampled: Number(rssMax.toFixed(1)),
      heapMbMaxSampled: Number(heapMax.toFixed(1)),
      atRssMbMaxSampled: {
        heapTotalMb: Number(split.heapTotalMb.toFixed(1)),
        externalMb: Number(split.externalMb.toFixed(1)),
        rssAnonMb: Number(split.rssAnonMb.toFixed(1)),
        rssFileMb: Number(split.rssFileMb.toFixed(1)),
        spacesMb: split.spacesMb,
      },
      logLinesMax: fig(linesMax, `<= ${MAX_LOG_LINES} + one batch`, linesMax <= MAX_LOG_LINES + BATCH),
      logLinesAfterHour: stopped.log.lines,
      logRewrites: stopped.log.rewrites,
      restartToListMs: fig(restart.ms, `<= 1000 (log of ${fullLines} lines)`, restart.ms <= 1000),
      restartCpuMs: Number(restart.cpuMs.toFixed(0)),
      restartAfterHourMs: restarts.slice(1).map((r) => Number(r.ms.toFixed(0))),
      rejected: stats.rejected,
      lost: fig(lost, "0 (rejected included)", lost === 0),
    };
  } finally {
    engine.kill();
    await fs.rm(home, { recursive: true, force: true });
  }
}

/** Milliseconds per file to drain a backlog of `n` files (onFile does nothing: the listing's cost). */
async function drainMsPerFile(n: number): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-backlog-"));
  try {
    for (let i = 0; i < n; i += 1) writeFileSync(path.join(dir, `f${String(i).padStart(6, "0")}`), "x");
    let taken = 0;
    const intake = createIntake({ dir, onFile: () => void (taken += 1), onReject: () => undefined, pollMs: 60_000 });
    const t0 = performance.now();
    await intake.drain();
    const ms = performance.now() - t0;
    intake.stop();
    if (taken !== n) throw new Error(`intake took ${taken} of ${n}`);
    return ms / n;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export default async function (): Promise<Record<string, unknown>> {
  const small = await drainMsPerFile(1000);
  const large = await drainMsPerFile(5000);
  const ratio = large / small;
  return {
    intake: {
      msPerFile1000: Number(small.toFixed(3)),
      msPerFile5000: Number(large.toFixed(3)),
      perFileRatio5000over1000: { figure: Number(ratio.toFixed(2)), target: "<= 1.5 (linear)", holds: ratio <= 1.5 },
    },
    week: await week(),
  };
}
