// Issue 13 targets, each figure printed next to its target: a week of use (WEEK_EVENTS, default
// 100,000 events over 500 sessions, simulated clock, then an hour of simulated polls): per-event engine
// CPU flat, RSS, log bound, restart → list, nothing lost; and intake draining a 5,000-file backlog in
// linear time (per-file cost at 5,000 vs 1,000). In process, fake process table: the engine's own cost.
import { writeFileSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolvePaths } from "@mytty-bar/installers";
import { createEngine, request } from "@mytty-bar/engine";
import { MAX_LOG_LINES } from "../packages/engine/src/persistence.js";
import { createIntake } from "../packages/engine/src/intake.js";
import { simulatedEngine as options, workload } from "../packages/engine/test/workload.js";

const EVENTS = Number(process.env.WEEK_EVENTS ?? 100_000);
const SESSIONS = 500;
const STEP_MS = 6000; // 100,000 events a week
const BATCH = 1000;

async function week(): Promise<Record<string, unknown>> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-week-"));
  try {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const clock = { t: Date.parse("2026-11-02T08:00:00.000Z") };
    const engine = await createEngine(options(paths, clock));
    const cpuPerBatch: number[] = [];
    let rssMax = 0;
    let linesMax = 0;
    let written = 0;
    const stream = workload({ events: EVENTS, sessions: SESSIONS });
    while (written < EVENTS) {
      for (let i = 0; i < BATCH && written < EVENTS; i += 1) {
        const next = stream.next();
        if (next.done) break;
        written += 1;
        writeFileSync(path.join(paths.spoolNew, `w${String(written).padStart(7, "0")}`), next.value.bytes);
        clock.t += STEP_MS;
      }
      const c0 = process.cpuUsage();
      await engine.drain();
      await engine.poll();
      const c = process.cpuUsage(c0);
      cpuPerBatch.push((c.user + c.system) / BATCH);
      rssMax = Math.max(rssMax, process.memoryUsage().rss / 2 ** 20);
      linesMax = Math.max(linesMax, engine.logStats().lines);
    }
    // An hour of simulated time, polled every 2 s as the engine does.
    for (let s = 0; s < 3600; s += 2) {
      clock.t += 2000;
      await engine.poll();
    }
    rssMax = Math.max(rssMax, process.memoryUsage().rss / 2 ** 20);
    const stats = engine.stats();
    const { lines, rewrites } = engine.logStats();
    await engine.stop();
    const t0 = performance.now();
    const again = await createEngine(options(paths, clock));
    await request(paths.controlSocket, { op: "list" });
    const restartMs = performance.now() - t0;
    await again.stop();
    const tenth = Math.max(1, Math.floor(cpuPerBatch.length / 10));
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const first = avg(cpuPerBatch.slice(0, tenth));
    const last = avg(cpuPerBatch.slice(-tenth));
    const lost = EVENTS - (stats.accepted + stats.duplicates + (stats.ignored ?? 0) + stats.rejected);
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
      rssMbMax: fig(rssMax, "<= 120 (this process: bench + engine)", rssMax <= 120),
      logLinesMax: fig(linesMax, `<= ${MAX_LOG_LINES} + one batch`, linesMax <= MAX_LOG_LINES + BATCH),
      logLinesAfterHour: lines,
      logRewrites: rewrites,
      restartToListMs: fig(restartMs, "<= 1000", restartMs <= 1000),
      lost: fig(lost, "0", lost === 0),
    };
  } finally {
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
