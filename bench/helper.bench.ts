// The hook helper's wall time per call (docs/architecture.md#targets: median ≤ 15 ms with the engine running
// and a 4 KiB payload), engine down, and the bare cost of spawning sh for scale.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { helperScript, resolvePaths } from "@mytty-bar/installers";
import { summarize, time } from "./stats.js";

export default async function (): Promise<Record<string, unknown>> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-helper-bench-"));
  try {
    const paths = resolvePaths({
      env: { HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "Application Support", "mytty-bar") },
    });
    fs.mkdirSync(paths.binDir, { recursive: true });
    fs.writeFileSync(paths.helper, helperScript(paths), { mode: 0o755 });
    const payload = JSON.stringify({ session_id: "bench", hook_event_name: "PreToolUse", pad: "x".repeat(4096 - 60) });
    const env = { PATH: "/usr/bin:/bin", TERM_PROGRAM: "iTerm.app", TMUX_PANE: "%1" };
    const call = (args: string[]) => {
      const r = spawnSync(paths.helper, args, { input: payload, env });
      if (r.status !== 0) throw new Error(`helper exited ${r.status}`);
    };
    const runs = 200;
    // The bench process stands in for the engine: its pid is alive.
    fs.writeFileSync(paths.enginePid, String(process.pid));
    const up = await time(() => call(["cursor", "preToolUse"]), runs, 5);
    const spooledFiles = fs.readdirSync(paths.spoolNew).length;
    fs.rmSync(paths.enginePid);
    const down = await time(() => call(["cursor", "preToolUse"]), runs, 5);
    const bare = await time(() => spawnSync("/bin/sh", ["-c", "exit 0"], { input: payload, env }), runs, 5);
    return {
      payloadBytes: Buffer.byteLength(payload),
      engineUpMs: summarize(up),
      engineDownMs: summarize(down),
      bareShSpawnMs: summarize(bare),
      spooledFiles,
      target: "engine up median ≤ 15 ms",
    };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
