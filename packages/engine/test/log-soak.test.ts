// Soak: 20,000 hook calls through the spool into a real engine (fake process table, simulated clock).
// The event log must compact to its bound a handful of times — never once per event, the old crash —
// the engine must keep answering, and a restart must show the same rows with nothing lost.
import { promises as fs, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths, type Paths } from "@mytty-bar/installers";
import { createEngine, request, type AgentRow, type Engine, type Stats } from "@mytty-bar/engine";
import { MAX_LOG_LINES } from "../src/persistence.js";
import { simulatedEngine as options, workload } from "./workload.js";

const EVENTS = 20_000;
const BATCH = 1000;
/** Simulated time per event: 20,000 events span about an hour, so nothing is pruned before the first compaction. */
const STEP_MS = 200;

const dirs: string[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

const list = async (paths: Paths) =>
  (await request<{ agents: AgentRow[] }>(paths.controlSocket, { op: "list" })).agents;
const fileLines = async (paths: Paths) =>
  (await fs.readFile(paths.eventLog, "utf8")).split("\n").filter(Boolean).length;

describe("event log soak", () => {
  it(
    "compacts 20,000 events to its bound without a rewrite per event, survives, and restarts with every row",
    { timeout: 180_000 },
    async () => {
      const home = await fs.mkdtemp(path.join(os.tmpdir(), "engine-soak-"));
      dirs.push(home);
      const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
      const clock = { t: Date.parse("2026-11-02T08:00:00.000Z") };
      const engine = await createEngine(options(paths, clock));
      engines.push(engine);

      let written = 0;
      let peak = 0;
      const stream = workload({ events: EVENTS, sessions: 100 });
      for (let done = 0; done < EVENTS; done += BATCH) {
        for (let i = 0; i < BATCH; i += 1) {
          const next = stream.next();
          if (next.done) break;
          written += 1;
          // Synchronous writes (the cheapest here); names sort in arrival order when mtimes tie.
          writeFileSync(path.join(paths.spoolNew, `w${String(written).padStart(6, "0")}`), next.value.bytes);
          clock.t += STEP_MS;
        }
        await engine.drain();
        await engine.poll();
        peak = Math.max(peak, engine.logStats().lines);
      }
      expect(written).toBe(EVENTS);
      const stats = await request<Stats>(paths.controlSocket, { op: "stats" });
      expect(stats.accepted + stats.duplicates + (stats.ignored ?? 0) + stats.rejected).toBe(EVENTS);
      expect(stats.rejected).toBe(0);

      const { lines, rewrites } = engine.logStats();
      // The start's compaction, then one per half-bound of appends at most: a handful, not thousands.
      expect(rewrites).toBeGreaterThanOrEqual(2);
      expect(rewrites).toBeLessThanOrEqual(1 + Math.ceil(EVENTS / (MAX_LOG_LINES / 2)));
      expect(peak).toBeLessThanOrEqual(MAX_LOG_LINES + BATCH);
      expect(lines).toBeLessThanOrEqual(MAX_LOG_LINES);
      const rows = await list(paths);
      expect(rows.length).toBeGreaterThan(0);
      await engine.stop();
      engines.length = 0;
      expect(await fileLines(paths)).toBeLessThanOrEqual(MAX_LOG_LINES);
      expect(await fs.readdir(paths.dataDir)).not.toContainEqual(expect.stringMatching(/\.tmp$/));

      const again = await createEngine(options(paths, clock));
      engines.push(again);
      const shown = (r: AgentRow) => [r.id, r.state, r.runId, r.sessionId, r.attention, r.updatedAt];
      expect((await list(paths)).map(shown)).toEqual(rows.map(shown));
    },
  );
});
