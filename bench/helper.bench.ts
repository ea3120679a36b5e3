// The hook helper's wall time per call (docs/architecture.md#targets: median ≤ 15 ms with the engine running
// and a 4 KiB payload, ≤ 3× a bare `sh -c 'cat >/dev/null'`), engine down, and bare sh for scale. Measured
// from a fresh small parent, interleaved with the bare spawns (docs/performance.md#the-hook-helper); the same
// calls from this bench process are printed beside it, since by now it may hold other benches' heap.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ENGINE_LEASE_SECONDS, helperScript, resolvePaths } from "@mytty-bar/installers";
import { spawnCostFresh, spawnCostHere, type SpawnCost, type SpawnJob } from "./spawn-cost.js";
import { percentile, summarize } from "./stats.js";

const RUNS = 200;

export default async function (): Promise<Record<string, unknown>> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-helper-bench-"));
  try {
    const paths = resolvePaths({
      env: { HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "Application Support", "mytty-bar") },
    });
    fs.mkdirSync(paths.binDir, { recursive: true });
    fs.writeFileSync(paths.helper, helperScript(paths), { mode: 0o755 });
    const payload = JSON.stringify({ session_id: "bench", hook_event_name: "PreToolUse", pad: "x".repeat(4096 - 60) });
    // What an agent started in a terminal passes on: a locale among the rest (the helper's tools load it).
    const env = { PATH: "/usr/bin:/bin", HOME: home, LANG: "C.UTF-8", TERM_PROGRAM: "iTerm.app", TMUX_PANE: "%1" };
    const helper = { name: "helper", file: paths.helper, args: ["cursor", "preToolUse"] };
    const bareCat = { name: "bareShCat", file: "/bin/sh", args: ["-c", "cat >/dev/null"] };
    const bareExit = { name: "bareShExit", file: "/bin/sh", args: ["-c", "exit 0"] };
    // The bench process stands in for the engine: its pid is alive, and the lease is kept as the engine keeps it.
    fs.writeFileSync(paths.enginePid, String(process.pid));
    const up: SpawnJob = {
      commands: [helper, bareCat, bareExit],
      env,
      payloads: [payload],
      runs: RUNS,
      warmup: 5,
      lease: { file: paths.enginePid, seconds: ENGINE_LEASE_SECONDS },
      clean: [paths.spoolNew],
    };
    const fresh = await spawnCostFresh(up);
    if (fresh.cleaned !== RUNS + 5) throw new Error(`${fresh.cleaned} spool files for ${RUNS + 5} calls`);
    const here = await spawnCostHere({ ...up, runs: RUNS / 2 });
    fs.rmSync(paths.enginePid);
    const down = await spawnCostFresh({ ...up, commands: [helper, bareCat], lease: undefined });

    const median = (xs: number[]) => Number(percentile(xs, 50).toFixed(2));
    const helperMs = median(fresh.wallMs.helper!);
    const ratio = helperMs / median(fresh.wallMs.bareShCat!);
    return {
      payloadBytes: Buffer.byteLength(payload),
      engineUpMs: summarize(fresh.wallMs.helper!),
      engineDownMs: summarize(down.wallMs.helper!),
      bareShCatMs: summarize(fresh.wallMs.bareShCat!),
      bareShSpawnMs: summarize(fresh.wallMs.bareShExit!),
      cpuMsPerCall: rounded(fresh.cpuMsPerCall),
      freshParentRssMb: fresh.parentRssMb,
      fromThisProcess: fromHere(here),
      spooledFiles: fresh.cleaned,
      engineUpMedianMs: { figure: helperMs, target: "<= 15", holds: helperMs <= 15 },
      engineUpOverBareShCat: { figure: Number(ratio.toFixed(2)), target: "<= 3", holds: ratio <= 3 },
    };
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}

/** The same calls spawned by the bench process itself: the parent's fork cost, for comparison only. */
function fromHere(here: SpawnCost): Record<string, unknown> {
  const median = (xs: number[]) => Number(percentile(xs, 50).toFixed(2));
  return {
    parentRssMb: here.parentRssMb,
    engineUpMedianMs: median(here.wallMs.helper!),
    bareShCatMedianMs: median(here.wallMs.bareShCat!),
    bareShSpawnMedianMs: median(here.wallMs.bareShExit!),
    cpuMsPerCall: rounded(here.cpuMsPerCall),
  };
}

function rounded(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v.toFixed(2))]));
}
