// Engine figures (docs/architecture.md#targets): hook → visible in list (p95 ≤ 250 ms), helper cost with a live
// engine, idle CPU/RSS of `mytty-bar --headless` with 20 terminals over 60 s (≤ 2 % of a core,
// ≤ 120 MB), and a 500-call burst 50 at a time (all accounted for). Real helper, real engine, real tmux.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { runId } from "@mytty-bar/protocol";
import { Engine, fixture, hookCommand, makeWorld, ourRows, Tmux, until } from "../test/engine-harness.js";
import { summarize } from "./stats.js";

const IDLE_SECONDS = 60;
const TERMINALS = 20;

function callHook(command: string, env: NodeJS.ProcessEnv, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile("sh", ["-c", command], { env }, (error) => (error ? reject(error) : resolve()));
    child.stdin?.end(body);
  });
}

/** utime + stime of a process in ms (Linux /proc; USER_HZ = 100). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export default async function (): Promise<Record<string, unknown>> {
  const world = await makeWorld(["codex"]);
  const engine = new Engine(world);
  const tmux = new Tmux(world);
  await engine.start();
  const command = hookCommand(world, "codex", "UserPromptSubmit");
  const session = "be4c0000-0000-4000-8000-000000000001";
  const result: Record<string, unknown> = {};
  try {
    // Latency: helper exits → the run is the agent's current one in `list`.
    const latency: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const turn = `lat-${i}`;
      const expected = runId("codex", turn);
      const t0 = performance.now();
      await callHook(command, world.env, fixture("codex", "UserPromptSubmit", { session_id: session, turn_id: turn }));
      await until(async () => (await engine.list()).some((r) => r.runId === expected), 5000, "row");
      latency.push(performance.now() - t0);
    }
    result.hookToListMs = summarize(latency);

    // Helper cost with the engine running: one call with a 4 KiB payload.
    const padding = "x".repeat(4096);
    const helper: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const body = fixture("codex", "UserPromptSubmit", { session_id: session, turn_id: `cost-${i}`, prompt: padding });
      const t0 = performance.now();
      await callHook(command, world.env, body);
      helper.push(performance.now() - t0);
    }
    result.helperMs = summarize(helper);

    // Burst: 500 calls, 50 at a time, once the calls above are all in.
    const before = await until(async () => {
      const s = await engine.stats();
      return s.accepted >= 70 && s.spoolBacklog === 0 ? s : undefined;
    }, 10_000, "earlier calls accepted");
    const t0 = performance.now();
    for (let wave = 0; wave < 10; wave += 1) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) => callHook(command, world.env, fixture("codex", "UserPromptSubmit", { session_id: session, turn_id: `burst-${wave}-${k}` }))),
      );
    }
    const after = await until(async () => {
      const s = await engine.stats();
      return s.spoolBacklog === 0 && s.accepted + s.duplicates + s.rejected + (s.ignored ?? 0) - (before.accepted + before.duplicates + before.rejected + (before.ignored ?? 0)) >= 500 ? s : undefined;
    }, 60_000, "burst accounted").catch(() => engine.stats());
    const accounted = after.accepted + after.duplicates + after.rejected + (after.ignored ?? 0) - (before.accepted + before.duplicates + before.rejected + (before.ignored ?? 0));
    result.burst = { calls: 500, accepted: after.accepted - before.accepted, accounted, lost: 500 - accounted, ms: Math.round(performance.now() - t0) };

    // Idle: 20 terminals with a (sleeping) fake agent each; the engine polls every 2 s.
    for (let i = 0; i < TERMINALS; i += 1) await tmux.pane("codex", `idle-${i}`, "5");
    await until(async () => ((await ourRows(world, engine)).length >= TERMINALS ? true : undefined), 20_000, "20 agents");
    const pid = engine.child!.pid!;
    const cpu0 = cpuMs(pid);
    const wall0 = performance.now();
    let rssMax = 0;
    for (let s = 0; s < IDLE_SECONDS; s += 5) {
      await new Promise((r) => setTimeout(r, 5000));
      rssMax = Math.max(rssMax, rssMb(pid));
    }
    const share = (cpuMs(pid) - cpu0) / (performance.now() - wall0);
    result.idle = {
      terminals: (await ourRows(world, engine)).length,
      seconds: IDLE_SECONDS,
      cpuPercentOfCore: Number((share * 100).toFixed(2)),
      rssMbMax: Number(rssMax.toFixed(1)),
    };
  } finally {
    await engine.stop();
    await tmux.kill();
  }
  return result;
}
