// Per-poll cost of Claude Code's session registry: 20 hookless Claude agents, each with its
// <config dir>/sessions/<pid>.json (no transcripts, so only the registry costs anything). Unchanged
// polls must read no file (one stat each); a changed record is read and parsed once.
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolvePaths } from "@mytty-bar/installers";
import { createInsights, nodeTranscriptSource, registryFile } from "../packages/engine/src/insights/index.js";
import type { InsightAgent, TranscriptSource } from "../packages/engine/src/insights/index.js";
import { summarize, time } from "./stats.js";

const AGENTS = 20;
const POLL_MS = 2_000;
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/claude-sessions/${name}.json`, import.meta.url), "utf8")) as object;

export default async function (): Promise<Record<string, unknown>> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-bench-registry-"));
  try {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const counts = { stats: 0, texts: 0 };
    const inner = nodeTranscriptSource("linux");
    const source: TranscriptSource = {
      ...inner,
      stat: (file) => ((counts.stats += 1), inner.stat(file)),
      readText: (file, max) => ((counts.texts += 1), inner.readText(file, max)),
    };
    const agents: InsightAgent[] = [];
    const write = (pid: number, name: string, at: number) =>
      fs.writeFile(
        registryFile(paths.claudeDir, pid),
        JSON.stringify({ ...fixture(name), pid, procStart: String(pid), statusUpdatedAt: at }),
      );
    await fs.mkdir(path.dirname(registryFile(paths.claudeDir, 1)), { recursive: true });
    let clock = Date.UTC(2026, 10, 29, 12, 0, 0);
    for (let i = 0; i < AGENTS; i += 1) {
      const pid = 2000 + i;
      await write(pid, "busy", clock - 1_000);
      const cwd = `/work/registry-${i}`;
      const startTime = String(pid);
      agents.push({ key: `claude-${pid}`, provider: "claude-code", pid, startTime, cwd, estimateRuns: true });
    }
    const inspector = createInsights({ paths, source });
    const tick = () => {
      clock += POLL_MS;
      return inspector.poll(agents, new Date(clock));
    };
    await tick();
    const before = { ...counts };
    const unchanged = await time(tick, 200, 5);
    const perPoll = { stats: (counts.stats - before.stats) / 205, texts: (counts.texts - before.texts) / 205 };

    const changed: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      await write(2000, i % 2 === 0 ? "waiting-permission" : "busy", clock);
      const t0 = performance.now();
      await tick();
      changed.push(performance.now() - t0);
    }
    // The same agents with no registry files: what the rest of the insights poll costs here.
    await fs.rm(path.dirname(registryFile(paths.claudeDir, 1)), { recursive: true });
    await tick();
    const without = await time(tick, 200, 5);
    return {
      agents: AGENTS,
      withoutRegistryPollMs: summarize(without),
      unchangedPollMs: summarize(unchanged),
      unchangedRegistryFileOpsPerPoll: perPoll,
      oneRecordChangedPollMs: summarize(changed),
    };
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
}
