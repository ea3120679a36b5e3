// The engine's loop while it ingests a 1 MiB hook payload of tiny keys (docs/performance.md#what-changed-to-get-there):
// a real engine in this process (fake process table), the file dropped into its spool, the longest block of
// this process's event loop from the drop until the event is counted. Target: ≤ 50 ms. Beside it: the
// longest block over as long with nothing to ingest (what the machine's load alone costs), and what the
// same bytes cost when prepared on the loop (the path before the parse worker). The same for a watched
// host's spool (remoteBigPayloadBlock): the file comes over the link and goes through the same worker.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createEngine, defaultSettings, type Engine } from "@mytty-bar/engine";
import { resolvePaths, type Paths } from "@mytty-bar/installers";
import { mapPayload, parseSpoolFile, SPOOL_MAX_PAYLOAD_BYTES } from "@mytty-bar/protocol";
import { manyKeyPayload, quietEngine, spool } from "../packages/engine/test/helpers.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** This thread's time on a CPU so far, in ms (Linux schedstat), or undefined elsewhere. */
function onCpuMs(): number | undefined {
  try {
    return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return undefined; // not Linux: the figure is left out
  }
}

/**
 * The loop's longest stretch on a CPU between two 5 ms ticks: what its own code held it for, without the
 * time a loaded machine kept it off a core (which the wall-clock block counts, as a user would feel it).
 */
function cpuBlockMeter(): { stop(): number | undefined } {
  let last = onCpuMs();
  let worst = 0;
  const tick = setInterval(() => {
    const now = onCpuMs();
    if (now !== undefined && last !== undefined) worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  return {
    stop() {
      clearInterval(tick);
      return last === undefined ? undefined : Number(worst.toFixed(1));
    },
  };
}

/** `rounds` distinct 1 MiB files (a distinct prompt_id each: new events, not duplicates). */
function bigFiles(rounds: number): Uint8Array[] {
  // Built before the engine starts and the clock runs: the bench's own garbage is not the engine's block.
  const body = manyKeyPayload("claude-code", "PermissionRequest", SPOOL_MAX_PAYLOAD_BYTES);
  return Array.from({ length: rounds }, (_, i) =>
    spool("claude-code", body.replace('"prompt_id":"', `"prompt_id":"r${i}-`), { ppid: 4242 }),
  );
}

/**
 * Each file written in `spoolTmp`, renamed into `spoolNew`, then `after()`; the loop's longest block from
 * the rename until the engine has counted it, with the figures beside it.
 */
async function blocksWhile(
  engine: Engine,
  files: Uint8Array[],
  spoolDirs: { tmp: string; new: string },
  after: () => Promise<void>,
): Promise<Record<string, unknown>> {
  const blocks: number[] = [];
  const onCpu: (number | undefined)[] = [];
  const walls: number[] = [];
  for (const [i, bytes] of files.entries()) {
    const tmp = path.join(spoolDirs.tmp, `big-${i}`);
    await fs.promises.writeFile(tmp, bytes, { mode: 0o600 });
    const before = engine.stats().accepted;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const meter = cpuBlockMeter();
    const t0 = performance.now();
    await fs.promises.rename(tmp, path.join(spoolDirs.new, `big-${i}`));
    await after();
    while (engine.stats().accepted === before) await sleep(5);
    walls.push(performance.now() - t0);
    delay.disable();
    onCpu.push(meter.stop());
    blocks.push(delay.max / 1e6);
  }
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await sleep(walls.reduce((a, b) => a + b, 0));
  idle.disable();
  const onLoop = performance.now();
  const parsed = parseSpoolFile(files[0]!);
  if (parsed.ok) mapPayload({ provider: "claude-code", payload: parsed.payload, now: new Date() });
  const onLoopMs = Math.round(performance.now() - onLoop);
  const worst = Number(Math.max(...blocks).toFixed(1));
  return {
    payloadBytes: SPOOL_MAX_PAYLOAD_BYTES,
    blockMs: blocks.map((b) => Number(b.toFixed(1))),
    onCpuBlockMs: onCpu,
    ingestWallMs: walls.map((w) => Math.round(w)),
    eventLoopMaxBlockIdleMs: Number((idle.max / 1e6).toFixed(1)),
    preparedOnLoopMs: onLoopMs,
    eventLoopMaxBlockMs: { figure: worst, target: "<= 50", holds: worst <= 50 },
  };
}

export async function bigPayloadBlock(rounds = 5): Promise<Record<string, unknown>> {
  const files = bigFiles(rounds);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-bigpayload-bench-"));
  const paths = resolvePaths({ env: { HOME: home }, platform: process.platform });
  const engine = await createEngine({
    paths,
    ...quietEngine,
    settings: { ...defaultSettings(), answerWaitSeconds: 0 },
  });
  try {
    return await blocksWhile(engine, files, { tmp: paths.spoolTmp, new: paths.spoolNew }, () => engine.drain());
  } finally {
    await engine.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** A watched host: its destination, the local side's environment to reach it, and its spool (Paths there). */
export interface BenchHost {
  destination: string;
  env: NodeJS.ProcessEnv;
  spool: Pick<Paths, "spoolTmp" | "spoolNew">;
}

/**
 * The same five files spooled on a watched host: over the link (tick 50 ms) into a real engine in this
 * process, which lists the host to join each (its helper's parent, 4242, is never there).
 */
export async function remoteBigPayloadBlock(
  local: Paths,
  host: BenchHost,
  rounds = 5,
): Promise<Record<string, unknown>> {
  const files = bigFiles(rounds);
  const engine = await createEngine({
    paths: local,
    ...quietEngine,
    settings: { ...defaultSettings(), remotes: [host.destination], answerWaitSeconds: 0 },
    remote: { env: host.env, tickMs: 50 },
  });
  try {
    for (const end = Date.now() + 20_000; engine.snapshot().hosts?.[0]?.state !== "connected"; await sleep(20))
      if (Date.now() > end) throw new Error(`${host.destination}: the link did not come up`);
    return await blocksWhile(engine, files, { tmp: host.spool.spoolTmp, new: host.spool.spoolNew }, () =>
      Promise.resolve(),
    );
  } finally {
    await engine.stop();
  }
}
