// `mytty-doctor status --json` startup against `node -e 0` (docs/architecture.md#targets: ratio ≤ 1.5),
// with no engine and with `mytty-bar --headless` running.
// Runs interleave so a busy machine slows both sides alike; the HOME has three providers installed.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolvePaths } from "@mytty-bar/installers";
import { summarize } from "./stats.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = path.join(root, "apps", "doctor", "bin", "mytty-doctor.js");
const bar = path.join(root, "apps", "menubar", "bin", "mytty-bar.js");

/** `status --json` against `node -e 0` with `mytty-bar --headless` running in the same HOME. */
async function withEngine(env: NodeJS.ProcessEnv): Promise<{ base: number[]; status: number[] }> {
  const paths = resolvePaths({ env });
  const engine = spawn(process.execPath, [bar, "--headless"], { env, stdio: "ignore" });
  try {
    const deadline = Date.now() + 20_000;
    // Ready once it has published what status reads without a connection (published-status.ts).
    while (!fs.existsSync(paths.engineStatus) || !fs.existsSync(paths.controlSocket)) {
      if (Date.now() > deadline || engine.exitCode !== null) throw new Error("mytty-bar --headless did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const base: number[] = [];
    const status: number[] = [];
    for (let i = 0; i < 3; i += 1) wall([bin, "status", "--json"], env);
    for (let i = 0; i < 30; i += 1) {
      base.push(wall(["-e", "0"], env));
      status.push(wall([bin, "status", "--json"], env));
    }
    return { base, status };
  } finally {
    const exited = new Promise((resolve) => engine.once("exit", resolve));
    engine.kill("SIGTERM");
    await exited;
  }
}

function wall(args: string[], env: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { env, stdio: ["ignore", "ignore", "ignore"] });
  if (r.error) throw r.error;
  return performance.now() - t0;
}

function bundleIsFresh(): boolean {
  const dist = path.join(root, "apps", "doctor", "dist");
  try {
    const { files } = JSON.parse(fs.readFileSync(path.join(dist, "status.json"), "utf8")) as {
      files: [string, number, number][];
    };
    return files.every(([rel, size, mtimeMs]) => {
      const st = fs.statSync(path.join(dist, rel), { throwIfNoEntry: false });
      return st !== undefined && st.size === size && st.mtimeMs === mtimeMs;
    });
  } catch {
    return false;
  }
}

export default async function (): Promise<Record<string, unknown>> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-doctor-bench-"));
  // A clean environment: inherited variables such as NODE_EXTRA_CA_CERTS slow every node start
  // alike and would flatter the ratio. The inherited-env figure is reported too.
  const env = { PATH: process.env.PATH, HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data dir") };
  const inherited = { ...process.env, ...env };
  try {
    fs.mkdirSync(path.join(home, ".claude"));
    fs.writeFileSync(path.join(home, ".claude", "settings.json"), '{\n  "model": "opus"\n}\n');
    const install = spawnSync(process.execPath, [bin, "install", "claude-code", "codex", "cursor"], {
      env,
      encoding: "utf8",
    });
    if (install.status !== 0) throw new Error(`install failed: ${install.stderr}`);
    const base: number[] = [];
    const status: number[] = [];
    // Past the kept report's racy window (apps/doctor/src/status-cache.ts): the warm-up keeps it.
    await new Promise((resolve) => setTimeout(resolve, 2200));
    for (let i = 0; i < 3; i += 1) {
      wall(["-e", "0"], env);
      wall([bin, "status", "--json"], env);
    }
    for (let i = 0; i < 30; i += 1) {
      base.push(wall(["-e", "0"], env));
      status.push(wall([bin, "status", "--json"], env));
    }
    const baseInh: number[] = [];
    const statusInh: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      baseInh.push(wall(["-e", "0"], inherited));
      statusInh.push(wall([bin, "status", "--json"], inherited));
    }
    // The human view on a terminal (script(1) gives each run a pty), against `node -e 0` on one.
    const onPty = (cmd: string) => {
      const t0 = performance.now();
      const r = spawnSync("script", ["-qec", cmd, "/dev/null"], { env, stdio: "ignore" });
      if (r.error) throw r.error;
      return performance.now() - t0;
    };
    const ptyBase: number[] = [];
    const ptyStatus: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      ptyBase.push(onPty(`exec '${process.execPath}' -e 0`));
      ptyStatus.push(onPty(`exec '${process.execPath}' '${bin}' status`));
    }
    const running = await withEngine(env);
    const rb = summarize(running.base);
    const rs = summarize(running.status);
    const runningRatio = Number((rs.median / rb.median).toFixed(2));
    const tty = Number((summarize(ptyStatus).median / summarize(ptyBase).median).toFixed(2));
    const b = summarize(base);
    const s = summarize(status);
    const bi = summarize(baseInh);
    const si = summarize(statusInh);
    return {
      cleanEnv: { nodeE0Ms: b, statusJsonMs: s, ratioMedian: Number((s.median / b.median).toFixed(2)) },
      inheritedEnv: { nodeE0Ms: bi, statusJsonMs: si, ratioMedian: Number((si.median / bi.median).toFixed(2)) },
      target: "ratio ≤ 1.5",
      engineRunning: {
        nodeE0Ms: rb,
        statusJsonMs: rs,
        figure: runningRatio,
        target: "status --json <= 1.5 x node -e 0 with the engine running (median wall, clean env)",
        holds: runningRatio <= 1.5,
      },
      statusOnTerminal: {
        nodeE0Ms: summarize(ptyBase).median,
        statusMs: summarize(ptyStatus).median,
        figure: tty,
        target: "<= 2 x node -e 0 on a pty (median wall)",
        holds: tty <= 2,
      },
      // Whether the bin ran the bundled fast path (dist/status.cjs from `npm run build`) or fell back to
      // dist/cli.js (no bundle, or `tsc -b` ran after it): the same test as bin/mytty-doctor.js makes.
      fastPath: bundleIsFresh(),
    };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}
