// Watching a host over loopback ssh (docs/architecture.md#targets): remote hook → visible in the local
// `list` (p95 ≤ 500 ms), and the host's streamer CPU while idle (≤ 1 % of a core, the sh and the
// processes it waited for: its `ps` every poll). Real sshd (test/support/sshd.ts), real helper, real engine.
import { promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { callHook } from "./proc.js";
import { summarize } from "./stats.js";
import { BIN, Engine, fixture, hookCommand, runCli, until } from "../test/engine-harness.js";
import { startSshd } from "../test/support/sshd.js";
import { localWorld, remoteWorld, sshSide } from "../test/support/remote-world.js";

const CALLS = 40;
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
    await runCli(local, BIN.bar, ["remote", "remove", sshd.destination]);
  } finally {
    await engine.stop();
    await sshd.stop();
    await fs.rm(local.home, { recursive: true, force: true });
  }
  return result;
}
