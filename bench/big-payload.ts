// The engine's loop while it ingests a 1 MiB hook payload of tiny keys (docs/performance.md#what-changed-to-get-there):
// a real engine in this process (fake process table), the file dropped into its spool, the longest block of
// this process's event loop from the drop until the event is counted. Target: ≤ 50 ms. Beside it: the
// longest block over as long with nothing to ingest (what the machine's load alone costs), and what the
// same bytes cost when prepared on the loop (the path before the parse worker).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createEngine, defaultSettings } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/installers";
import { mapPayload, parseSpoolFile, SPOOL_MAX_PAYLOAD_BYTES } from "@mytty-bar/protocol";
import { manyKeyPayload, quietEngine, spool } from "../packages/engine/test/helpers.js";

export async function bigPayloadBlock(rounds = 5): Promise<Record<string, unknown>> {
  // Built before the engine starts and the clock runs: the bench's own garbage is not the engine's block.
  const body = manyKeyPayload("claude-code", "PermissionRequest", SPOOL_MAX_PAYLOAD_BYTES);
  // A distinct prompt_id per round: each is a new event, not a duplicate.
  const files = Array.from({ length: rounds }, (_, i) =>
    spool("claude-code", body.replace('"prompt_id":"', `"prompt_id":"r${i}-`), { ppid: 4242 }),
  );
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-bigpayload-bench-"));
  const paths = resolvePaths({ env: { HOME: home }, platform: process.platform });
  const engine = await createEngine({
    paths,
    ...quietEngine,
    settings: { ...defaultSettings(), answerWaitSeconds: 0 },
  });
  try {
    const blocks: number[] = [];
    const walls: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const tmp = path.join(paths.spoolTmp, `big-${i}`);
      await fs.promises.writeFile(tmp, files[i]!, { mode: 0o600 });
      const before = engine.stats().accepted;
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const t0 = performance.now();
      await fs.promises.rename(tmp, path.join(paths.spoolNew, `big-${i}`));
      await engine.drain();
      while (engine.stats().accepted === before) await new Promise((r) => setTimeout(r, 5));
      walls.push(performance.now() - t0);
      delay.disable();
      blocks.push(delay.max / 1e6);
    }
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((r) =>
      setTimeout(
        r,
        walls.reduce((a, b) => a + b, 0),
      ),
    );
    idle.disable();
    const onLoop = performance.now();
    const parsed = parseSpoolFile(files[0]!);
    if (parsed.ok) mapPayload({ provider: "claude-code", payload: parsed.payload, now: new Date() });
    const onLoopMs = Math.round(performance.now() - onLoop);
    const worst = Number(Math.max(...blocks).toFixed(1));
    return {
      payloadBytes: SPOOL_MAX_PAYLOAD_BYTES,
      blockMs: blocks.map((b) => Number(b.toFixed(1))),
      ingestWallMs: walls.map((w) => Math.round(w)),
      eventLoopMaxBlockIdleMs: Number((idle.max / 1e6).toFixed(1)),
      preparedOnLoopMs: onLoopMs,
      eventLoopMaxBlockMs: { figure: worst, target: "<= 50", holds: worst <= 50 },
    };
  } finally {
    await engine.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
}
