// The week bench's engine, in a process of its own (bench/week.bench.ts drives it over IPC), so its RSS
// is the engine's alone: plain node on the built packages (`npm run build` first), no tsx, none of the
// bench's own data, with the V8 setting the headless engine uses. Same options as before: fake process table, no insights, the clock set by the parent.
import { readFileSync } from "node:fs";
import v8 from "node:v8";
import { keepYoungGenerationSmall } from "../apps/menubar/dist/headless-memory.js";

// As `mytty-bar --headless` runs the engine (apps/menubar/src/cli.ts): the flags are set before the
// engine's modules load. Loading them first let the young generation grow to 16 MB on the way (the
// flag only stops growth from there), 14 MB of RSS the headless engine never has.
keepYoungGenerationSmall();
const { createEngine, request } = await import("@mytty-bar/engine");
const { resolvePaths } = await import("@mytty-bar/paths");

const home = process.argv[2];
const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
const clock = { t: Number(process.argv[3]) };
const options = {
  paths,
  scanner: {
    scan: async () => ({ processes: [], agents: [], at: new Date(clock.t) }),
    join: async () => ({ tty: null, terminal: {} }),
  },
  source: { cwd: async () => undefined },
  cpu: async () => new Map(),
  insights: false,
  now: () => new Date(clock.t),
  spoolPollMs: 60_000,
};

const cpuUs = (c) => c.user + c.system;
const rssMb = () => process.memoryUsage().rss / 2 ** 20;
/** The process's highest RSS so far (ru_maxrss, KiB): catches a peak between two batches' samples. */
// This process's own high-water RSS. Linux's ru_maxrss (process.resourceUsage().maxRSS) keeps the
// parent's across fork and exec, so it would report the bench runner's peak when that was higher.
const peakRssMb = () => {
  try {
    const kb = /^VmHWM:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    if (kb !== undefined) return Number(kb) / 1024;
  } catch {
    // not Linux: ru_maxrss, with the caveat above
  }
  return process.resourceUsage().maxRSS / 1024;
};
/** Where the RSS is: V8's heap (committed), memory outside it, and (Linux) anonymous vs file-backed pages. */
function memory() {
  const m = process.memoryUsage();
  const kb = (name, text) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? NaN) / 1024;
  let status = "";
  try {
    status = readFileSync("/proc/self/status", "utf8");
  } catch {
    // not Linux: the split is left out
  }
  return {
    heapTotalMb: m.heapTotal / 2 ** 20,
    externalMb: m.external / 2 ** 20,
    rssAnonMb: kb("RssAnon", status),
    rssFileMb: kb("RssFile", status),
    spacesMb: Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((s) => [s.space_name.replace(/_space$/, ""), Math.round(s.space_size / 2 ** 19) / 2]),
    ),
  };
}
let engine;
/** CPU at the end of the last batch: spool files taken by the watcher while the parent wrote count too. */
let lastCpu;

const ops = {
  /** createEngine, then one `list` over the control socket: the restart figure when the log is full. */
  async start() {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    engine = await createEngine(options);
    await request(paths.controlSocket, { op: "list" });
    const started = { ms: performance.now() - t0, cpuMs: cpuUs(process.cpuUsage(c0)) / 1000, rssMb: rssMb() };
    lastCpu = process.cpuUsage();
    return { ...started, peakRssMb: peakRssMb() };
  },
  /** The parent wrote a batch of spool files up to simulated time `t`: drain and poll, report the CPU. */
  async batch({ t }) {
    clock.t = t;
    await engine.drain();
    await engine.poll();
    const cpu = cpuUs(process.cpuUsage(lastCpu));
    lastCpu = process.cpuUsage();
    const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
    return {
      cpuUs: cpu,
      rssMb: rssMb(),
      peakRssMb: peakRssMb(),
      heapMb,
      ...memory(),
      lines: engine.logStats().lines,
    };
  },
  /** `seconds` of simulated time polled every 2 s, as the engine does. */
  async idle({ seconds }) {
    for (let s = 0; s < seconds; s += 2) {
      clock.t += 2000;
      await engine.poll();
    }
    return { rssMb: rssMb(), peakRssMb: peakRssMb(), t: clock.t };
  },
  async stop() {
    const stats = engine.stats();
    const log = engine.logStats();
    await engine.stop();
    return { stats, log, rssMb: rssMb(), peakRssMb: peakRssMb() };
  },
};

process.on("message", (message) => {
  ops[message.op](message)
    .then((result) => process.send({ ok: true, result }))
    .catch((error) => process.send({ ok: false, error: String(error?.stack ?? error) }));
});
process.send({ ok: true, result: "ready" });
