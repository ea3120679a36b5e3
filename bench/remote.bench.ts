// Watching a host over loopback ssh (docs/architecture.md#targets): remote hook → visible in the local
// `list` (p95 ≤ 500 ms), the host's streamer CPU while idle (≤ 1 % of a core, the sh and the
// processes it waited for: its `ps` every poll), and a remote answer → the held remote hook's exit (the
// local answer target, p95 ≤ 300 ms, bench/answer.bench.ts), and the engine's loop while 1 MiB payloads of
// tiny keys come from the host (≤ 50 ms, bench/big-payload.ts). Real sshd (test/support/sshd.ts), real
// helper, real engine.
import { spawn } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { createEngine, defaultSettings } from "@mytty-bar/engine";
import { callHook } from "./proc.js";
import { percentile, summarize } from "./stats.js";
import { BIN, Engine, fixture, hookCommand, runCli, until } from "../test/engine-harness.js";
import { startSshd, type SshdFixture } from "../test/support/sshd.js";
import { localWorld, remoteWorld, sshSide } from "../test/support/remote-world.js";
import type { World } from "../test/engine-harness.js";
import { quietEngine } from "../packages/engine/test/helpers.js";
import { remoteBigPayloadBlock } from "./big-payload.js";

const CALLS = 40;
const ANSWERS = 40;
const IDLE_SECONDS = 30;

/** utime + stime, plus the same of the children it waited for, in ms (Linux /proc; USER_HZ = 100). */
function cpuWithChildrenMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
}

export default async function (): Promise<Record<string, unknown>> {
  const sshd = await startSshd();
  const remote = await remoteWorld(sshSide(sshd));
  // Nothing runs on the "host" but the streamer: its scan is kept to a subtree with no agents.
  const local = await localWorld(sshSide(sshd), String(sshd.pid));
  const engine = new Engine(local);
  const result: Record<string, unknown> = {};
  try {
    await runCli(local, BIN.bar, ["remote", "add", sshd.destination]);
    await engine.start();
    const streamerFile = path.join(remote.paths.dataDir, "remote-streamer.pid");
    const streamer = await until(
      async () => Number(readFileSync(streamerFile, "utf8")) || undefined,
      20_000,
      "streamer",
    );
    // Greeted: engine.pid there names the streamer, so the helper spools.
    await until(
      async () => (await runCli(local, BIN.bar, ["remote", "list"])).stdout.includes("connected"),
      20_000,
      "link",
    );
    const command = hookCommand(remote, "claude-code", "UserPromptSubmit");
    const latency: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      const session = `be4c0000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      const t0 = performance.now();
      await callHook(
        command,
        remote.env,
        fixture("claude-code", "UserPromptSubmit", { session_id: session, prompt_id: session }),
      );
      await until(async () => (await engine.list()).some((r) => r.sessionId === session), 10_000, "remote row").catch(
        async (error: unknown) => {
          throw new Error(`${String(error)}: ${JSON.stringify(await engine.stats())} ${engine.output}`);
        },
      );
      latency.push(performance.now() - t0);
    }
    const lat = summarize(latency);
    result.remoteHookToListMs = lat;
    result.remoteHookToListP95Ms = { figure: lat.p95, target: "<= 500", holds: lat.p95 <= 500 };

    const before = cpuWithChildrenMs(streamer);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const share = ((cpuWithChildrenMs(streamer) - before) / (IDLE_SECONDS * 1000)) * 100;
    result.streamerIdleCpuPercent = { figure: Number(share.toFixed(2)), target: "<= 1", holds: share <= 1 };
    await engine.stop();
    Object.assign(result, await remoteAnswers(sshd, local, remote));
    const host = { destination: sshd.destination, env: local.env, spool: remote.paths };
    result.remoteBigPayload = await remoteBigPayloadBlock(local.paths, host);
    await runCli(local, BIN.bar, ["remote", "remove", sshd.destination]);
  } finally {
    await engine.stop();
    await sshd.stop();
    await fs.rm(local.home, { recursive: true, force: true });
  }
  return result;
}

/** Runs the remote hook command; resolves with its stdout and the moment it exited. */
function heldHook(command: string, env: NodeJS.ProcessEnv, body: string) {
  return new Promise<{ stdout: string; exitedAt: number }>((resolve, reject) => {
    const child = spawn("sh", ["-c", command], { env, stdio: ["pipe", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.on("error", reject);
    child.on("close", () => resolve({ stdout, exitedAt: performance.now() }));
    child.stdin.end(body);
  });
}

/**
 * engine.answer() (what a front end calls) → the held hook on the host exits, through the one ssh session.
 * The engine runs in this process, as in bench/answer.bench.ts; the host's listing is kept to this
 * process's tree, where the hooks run.
 */
async function remoteAnswers(sshd: SshdFixture, local: World, remote: World): Promise<Record<string, unknown>> {
  const engine = await createEngine({
    paths: local.paths,
    ...quietEngine,
    settings: { ...defaultSettings(), remotes: [sshd.destination], answerWaitSeconds: 60 },
    remote: { env: { ...local.env, MYTTY_BAR_REMOTE_SCAN_UNDER: String(process.pid) } },
  });
  try {
    await until(async () => engine.snapshot().hosts?.[0]?.state === "connected", 20_000, "link");
    const command = hookCommand(remote, "claude-code", "PermissionRequest");
    const env = { ...remote.env, TMUX_PANE: "%1" };
    const answerMs: number[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < ANSWERS; i += 1) {
      const hook = heldHook(command, env, fixture("claude-code", "PermissionRequest", { prompt_id: `bench-${i}` }));
      const id = await until(
        async () => engine.snapshot().agents.find((a) => a.request && !seen.has(a.request.id))?.request?.id,
        20_000,
        "a held remote request",
      );
      seen.add(id);
      const t0 = performance.now();
      const result = engine.answer(id, { decision: "allow" }, "dashboard");
      const { stdout, exitedAt } = await hook;
      if (!result.ok || !stdout.includes('"allow"')) throw new Error(`remote answer ${i} did not release the hook`);
      if (i >= 5) answerMs.push(exitedAt - t0);
    }
    const p95 = Number(percentile(answerMs, 95).toFixed(1));
    return {
      remoteAnswerToHookExitMs: summarize(answerMs, 1),
      remoteAnswerToHookExitP95Ms: { figure: p95, target: "<= 300", holds: p95 <= 300 },
    };
  } finally {
    await engine.stop();
  }
}
