// Answering (docs/answering.md; docs/architecture.md#targets): a real engine in this process and the real hook
// helper held on a Claude Code PermissionRequest; the time from engine.answer() (what a front end calls when a
// person clicks or presses y) to the held hook's exit, and what the helper costs when nothing is held.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEngine, defaultSettings, type Engine } from "@mytty-bar/engine";
import { helperScript, resolvePaths } from "@mytty-bar/installers";
import { percentile, summarize } from "./stats.js";
import { quietEngine } from "../packages/engine/test/helpers.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const fixture = JSON.parse(
  fs.readFileSync(path.join(ROOT, "fixtures/payloads/claude-code/PermissionRequest.json"), "utf8"),
) as Record<string, unknown>;

/** Runs a command with `input` on stdin; resolves with its stdout and the moment it exited. */
function run(cmd: string, args: string[], input: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ stdout: string; exitedAt: number }>((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["pipe", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += String(d)));
    child.on("error", reject);
    child.on("close", () => resolve({ stdout, exitedAt: performance.now() }));
    child.stdin.end(input);
  });
}

async function heldRequestId(engine: Engine, seen: Set<string>): Promise<string> {
  for (let i = 0; i < 2000; i += 1) {
    const id = engine.snapshot().agents.find((a) => a.request && !seen.has(a.request.id))?.request?.id;
    if (id) return id;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error("the hook was never held");
}

export default async function (): Promise<Record<string, unknown>> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-answer-bench-"));
  const env = { PATH: "/usr/bin:/bin", HOME: home, TMUX_PANE: "%1" };
  const paths = resolvePaths({ env, platform: process.platform });
  fs.mkdirSync(paths.binDir, { recursive: true });
  fs.writeFileSync(paths.helper, helperScript(paths), { mode: 0o755 });
  const engine = await createEngine({
    paths,
    ...quietEngine,
    settings: { ...defaultSettings(), answerWaitSeconds: 60 },
  });
  try {
    const answerMs: number[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const payload = JSON.stringify({ ...fixture, prompt_id: `bench-${i}` });
      const hook = run(paths.helper, ["claude-code", "PermissionRequest"], payload, env);
      const id = await heldRequestId(engine, seen);
      seen.add(id);
      const t0 = performance.now();
      const result = engine.answer(id, { decision: "allow" }, "dashboard");
      const { stdout, exitedAt } = await hook;
      if (!result.ok || !stdout.includes('"allow"')) throw new Error(`answer ${i} did not release the hook`);
      if (i >= 5) answerMs.push(exitedAt - t0);
    }

    // Nothing held: a 4 KiB payload through the plain hook, and PermissionRequest with the hold set to 0.
    const pad = JSON.stringify({ ...fixture, hook_event_name: "PostToolBatch", pad: "x".repeat(3800) });
    const sample = async (args: string[], cmd = paths.helper) => {
      const out: number[] = [];
      for (let i = 0; i < 60; i += 1) {
        const t0 = performance.now();
        const { exitedAt } = await run(cmd, args, pad, env);
        if (i >= 5) out.push(exitedAt - t0);
      }
      return out;
    };
    const bare = await sample(["-c", "cat >/dev/null"], "/bin/sh");
    const plain = await sample(["claude-code"]);
    await engine.updateSettings({ answerWaitSeconds: 0 });
    const notHeld = await sample(["claude-code", "PermissionRequest"]);
    const p95 = Number(percentile(answerMs, 95).toFixed(1));
    const median = (xs: number[]) => Number(percentile(xs, 50).toFixed(2));
    const ratio = median(plain) / median(bare);
    return {
      answerToHookExitMs: summarize(answerMs, 1),
      answerToHookExitP95Ms: { figure: p95, target: "<= 300", holds: p95 <= 300 },
      notHeldHookMs: summarize(plain),
      notHeldHookMedianMs: { figure: median(plain), target: "<= 15", holds: median(plain) <= 15 },
      notHeldOverBareSh: { figure: Number(ratio.toFixed(2)), target: "<= 3", holds: ratio <= 3 },
      permissionRequestHoldOffMs: summarize(notHeld),
      bareShCatMs: summarize(bare),
    };
  } finally {
    await engine.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
