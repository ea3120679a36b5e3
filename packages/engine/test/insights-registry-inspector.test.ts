// The registry through the inspector, on real files in a temp HOME: one poll is enough, a file is read
// again only when its (mtime, size) changed, a record for a reused pid is ignored, CLAUDE_CONFIG_DIR is
// honoured, and a live record replaces the transcript's run guesses.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolvePaths } from "@mytty-bar/installers";
import { claudeProjectSlug, createInsights, nodeTranscriptSource, registryFile } from "../src/insights/index.js";
import type { InsightAgent, InsightEvent, TranscriptSource } from "../src/insights/index.js";

const fixtures = fileURLToPath(new URL("../../../fixtures/", import.meta.url));
const SESSION = "5b0c6a52-3f0e-4d8a-9a57-2c4f1e7d9b31";
const PID = 48213;
const START = "174097251";
const CWD = "/home/dev/project";

let home: string;
beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-registry-"));
});
afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

function counting(inner: TranscriptSource = nodeTranscriptSource()) {
  const stats = { texts: 0 };
  const source: TranscriptSource = {
    ...inner,
    async readText(file, maxBytes) {
      stats.texts += 1;
      return inner.readText(file, maxBytes);
    },
  };
  return { source, stats };
}

async function place(claudeDir: string, fixture: string): Promise<void> {
  const file = registryFile(claudeDir, PID);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.copyFile(path.join(fixtures, "claude-sessions", `${fixture}.json`), file);
}

const agent = (extra: Partial<InsightAgent> = {}): InsightAgent => ({
  key: `pid:${PID}@${START}`,
  provider: "claude-code",
  pid: PID,
  startTime: START,
  cwd: CWD,
  executable: "/usr/local/bin/claude",
  argv: ["claude"],
  estimateRuns: true,
  ...extra,
});
const kinds = (events: InsightEvent[]) => events.map(({ event: e }) => `${e.kind}:${e.runKey}`);
const NOW = new Date(Date.UTC(2026, 8, 23));

describe("registry in the inspector", () => {
  it("reports a waiting permission prompt in the first poll, and re-reads only a changed file", async () => {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    await place(paths.claudeDir, "waiting-permission");
    const { source, stats } = counting();
    const inspector = createInsights({ paths, source });
    const first = await inspector.poll([agent()], NOW);
    expect(kinds(first.events)).toEqual([`approval-requested:${SESSION}`]);
    expect(first.events[0]?.agentKey).toBe(`pid:${PID}@${START}`);
    expect(first.insights[`pid:${PID}@${START}`]?.sessionId).toBe(SESSION);
    expect(stats.texts).toBe(1);

    await inspector.poll([agent()], NOW);
    expect(stats.texts).toBe(1);

    await place(paths.claudeDir, "busy");
    const updatedAt = "2026-09-22T00:00:00.000Z";
    const run = { runKey: SESSION, state: "waiting-approval" as const, updatedAt, sessionId: SESSION };
    await inspector.poll([agent({ run })], NOW);
    expect(stats.texts).toBe(2);
  });

  it("ignores a record whose procStart is not the live process's start (a reused pid)", async () => {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    await place(paths.claudeDir, "waiting-permission");
    const inspector = createInsights({ paths });
    const { events, insights } = await inspector.poll([agent({ startTime: "999999999" })], NOW);
    expect(events).toEqual([]);
    expect(insights[`pid:${PID}@${START}`]?.sessionId).toBeUndefined();
  });

  it("reads <CLAUDE_CONFIG_DIR>/sessions, not ~/.claude/sessions, when it is set", async () => {
    const config = path.join(home, "claude-config");
    const paths = resolvePaths({ env: { HOME: home, CLAUDE_CONFIG_DIR: config }, platform: "linux" });
    await place(path.join(home, ".claude"), "idle");
    await place(config, "busy");
    const { events } = await createInsights({ paths }).poll([agent()], NOW);
    expect(kinds(events)).toEqual([`started:${SESSION}`]);
  });

  it("a live record replaces the transcript's run estimate; without one the transcript estimates again", async () => {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const dir = path.join(paths.claudeDir, "projects", claudeProjectSlug(CWD));
    await fs.mkdir(dir, { recursive: true });
    const message = { role: "user", content: "go" };
    const prompt = { type: "user", sessionId: SESSION, promptId: "p-open", cwd: CWD, message };
    await fs.writeFile(path.join(dir, `${SESSION}.jsonl`), `${JSON.stringify(prompt)}\n`);
    await place(paths.claudeDir, "busy");
    // The fixture's start ticks would date the process after the transcript; pin its start instead.
    const started = agent({ startedAtMs: 0 });
    const withRegistry = await createInsights({ paths }).poll([started], NOW);
    expect(kinds(withRegistry.events)).toEqual([`started:${SESSION}`]);

    await fs.rm(registryFile(paths.claudeDir, PID));
    const withoutRegistry = await createInsights({ paths }).poll([started], NOW);
    expect(kinds(withoutRegistry.events)).toEqual(["started:p-open"]);
  });

  it("at the registry's idle edge, a tail ending in an ESC interruption ends the run idle, not succeeded", async () => {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const dir = path.join(paths.claudeDir, "projects", claudeProjectSlug(CWD));
    await fs.mkdir(dir, { recursive: true });
    const transcript = path.join(dir, `${SESSION}.jsonl`);
    await fs.copyFile(path.join(fixtures, "transcripts/claude/interrupted.jsonl"), transcript);
    await place(paths.claudeDir, "idle");
    const run = {
      runKey: SESSION,
      state: "running" as const,
      updatedAt: "2026-09-22T00:00:00.000Z",
      sessionId: SESSION,
    };
    const { events } = await createInsights({ paths }).poll([agent({ startedAtMs: 0, run })], NOW);
    expect(events.map(({ event: e }) => [e.kind, e.runKey, e.message])).toEqual([["idle", SESSION, "Interrupted"]]);

    await fs.rm(transcript);
    const plain = await createInsights({ paths }).poll([agent({ startedAtMs: 0, run })], NOW);
    expect(kinds(plain.events)).toEqual([`succeeded:${SESSION}`]);
  });

  it("with hooks installed, the registry's idle plus the tail's interruption of the hooked prompt ends it Interrupted", async () => {
    // Claude Code 2.1.328 with hooks, ESC mid-run: the file says idle at once, no hook fires.
    const session = "9e4b1c7a-2d58-4f03-8b6e-1a7c3d5e9f20";
    const cwd = "/home/dev/service";
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const dir = path.join(paths.claudeDir, "projects", claudeProjectSlug(cwd));
    await fs.mkdir(dir, { recursive: true });
    await fs.copyFile(path.join(fixtures, "transcripts/claude/interrupted.jsonl"), path.join(dir, `${session}.jsonl`));
    const file = registryFile(paths.claudeDir, 52710);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.copyFile(path.join(fixtures, "claude-sessions", "v2.1.328-idle.json"), file);
    const promptId = "c47e9b12-5a3d-4e08-b1f6-7d2c0a9e8b52";
    // The last hook (PostToolBatch) came before the ESC.
    const run = {
      runKey: promptId,
      state: "running" as const,
      updatedAt: "2026-12-02T09:30:40.000Z",
      sessionId: session,
    };
    const hooked = agent({
      key: "pid:52710@218830476",
      pid: 52710,
      startTime: "218830476",
      startedAtMs: 0,
      cwd,
      sessionId: session,
      estimateRuns: false,
      run,
    });
    const now = new Date(Date.UTC(2026, 11, 2, 10));
    const { events, insights } = await createInsights({ paths }).poll([hooked], now);
    expect(events.map(({ event: e }) => [e.kind, e.runKey, e.message])).toEqual([["idle", promptId, "Interrupted"]]);
    expect(insights["pid:52710@218830476"]?.tmuxPane).toBe("%7");

    // The same idle after a hook that came later (a background wait reported by Stop): nothing.
    const later = { ...run, updatedAt: "2026-12-02T09:31:30.000Z" };
    const quiet = await createInsights({ paths }).poll([{ ...hooked, run: later }], now);
    expect(quiet.events).toEqual([]);
  });
});
