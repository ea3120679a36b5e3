// The week bench's engine, in a process of its own (bench/week.bench.ts drives it over IPC), so its RSS
// is the engine's alone: plain node on the built packages (`npm run build` first), no tsx, none of the
// bench's own data, with the V8 setting the headless engine uses. Same options as before: fake process table, no insights, the clock set by the parent.
import { createEngine, request } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/paths";
import { keepYoungGenerationSmall } from "../apps/menubar/dist/headless-memory.js";

// As `mytty-bar --headless` runs the engine (apps/menubar/src/cli.ts).
keepYoungGenerationSmall();

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
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
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
    return { cpuUs: cpu, rssMb: rssMb(), peakRssMb: peakRssMb(), heapMb, lines: engine.logStats().lines };
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
