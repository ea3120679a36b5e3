// Per-poll cost of transcript inspection: 20 agents with 20 MB transcripts each (10 Claude Code,
// 10 Codex). Target: median < 5 ms per poll when nothing changed. Also: one changed file (a tail read
// and parse), and every file changed at once.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resolvePaths } from "@mytty-bar/installers";
import { claudeProjectSlug, createInsights, type InsightAgent } from "../packages/engine/src/insights/index.js";
import { summarize, time } from "./stats.js";

const AGENTS = 20;
const FILE_BYTES = 20 * 1024 * 1024;
const POLL_MS = 2_000;

const line = (record: object) => `${JSON.stringify(record)}\n`;

function claudeBody(sessionId: string): string {
  const prompt = line({
    type: "user",
    sessionId,
    promptId: "p-1",
    message: { role: "user", content: "refactor the exporter" },
  });
  const tool = line({
    type: "user",
    sessionId,
    promptId: "p-1",
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "ok ".repeat(600) }] },
  });
  const assistant = line({
    type: "assistant",
    sessionId,
    message: {
      model: "claude-sonnet-4-5-20250929",
      stop_reason: "tool_use",
      content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: {} }],
      usage: {
        input_tokens: 3,
        cache_read_input_tokens: 90_000,
        cache_creation_input_tokens: 1_200,
        output_tokens: 80,
      },
    },
  });
  return prompt + (tool + assistant).repeat(Math.ceil(FILE_BYTES / (tool.length + assistant.length)));
}

function codexBody(sessionId: string, cwd: string): string {
  const meta = line({ timestamp: "2026-11-29T09:00:00Z", type: "session_meta", payload: { id: sessionId, cwd } });
  const context = line({
    timestamp: "2026-11-29T09:00:01Z",
    type: "turn_context",
    payload: { turn_id: "t-1", model: "gpt-5.3-codex" },
  });
  const started = line({
    timestamp: "2026-11-29T09:00:01Z",
    type: "event_msg",
    payload: { type: "task_started", turn_id: "t-1" },
  });
  const output = line({
    timestamp: "2026-11-29T09:00:02Z",
    type: "response_item",
    payload: { type: "function_call_output", call_id: "c", output: "ok ".repeat(600) },
  });
  const tokens = line({
    timestamp: "2026-11-29T09:00:03Z",
    type: "event_msg",
    payload: {
      type: "token_count",
      info: { last_token_usage: { total_tokens: 61_000 }, model_context_window: 272_000 },
    },
  });
  return meta + context + started + (output + tokens).repeat(Math.ceil(FILE_BYTES / (output.length + tokens.length)));
}

export default async function (): Promise<Record<string, unknown>> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-bench-insights-"));
  try {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const agents: InsightAgent[] = [];
    const files: string[] = [];
    const day = path.join(paths.codexHome, "sessions", "2026", "11", "29");
    await fs.mkdir(day, { recursive: true });
    for (let i = 0; i < AGENTS; i += 1) {
      const cwd = `/work/project-${i}`;
      const sessionId = `0000${i.toString(16).padStart(4, "0")}-1111-4222-8333-444455556666`;
      if (i % 2 === 0) {
        const dir = path.join(paths.claudeDir, "projects", claudeProjectSlug(cwd));
        await fs.mkdir(dir, { recursive: true });
        files.push(path.join(dir, `${sessionId}.jsonl`));
        await fs.writeFile(files[i]!, claudeBody(sessionId));
        agents.push({
          key: `claude-code-${i}`,
          provider: "claude-code",
          pid: 1000 + i,
          cwd,
          argv: ["claude"],
          estimateRuns: true,
        });
      } else {
        files.push(path.join(day, `rollout-2026-11-29T09-00-00-${sessionId}.jsonl`));
        await fs.writeFile(files[i]!, codexBody(sessionId, cwd));
        agents.push({ key: `codex-${i}`, provider: "codex", pid: 1000 + i, cwd, sessionId, estimateRuns: true });
      }
    }
    const inspector = createInsights({ paths });
    let clock = Date.UTC(2026, 10, 29, 12, 0, 0);
    const tick = () => {
      clock += POLL_MS;
      return inspector.poll(agents, new Date(clock));
    };
    // First poll binds and reads everything once (cold): reported, not part of the steady state.
    const cold = await time(tick, 1, 0);
    const first = await tick();
    const sample = first.insights["claude-code-0"];

    const unchanged = await time(tick, 200, 5);

    // Changed files: append outside the clock, then time only the poll that re-reads (read interval 5 s).
    const changedPolls = async (targets: string[], runs: number): Promise<number[]> => {
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        await Promise.all(targets.map((f) => fs.appendFile(f, line({ type: "system", subtype: "away_summary" }))));
        clock += 5_000;
        const t0 = performance.now();
        await inspector.poll(agents, new Date(clock));
        samples.push(performance.now() - t0);
      }
      return samples;
    };
    const oneChanged = await changedPolls([files[0]!], 30);
    const oneCodexChanged = await changedPolls([files[1]!], 30);
    const allChanged = await changedPolls(files, 10);

    return {
      agents: AGENTS,
      fileMiB: FILE_BYTES / (1024 * 1024),
      sample,
      coldFirstPollMs: summarize(cold),
      unchangedPollMs: summarize(unchanged),
      unchangedTargetMet: summarize(unchanged).median < 5,
      oneClaudeChangedPollMs: summarize(oneChanged),
      oneCodexChangedPollMs: summarize(oneCodexChanged),
      allChangedPollMs: summarize(allChanged),
    };
  } finally {
    await fs.rm(home, { recursive: true, force: true });
  }
}
