// Issue 13 targets next to their figures: one detection scan at 2,000 and 5,000 processes (≤ 40 / 80 ms,
// event loop never blocked > 50 ms), and `mytty-team list --json` / `mytty-doctor status --json` with the
// engine running against `node -e 0` in the same run (≤ 1.5x). Real /proc, real `sleep` herds, real engine.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createScanner, createSource } from "@mytty-bar/detect";
import { BIN, Engine, makeWorld } from "../test/engine-harness.js";
import { summarize } from "./stats.js";

async function herd(extra: number): Promise<ChildProcess> {
  const child = spawn("sh", ["-c", `i=0; while [ $i -lt ${extra} ]; do sleep 900 & i=$((i+1)); done; wait`], { detached: true, stdio: "ignore" });
  const source = createSource("proc");
  const target = (await source.list()).length + extra;
  for (let i = 0; i < 300 && (await source.list()).length < target - 20; i += 1) await new Promise((r) => setTimeout(r, 100));
  return child;
}

async function scanAt(total: number, targetMs: number): Promise<Record<string, unknown>> {
  const source = createSource("proc");
  const have = (await source.list()).length;
  const child = total > have ? await herd(total - have) : undefined;
  try {
    const scanner = createScanner({ source });
    await scanner.scan();
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const samples: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const t0 = performance.now();
      await scanner.scan();
      samples.push(performance.now() - t0);
    }
    delay.disable();
    const s = summarize(samples);
    const blockedMs = delay.max / 1e6;
    return {
      processes: (await source.list()).length,
      scanMs: s,
      scanMedianMs: { figure: s.median, target: `<= ${targetMs}`, holds: s.median <= targetMs },
      eventLoopMaxBlockMs: { figure: Number(blockedMs.toFixed(1)), target: "<= 50", holds: blockedMs <= 50 },
    };
  } finally {
    if (child?.pid) process.kill(-child.pid, "SIGKILL");
  }
}

function wall(args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  spawnSync(process.execPath, args, { env, stdio: "ignore" });
  return performance.now() - t0;
}

async function clis(): Promise<Record<string, unknown>> {
  const world = await makeWorld(["codex"]);
  const engine = new Engine(world);
  await engine.start();
  try {
    const env = world.env;
    const base: number[] = [];
    const list: number[] = [];
    const status: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      base.push(wall(["-e", "0"], env));
      list.push(wall([BIN.team, "list", "--json"], env));
      status.push(wall([BIN.doctor, "status", "--json"], env));
    }
    const b = summarize(base).median;
    const ratio = (xs: number[]) => Number((summarize(xs).median / b).toFixed(2));
    return {
      nodeE0MedianMs: b,
      teamListJson: { medianMs: summarize(list).median, ratio: ratio(list), target: "<= 1.5", holds: ratio(list) <= 1.5 },
      doctorStatusJson: { medianMs: summarize(status).median, ratio: ratio(status), target: "<= 1.5", holds: ratio(status) <= 1.5 },
    };
  } finally {
    await engine.stop();
    await fs.rm(world.home, { recursive: true, force: true });
  }
}

export default async function (): Promise<Record<string, unknown>> {
  return { cli: await clis(), scan2000: await scanAt(2000, 40), scan5000: await scanAt(5000, 80) };
}
