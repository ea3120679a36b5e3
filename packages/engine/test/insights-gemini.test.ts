// Gemini CLI's chat record: model and prompt tokens, and the declined tool call no hook reports. The fixture
// is recorded from Gemini CLI 0.61.0 against the stand-in (test/agents/standins/gemini.ts): a shell call,
// declined with Esc in its dialog (the fixtures named below, described in the transcripts fixtures README).
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolvePaths } from "@mytty-bar/installers";
import {
  createInsights,
  endedByError,
  endsApproval,
  geminiErrorMessage,
  geminiChatFacts,
  GEMINI_DENIED_MESSAGE,
  isGeminiChatFile,
  parseRecords,
  type InsightAgent,
} from "../src/insights/index.js";

const FILE = "session-2026-12-02T17-32-880137b0.jsonl";
const SESSION = "880137b0-c2fc-4b3e-a2a3-f6b5b67c6427";
const DENIED_AT = "2026-12-02T17:32:55.092Z";
const fixture = fileURLToPath(new URL(`../../../fixtures/transcripts/gemini/${FILE}`, import.meta.url));
const denied = readFileSync(fixture, "utf8");
/** The same record had the user allowed the call. */
const allowed = denied.replace('"status":"cancelled"', '"status":"success"');
const records = (text: string) => parseRecords(text.split("\n"));
/** A daily-quota 429, "Stop" chosen in Gemini CLI's usage-limit dialog. */
const QUOTA_FILE = "session-2026-12-02T17-29-01394ace.jsonl";
const QUOTA_SESSION = "01394ace-a47b-44b0-84f9-b26e29a5ed93";
const QUOTA_ERROR_ID = "c8996f08-47af-4a7f-99cf-d39c1ace3c1c";
const quota = readFileSync(
  fileURLToPath(new URL(`../../../fixtures/transcripts/gemini/${QUOTA_FILE}`, import.meta.url)),
  "utf8",
);

describe("Gemini CLI chat record", () => {
  it("names the model and prompt tokens of the newest answer", () => {
    expect(geminiChatFacts(records(denied))).toMatchObject({ model: "gemini-3.8-flash", usedTokens: 1200 });
  });

  it("finds the declined call, and none when the call was allowed", () => {
    expect(geminiChatFacts(records(denied)).denial).toEqual({
      id: expect.stringMatching(/^run_shell_command__/),
      at: DENIED_AT,
      toolName: "run_shell_command",
    });
    expect(geminiChatFacts(records(allowed)).denial).toBeUndefined();
  });

  it("reads the API error a turn gave up on, and says a quota error is the usage limit", () => {
    const { error } = geminiChatFacts(records(quota));
    expect(error).toEqual({
      id: QUOTA_ERROR_ID,
      at: "2026-12-02T17:29:37.779Z",
      message: "You have exhausted your daily quota on this model.",
    });
    expect(error && geminiErrorMessage(error)).toBe(
      "Blocked by the usage limit: You have exhausted your daily quota on this model.",
    );
    expect(geminiErrorMessage({ id: "e", at: DENIED_AT, message: "Internal error encountered." })).toBe(
      "Internal error encountered.",
    );
    expect(geminiChatFacts(records(denied)).error).toBeUndefined();
  });

  it("an error explains only the idle it ended with", () => {
    const error = { id: "e", at: "2026-12-02T17:29:37.779Z", message: "x" };
    expect(endedByError(error, { state: "idle", updatedAt: "2026-12-02T17:29:37.850Z" })).toBe(true);
    expect(endedByError(error, { state: "idle", updatedAt: "2026-12-02T17:31:00.000Z" })).toBe(false);
    expect(endedByError(error, { state: "running", updatedAt: "2026-12-02T17:29:37.850Z" })).toBe(false);
  });

  it("binds the file by the session id's first eight characters", () => {
    expect(isGeminiChatFile(FILE, SESSION)).toBe(true);
    expect(isGeminiChatFile(FILE, "980137b0-0000-0000-0000-000000000000")).toBe(false);
  });

  it("a denial ends only the approval asked before it", () => {
    const denial = { id: "x", at: DENIED_AT };
    expect(endsApproval(denial, { state: "waiting-approval", updatedAt: "2026-12-02T17:32:50.400Z" })).toBe(true);
    expect(endsApproval(denial, { state: "waiting-approval", updatedAt: "2026-12-02T17:33:10.000Z" })).toBe(false);
    expect(endsApproval(denial, { state: "running", updatedAt: "2026-12-02T17:32:50.400Z" })).toBe(false);
  });
});

describe("insights inspector, Gemini CLI", () => {
  let home: string;
  let paths: ReturnType<typeof resolvePaths>;
  beforeEach(async () => {
    home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-gemini-chat-"));
    paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const chats = path.join(paths.geminiDir, "tmp", "project", "chats");
    await fs.mkdir(chats, { recursive: true });
    await fs.copyFile(fixture, path.join(chats, FILE));
    await fs.copyFile(fixture.replace(FILE, QUOTA_FILE), path.join(chats, QUOTA_FILE));
  });
  afterEach(async () => {
    await fs.rm(home, { recursive: true, force: true });
  });

  const gemini = (state: string, updatedAt: string, session = SESSION): InsightAgent => ({
    key: "antigravity-4242",
    provider: "antigravity",
    pid: 4242,
    executable: "/usr/bin/node",
    argv: ["node", "/opt/node_modules/.bin/gemini"],
    sessionId: session,
    estimateRuns: false,
    run: { runKey: session, state: state as "waiting-approval", updatedAt, sessionId: session },
  });

  it("ends the waiting approval as idle once the chat records the call declined, and fills the model", async () => {
    const inspector = createInsights({ paths });
    const now = new Date("2026-12-02T17:32:56.000Z");
    const { insights, events } = await inspector.poll([gemini("waiting-approval", "2026-12-02T17:32:50.400Z")], now);
    expect(insights["antigravity-4242"]).toMatchObject({ model: "gemini-3.8-flash" });
    expect(events.map((e) => [e.event.kind, e.event.runKey, e.event.message])).toEqual([
      ["idle", SESSION, GEMINI_DENIED_MESSAGE],
    ]);
  });

  it("leaves a newer approval alone", async () => {
    const inspector = createInsights({ paths });
    const now = new Date("2026-12-02T17:33:20.000Z");
    const { events } = await inspector.poll([gemini("waiting-approval", "2026-12-02T17:33:10.000Z")], now);
    expect(events).toEqual([]);
  });

  it("a turn ended by an API error becomes a failed run of its own, with the error", async () => {
    const inspector = createInsights({ paths });
    const now = new Date("2026-12-02T17:29:39.000Z");
    const { events } = await inspector.poll([gemini("idle", "2026-12-02T17:29:37.850Z", QUOTA_SESSION)], now);
    expect(events.map((e) => [e.event.kind, e.event.runKey, e.event.message])).toEqual([
      [
        "failed",
        `${QUOTA_SESSION}:error:${QUOTA_ERROR_ID}`,
        "Blocked by the usage limit: You have exhausted your daily quota on this model.",
      ],
    ]);
  });

  it("follows the session to its own file when the hook session changes (/clear)", async () => {
    const inspector = createInsights({ paths });
    const now = new Date("2026-12-02T17:33:20.000Z");
    const first = await inspector.poll([gemini("running", "2026-12-02T17:32:50.400Z")], now);
    expect(first.insights["antigravity-4242"]?.transcriptPath).toMatch(/880137b0\.jsonl$/);
    const next = await inspector.poll([gemini("running", "2026-12-02T17:32:50.400Z", QUOTA_SESSION)], now);
    expect(next.insights["antigravity-4242"]?.transcriptPath).toMatch(/01394ace\.jsonl$/);
  });
});
