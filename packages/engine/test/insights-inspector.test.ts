// The inspector on real files in a temp HOME: binding, fingerprint + throttle, bounded tail reads of
// huge files, rotation, run estimation without hooks, ESC with hooks, process exit.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runId, syntheticId } from "@mytty-bar/protocol";
import { claudeCodeSpec, installText, resolvePaths } from "@mytty-bar/installers";
import {
  claudeProjectSlug,
  createHookPresence,
  createInsights,
  nodeTranscriptSource,
  processStartMs,
  type InsightAgent,
  type InsightEvent,
  type TranscriptSource,
} from "../src/insights/index.js";

const fixtures = fileURLToPath(new URL("../../../fixtures/transcripts/", import.meta.url));
const CODEX_ID = "019d7b2e-4c1a-7f30-9e8d-5a6b3c2d1e0f";
const CODEX_FILE = `rollout-2026-11-29T09-30-00-${CODEX_ID}.jsonl`;
const CLAUDE_SESSION = "5f0c2a9e-7d41-4b6a-9c3e-2b8f1e6d4a10";
const CWD = "/Users/alex/src/api";

let home: string;
let paths: ReturnType<typeof resolvePaths>;
beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-insights-"));
  paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
});
afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

/** Counts reads so tests can prove what was (not) read. */
function counting(inner: TranscriptSource = nodeTranscriptSource()) {
  const stats = { reads: 0, bytes: 0 };
  const source: TranscriptSource = {
    ...inner,
    async readRange(file, start, length) {
      stats.reads += 1;
      const bytes = await inner.readRange(file, start, length);
      stats.bytes += bytes.length;
      return bytes;
    },
  };
  return { source, stats };
}

async function claudeTranscript(name: string, fixture: string, cwd = CWD): Promise<string> {
  const dir = path.join(paths.claudeDir, "projects", claudeProjectSlug(cwd));
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await fs.copyFile(path.join(fixtures, fixture), file);
  return file;
}

const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s));
const claude = (extra: Partial<InsightAgent> = {}): InsightAgent => ({
  key: "claude-code-4242",
  provider: "claude-code",
  pid: 4242,
  cwd: CWD,
  executable: "/usr/local/bin/claude",
  argv: ["claude"],
  estimateRuns: false,
  ...extra,
});
const line = (record: object) => `${JSON.stringify(record)}\n`;
const kinds = (events: InsightEvent[]) => events.map(({ event: e }) => `${e.kind}:${e.runKey}`);
const plain = (events: InsightEvent[]) => events.map((e) => e.event);

describe("insights inspector", () => {
  it("fills model, context left and resume command from the bound Claude transcript", async () => {
    const file = await claudeTranscript(`${CLAUDE_SESSION}.jsonl`, "claude/basic.jsonl");
    const inspector = createInsights({ paths, source: counting().source });
    const { insights, events } = await inspector.poll([claude({ sessionId: CLAUDE_SESSION })], at(0));
    expect(insights["claude-code-4242"]).toEqual({
      transcriptPath: file,
      model: "claude-sonnet-4-5-20250929",
      sessionId: CLAUDE_SESSION,
      usedTokens: 50_012,
      windowTokens: 200_000,
      contextLeftPercent: 75,
      resumeCommand: `claude --resume='${CLAUDE_SESSION}'`,
    });
    expect(events).toEqual([]);
  });

  it("re-reads only when (mtime, size) changed, and at most every read interval", async () => {
    const file = await claudeTranscript(`${CLAUDE_SESSION}.jsonl`, "claude/basic.jsonl");
    const { source, stats } = counting();
    const inspector = createInsights({ paths, source, readIntervalMs: 5_000 });
    const agent = claude({ sessionId: CLAUDE_SESSION });
    await inspector.poll([agent], at(0));
    await inspector.poll([agent], at(2));
    expect(stats.reads).toBe(1);
    const usage = {
      input_tokens: 10,
      cache_read_input_tokens: 150_000,
      cache_creation_input_tokens: 0,
      output_tokens: 5,
    };
    await fs.appendFile(
      file,
      line({ type: "assistant", sessionId: CLAUDE_SESSION, message: { model: "claude-sonnet-4-5-20250929", usage } }),
    );
    const throttled = await inspector.poll([agent], at(4));
    expect(stats.reads).toBe(1);
    expect(throttled.insights["claude-code-4242"]?.contextLeftPercent).toBe(75);
    const fresh = await inspector.poll([agent], at(5));
    expect(stats.reads).toBe(2);
    expect(fresh.insights["claude-code-4242"]?.contextLeftPercent).toBe(25);
  });

  it("reads a bounded tail of a huge transcript and still finds the model", async () => {
    const dir = path.join(paths.claudeDir, "projects", claudeProjectSlug(CWD));
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${CLAUDE_SESSION}.jsonl`);
    const filler = line({
      type: "user",
      sessionId: CLAUDE_SESSION,
      message: { role: "user", content: [{ type: "tool_result", content: "x".repeat(4000) }] },
    });
    const handle = await fs.open(file, "w");
    for (let written = 0; written < 20 * 1024 * 1024; written += filler.length * 256)
      await handle.write(filler.repeat(256));
    const usage = { input_tokens: 1, cache_read_input_tokens: 99_999, cache_creation_input_tokens: 0 };
    await handle.write(
      line({ type: "assistant", sessionId: CLAUDE_SESSION, message: { model: "claude-opus-4-5-20251101", usage } }),
    );
    await handle.write('{"type":"assistant","message":{"model":"half-writ');
    await handle.close();
    const { source, stats } = counting();
    const inspector = createInsights({ paths, source, tailBytes: 256 * 1024 });
    const { insights } = await inspector.poll([claude({ sessionId: CLAUDE_SESSION })], at(0));
    expect(insights["claude-code-4242"]).toMatchObject({ model: "claude-opus-4-5-20251101", contextLeftPercent: 50 });
    expect(stats.bytes).toBeLessThanOrEqual(256 * 1024);
  });

  it("uses the 1M window when the user's settings select a [1m] model", async () => {
    await claudeTranscript(
      "e2b9d7a4-61c3-4f0e-8d25-9a7b3c1f5e60.jsonl",
      "claude/sidechain-1m.jsonl",
      "/Users/alex/src/mono repo",
    );
    await fs.writeFile(paths.claudeSettings, '{\n  "model": "opus[1m]"\n}\n');
    const inspector = createInsights({ paths });
    const { insights } = await inspector.poll([claude({ cwd: "/Users/alex/src/mono repo" })], at(0));
    expect(insights["claude-code-4242"]).toMatchObject({
      model: "claude-opus-4-6",
      windowTokens: 1_000_000,
      contextLeftPercent: 60,
    });
  });

  it("follows a rotated session (newest file in the project dir) and closes the old estimated run", async () => {
    const old = await claudeTranscript("old.jsonl", "claude/basic.jsonl");
    await fs.utimes(old, new Date("2026-11-28T10:00:00Z"), new Date("2026-11-28T10:00:00Z"));
    const current = path.join(path.dirname(old), "a1b2c3d4-0000-4000-8000-000000000001.jsonl");
    await fs.writeFile(
      current,
      line({
        type: "user",
        sessionId: "a1b2c3d4-0000-4000-8000-000000000001",
        promptId: "p-one",
        message: { content: "first" },
      }),
    );
    const inspector = createInsights({ paths, locateIntervalMs: 5_000 });
    // Without hooks, a session id the engine echoes back from an earlier insight must not pin the old file.
    const agent = claude({ estimateRuns: true, sessionId: "a1b2c3d4-0000-4000-8000-000000000001" });
    const first = await inspector.poll([agent], at(0));
    expect(first.insights["claude-code-4242"]?.transcriptPath).toBe(current);
    expect(kinds(first.events)).toEqual(["started:p-one"]);
    // /clear: a new session file appears next to it.
    const rotated = path.join(path.dirname(old), "a1b2c3d4-0000-4000-8000-000000000002.jsonl");
    await fs.writeFile(
      rotated,
      line({
        type: "user",
        sessionId: "a1b2c3d4-0000-4000-8000-000000000002",
        promptId: "p-two",
        message: { content: "second" },
      }),
    );
    await fs.utimes(rotated, new Date(Date.now() + 10_000), new Date(Date.now() + 10_000));
    expect((await inspector.poll([agent], at(2))).insights["claude-code-4242"]?.transcriptPath).toBe(current);
    const after = await inspector.poll([agent], at(6));
    expect(after.insights["claude-code-4242"]?.transcriptPath).toBe(rotated);
    expect(after.insights["claude-code-4242"]?.resumeCommand).toBe(
      "claude --resume='a1b2c3d4-0000-4000-8000-000000000002'",
    );
    expect(kinds(after.events)).toEqual(["started:p-two", "idle:p-one"]);
  });

  it("never binds another session's file: not for a known session id, not older than the process", async () => {
    const old = await claudeTranscript("0ld00000-0000-4000-8000-000000000000.jsonl", "claude/interrupted.jsonl");
    await fs.utimes(old, new Date("2026-11-28T10:00:00Z"), new Date("2026-11-28T10:00:00Z"));
    const inspector = createInsights({ paths });
    const hooked = await inspector.poll([claude({ sessionId: CLAUDE_SESSION })], at(0));
    expect(hooked).toEqual({
      insights: { "claude-code-4242": { resumeCommand: `claude --resume='${CLAUDE_SESSION}'` } },
      events: [],
    });
    const fresh = await createInsights({ paths }).poll(
      [claude({ startedAtMs: Date.parse("2026-11-29T09:00:00Z") })],
      at(0),
    );
    expect(fresh).toEqual({ insights: { "claude-code-4242": {} }, events: [] });
    // The same from detect's raw start time string.
    const raw = await createInsights({ paths }).poll([claude({ startTime: "2026-11-29T09:00:00.000Z" })], at(0));
    expect(raw).toEqual({ insights: { "claude-code-4242": {} }, events: [] });
    const older = await createInsights({ paths }).poll([claude({ startTime: "2026-11-27T09:00:00.000Z" })], at(0));
    expect(older.insights["claude-code-4242"]?.transcriptPath).toBe(old);
  });

  it("turns detect's start times into epoch ms", () => {
    expect(processStartMs("2026-11-29T10:00:00.000Z")).toBe(Date.parse("2026-11-29T10:00:00.000Z"));
    expect(processStartMs("12345", 1_000_000)).toBe(1_123_450);
    expect(processStartMs("12345")).toBeUndefined();
    expect(processStartMs("")).toBeUndefined();
  });

  it("estimates a hookless Claude turn: running, then finished after the settle time, never waiting", async () => {
    const dir = path.join(paths.claudeDir, "projects", claudeProjectSlug(CWD));
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${CLAUDE_SESSION}.jsonl`);
    await fs.writeFile(file, line({ type: "summary", summary: "new" }));
    const inspector = createInsights({ paths, readIntervalMs: 1_000 });
    const agent = claude({ estimateRuns: true });
    expect((await inspector.poll([agent], at(0))).events).toEqual([]);
    await fs.appendFile(
      file,
      line({ type: "user", sessionId: CLAUDE_SESSION, promptId: "p1", message: { content: "go" } }),
    );
    const started = await inspector.poll([agent], at(2));
    expect(plain(started.events).map((e) => [e.kind, e.runId, e.hook])).toEqual([
      ["started", runId("claude-code", "p1"), "mytty-bar.transcript.started"],
    ]);
    await fs.appendFile(
      file,
      line({
        type: "assistant",
        uuid: "u-end",
        sessionId: CLAUDE_SESSION,
        message: { model: "m", stop_reason: "end_turn", usage: { input_tokens: 1 } },
      }),
    );
    expect((await inspector.poll([agent], at(4))).events).toEqual([]);
    const finished = await inspector.poll([agent], at(7));
    expect(kinds(finished.events)).toEqual(["succeeded:p1"]);
    expect((await inspector.poll([agent], at(9))).events).toEqual([]);
  });

  it("ends an ESC-interrupted prompt once even with hooks installed", async () => {
    const file = await claudeTranscript(`${CLAUDE_SESSION}.jsonl`, "claude/interrupted.jsonl");
    const inspector = createInsights({ paths, readIntervalMs: 1_000 });
    const agent = claude({ sessionId: CLAUDE_SESSION });
    const first = await inspector.poll([agent], at(0));
    expect(plain(first.events).map((e) => [e.kind, e.runKey, e.id])).toEqual([
      [
        "idle",
        "c47e9b12-5a3d-4e08-b1f6-7d2c0a9e8b52",
        syntheticId(
          "claude-code",
          "interrupted",
          "c47e9b12-5a3d-4e08-b1f6-7d2c0a9e8b52",
          "msg_01MigRaT1oN2aBcDeFgHiJkL",
        ),
      ],
    ]);
    await fs.appendFile(file, line({ type: "system", subtype: "away_summary", sessionId: CLAUDE_SESSION }));
    expect((await inspector.poll([agent], at(3))).events).toEqual([]);
  });

  it("disconnects a hookless agent's newest run when its process is gone", async () => {
    await claudeTranscript(`${CLAUDE_SESSION}.jsonl`, "claude/basic.jsonl");
    const inspector = createInsights({ paths });
    const agent = claude({ estimateRuns: true });
    const first = await inspector.poll([agent], at(0));
    expect(kinds(first.events)).toEqual([`idle:${CLAUDE_SESSION}`]);
    const gone = await inspector.poll([], at(2));
    expect(gone.events.map(({ agentKey, event: e }) => [agentKey, e.kind, e.runKey, e.hook])).toEqual([
      [
        "claude-code-4242",
        "disconnected",
        "8a1d3c55-0e2f-4f7b-a6c1-93d2e8b7f401",
        "mytty-bar.transcript.processExited",
      ],
    ]);
  });

  it("binds a Codex rollout by the hooks' session id, else by the agent's cwd", async () => {
    const day = path.join(paths.codexHome, "sessions", "2026", "11", "29");
    await fs.mkdir(day, { recursive: true });
    const file = path.join(day, CODEX_FILE);
    await fs.copyFile(path.join(fixtures, "codex", CODEX_FILE), file);
    await fs.writeFile(
      path.join(day, "rollout-2026-11-29T09-00-00-019d0000-0000-7000-8000-000000000000.jsonl"),
      line({ type: "session_meta", payload: { id: "019d0000-0000-7000-8000-000000000000", cwd: "/elsewhere" } }),
    );
    const codex = (extra: Partial<InsightAgent>): InsightAgent => ({
      key: "codex-7",
      provider: "codex",
      cwd: "/home/alex/src/api",
      estimateRuns: false,
      ...extra,
    });
    const expected = {
      transcriptPath: file,
      model: "gpt-5.3-codex-mini",
      sessionId: CODEX_ID,
      usedTokens: 20_400,
      windowTokens: 272_000,
      contextLeftPercent: 92.5,
      resumeCommand: `codex resume -- '${CODEX_ID}'`,
    };
    const bySession = await createInsights({ paths }).poll([codex({ sessionId: CODEX_ID, cwd: "/not/used" })], at(0));
    expect(bySession.insights["codex-7"]).toEqual(expected);
    // The aborted last turn (ESC) ends its run whatever the hooks say.
    expect(kinds(bySession.events)).toEqual(["idle:019d7b2f-1b22-7d53-9e4f-1a2b3c4d5e6f"]);
    const byCwd = await createInsights({ paths }).poll([codex({})], at(0));
    expect(byCwd.insights["codex-7"]).toEqual(expected);
  });

  it("estimates a hookless Codex turn from task_started / task_complete on the turn_id run", async () => {
    const day = path.join(paths.codexHome, "sessions", "2026", "11", "29");
    await fs.mkdir(day, { recursive: true });
    const file = path.join(day, `rollout-2026-11-29T12-00-00-${CODEX_ID}.jsonl`);
    const event = (payload: object) => line({ timestamp: "2026-11-29T12:00:01Z", type: "event_msg", payload });
    await fs.writeFile(
      file,
      line({
        timestamp: "2026-11-29T12:00:00Z",
        type: "session_meta",
        payload: { id: CODEX_ID, cwd: "/home/alex/src/api" },
      }),
    );
    const inspector = createInsights({ paths, readIntervalMs: 0, settleMs: 1_000 });
    const agent: InsightAgent = {
      key: "codex-7",
      provider: "codex",
      pid: 7,
      cwd: "/home/alex/src/api",
      estimateRuns: true,
    };
    expect(kinds((await inspector.poll([agent], at(0))).events)).toEqual([`idle:${CODEX_ID}`]);
    await fs.appendFile(file, event({ type: "task_started", turn_id: "turn-1", model_context_window: 272_000 }));
    const started = await inspector.poll([agent], at(2));
    expect(plain(started.events).map((e) => [e.kind, e.runId])).toEqual([["started", runId("codex", "turn-1")]]);
    await fs.appendFile(file, event({ type: "task_complete", turn_id: "turn-1" }));
    expect((await inspector.poll([agent], at(4))).events).toEqual([]);
    expect(kinds((await inspector.poll([agent], at(6))).events)).toEqual(["succeeded:turn-1"]);
  });

  it("shows Antigravity's global model only once hooks named a session, and nothing for Gemini CLI", async () => {
    await fs.mkdir(path.join(paths.geminiDir, "antigravity-cli"), { recursive: true });
    await fs.writeFile(path.join(paths.geminiDir, "antigravity-cli", "settings.json"), '{"model":"gemini-3-pro"}');
    const inspector = createInsights({ paths });
    const agy = {
      key: "antigravity-9",
      provider: "antigravity" as const,
      executable: "/usr/local/bin/agy",
      estimateRuns: false,
    };
    expect((await inspector.poll([agy], at(0))).insights["antigravity-9"]).toEqual({});
    expect((await inspector.poll([{ ...agy, sessionId: "conv-1" }], at(2))).insights["antigravity-9"]).toEqual({
      model: "gemini-3-pro",
      resumeCommand: "agy --conversation='conv-1'",
    });
    const gemini = { ...agy, key: "antigravity-10", executable: "/usr/local/bin/gemini", sessionId: "g-1" };
    expect((await inspector.poll([gemini], at(4))).insights["antigravity-10"]).toEqual({
      resumeCommand: "gemini --resume='g-1'",
    });
  });
});

describe("hook presence", () => {
  it("says installed only once the provider's config holds our hook entries", async () => {
    const presence = createHookPresence(paths, 0);
    expect(presence.installed("claude-code", at(0))).toBe(false);
    await fs.mkdir(paths.claudeDir, { recursive: true });
    await fs.writeFile(paths.claudeSettings, installText('{ "model": "sonnet" }\n', claudeCodeSpec(paths))!);
    expect(presence.installed("claude-code", at(1))).toBe(true);
    expect(presence.installed("codex", at(1))).toBe(false);
  });
});
