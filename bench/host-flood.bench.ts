// A watched host listing 100,000 agent processes (docs/remote.md#what-a-host-can-send): the local `list`
// over the control socket keeps its p95 ≤ 250 ms while the host sends its listing every poll, and local
// hooks still land. The host is the crafted stand-in for ssh (test/support/crafted-host.mjs); the engine is
// the real `mytty-bar --headless`, its own scan kept to this process's tree. `npm run bench -- host-flood`.
import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { posixQuote } from "@mytty-bar/protocol";
import { summarize } from "./stats.js";
import { Engine, fixture, hookCommand, makeWorld, until } from "../test/engine-harness.js";
import { callHook } from "./proc.js";

const CRAFTED_HOST = fileURLToPath(new URL("../test/support/crafted-host.mjs", import.meta.url));
const PROCESSES = 100_000;
const LISTS = 60;
const HOOKS = 10;

export default async function (): Promise<Record<string, unknown>> {
  const local = await makeWorld(["claude-code"]);
  const specFile = path.join(local.home, "host.json");
  await fs.writeFile(specFile, JSON.stringify({ psCount: PROCESSES }));
  await fs.writeFile(
    local.paths.settingsFile,
    JSON.stringify({ answerWaitSeconds: 0, remotes: ["devbox"], pollIntervalSeconds: 1 }),
  );
  local.env = {
    ...local.env,
    MYTTY_BAR_SCAN_UNDER: String(process.pid),
    MYTTY_BAR_SSH: `${posixQuote(process.execPath)} ${posixQuote(CRAFTED_HOST)} ${posixQuote(specFile)}`,
  };
  const engine = new Engine(local);
  try {
    await engine.start();
    // The host is connected and its first listing was cut: the status line says so.
    const problem = await until(
      async () => (await engine.stats()).hosts?.find((h) => h.problem !== undefined)?.problem,
      30_000,
      "the host's status line",
    );
    const listMs: number[] = [];
    for (let i = 0; i < LISTS; i += 1) {
      const t0 = performance.now();
      await engine.list();
      listMs.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
    const command = hookCommand(local, "claude-code", "UserPromptSubmit");
    const hookToListMs: number[] = [];
    for (let i = 0; i < HOOKS; i += 1) {
      const session = `f100d000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      const t0 = performance.now();
      await callHook(
        command,
        local.env,
        fixture("claude-code", "UserPromptSubmit", { session_id: session, prompt_id: session }),
      );
      await until(async () => (await engine.list()).some((r) => r.sessionId === session), 10_000, "local row");
      hookToListMs.push(performance.now() - t0);
    }
    const list = summarize(listMs);
    return {
      processes: PROCESSES,
      hostProblem: problem,
      localListMs: list,
      localListP95Ms: { figure: list.p95, target: "<= 250", holds: list.p95 <= 250 },
      localHookToListMs: summarize(hookToListMs),
    };
  } finally {
    await engine.stop();
    await fs.rm(local.home, { recursive: true, force: true });
  }
}
