// Usage-limit windows (docs/usage-meters.md): Codex rollouts replayed from fixtures/transcripts, on a temp
// HOME through the inspector, and the row contract `usage: [{ window, usedPercent, resetsAt }]`.
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolvePaths } from "@mytty-bar/installers";
import {
  claudeStatusLineUsage,
  codexRateLimits,
  completeLines,
  createInsights,
  latestCodexUsage,
  parseRecords,
  tightestWindow,
  windowLabel,
} from "../src/insights/index.js";
import { AgentRowSchema } from "../src/snapshot.js";

const fixtures = fileURLToPath(new URL("../../../fixtures/transcripts/", import.meta.url));
const ID = "019d8c41-2e7a-7b90-a1c2-3d4e5f607182";
const FILE = `rollout-2026-11-30T14-02-10-${ID}.jsonl`;
const STATUSLINE_FIXTURE = fileURLToPath(
  new URL("../../../fixtures/statusline/claude-code-2.1.90.json", import.meta.url),
);
const EXPECTED = [
  { window: "5h", usedPercent: 38, resetsAt: "2026-11-30T17:00:00.000Z" },
  { window: "7d", usedPercent: 14, resetsAt: "2026-12-05T09:00:00.000Z" },
];

let home: string;
beforeEach(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-usage-"));
});
afterEach(async () => {
  await fs.rm(home, { recursive: true, force: true });
});

describe("Codex rate limits", () => {
  it("takes the newest non-null snapshot of a rollout (null ones after it change nothing)", () => {
    const records = parseRecords(completeLines(readFileSync(path.join(fixtures, "codex", FILE)), 0));
    expect(latestCodexUsage(records)).toEqual(EXPECTED);
    // Without the newest record, the older `resets_in_seconds` form counts from the line's timestamp.
    const older = records.filter((r) => r.timestamp !== "2026-11-30T14:03:02.800Z");
    expect(latestCodexUsage(older)).toEqual([
      { window: "5h", usedPercent: 31, resetsAt: "2026-11-30T16:32:31.400Z" },
      { window: "7d", usedPercent: 12, resetsAt: "2026-12-04T12:29:11.400Z" },
    ]);
  });

  it("drops windows that do not look right instead of guessing", () => {
    expect(codexRateLimits({ primary: { used_percent: "38", window_minutes: 300 } }, undefined)).toBeUndefined();
    expect(codexRateLimits({ primary: { used_percent: 38 } }, undefined)).toBeUndefined();
    expect(codexRateLimits({ primary: { used_percent: -1, window_minutes: 300 } }, undefined)).toBeUndefined();
    expect(
      codexRateLimits({ primary: { used_percent: 140, window_minutes: 90, resets_at: "soon" } }, undefined),
    ).toEqual([{ window: "90m", usedPercent: 100 }]);
    expect(codexRateLimits(null, undefined)).toBeUndefined();
    expect(windowLabel(300)).toBe("5h");
    expect(windowLabel(10080)).toBe("7d");
  });

  it("reaches the inspector's insight from a rollout bound by cwd, and fits the row contract", async () => {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const day = path.join(paths.codexHome, "sessions", "2026", "11", "30");
    await fs.mkdir(day, { recursive: true });
    await fs.copyFile(path.join(fixtures, "codex", FILE), path.join(day, FILE));
    const agent = { key: "codex-9", provider: "codex" as const, cwd: "/home/alex/src/billing", estimateRuns: false };
    const poll = await createInsights({ paths }).poll([agent], new Date("2026-11-30T14:05:00Z"));
    expect(poll.insights["codex-9"]?.usage).toEqual(EXPECTED);
    const row = {
      id: "codex-9",
      tty: null,
      pid: 9,
      provider: "codex",
      via: "process",
      executable: "codex",
      terminal: {},
      state: "idle",
      attention: false,
      updatedAt: "2026-11-30T14:05:00.000Z",
      usage: poll.insights["codex-9"]?.usage,
    };
    expect(AgentRowSchema.parse(row).usage).toEqual(EXPECTED);
    expect(AgentRowSchema.safeParse({ ...row, usage: [{ window: "5h", used: 3 }] }).success).toBe(false);
  });
});

describe("Claude Code statusLine rate limits", () => {
  it("reads rate_limits.five_hour / seven_day (used_percentage, resets_at in epoch seconds)", () => {
    const input = {
      session_id: "5f0c2a9e-7d41-4b6a-9c3e-2b8f1e6d4a10",
      model: { id: "claude-opus-4-6", display_name: "Opus 4.6" },
      rate_limits: {
        five_hour: { used_percentage: 23.5, resets_at: 1796058000 },
        seven_day: { used_percentage: 41.2, resets_at: 1796461200 },
      },
    };
    const usage = claudeStatusLineUsage(input);
    expect(usage).toEqual([
      { window: "5h", usedPercent: 23.5, resetsAt: "2026-11-30T17:00:00.000Z" },
      { window: "7d", usedPercent: 41.2, resetsAt: "2026-12-05T09:00:00.000Z" },
    ]);
    expect(tightestWindow(usage)?.window).toBe("7d");
    expect(claudeStatusLineUsage({ session_id: "x" })).toBeUndefined();
    expect(claudeStatusLineUsage(JSON.parse(readFileSync(STATUSLINE_FIXTURE, "utf8")))).toEqual(EXPECTED);
    expect(claudeStatusLineUsage({ rate_limits: { five_hour: { used_percentage: null } } })).toBeUndefined();
  });
});

describe("Claude Code statusLine file kept by our script", () => {
  it("fills the Claude agent's usage from <data>/statusline/<pid>.json, never from a file older than the process", async () => {
    const paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
    const dir = path.join(paths.dataDir, "statusline");
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, "4242.json");
    await fs.copyFile(STATUSLINE_FIXTURE, file);
    const written = (await fs.stat(file)).mtimeMs;
    const agent = {
      key: "claude-code-4242",
      provider: "claude-code" as const,
      pid: 4242,
      cwd: "/Users/alex/src/api",
      estimateRuns: false,
    };
    const inspector = createInsights({ paths });
    const first = await inspector.poll([{ ...agent, startedAtMs: written - 60_000 }], new Date("2026-11-30T14:05:00Z"));
    expect(first.insights["claude-code-4242"]?.usage).toEqual(EXPECTED);
    // A status without rate_limits (before the first answer) keeps the last reading.
    await fs.writeFile(
      file,
      JSON.stringify({ session_id: "5f0c2a9e-7d41-4b6a-9c3e-2b8f1e6d4a10", model: { id: "x" } }),
    );
    const second = await inspector.poll(
      [{ ...agent, startedAtMs: written - 60_000 }],
      new Date("2026-11-30T14:05:05Z"),
    );
    expect(second.insights["claude-code-4242"]?.usage).toEqual(EXPECTED);
    const reused = await createInsights({ paths }).poll(
      [{ ...agent, startedAtMs: Date.now() + 60_000 }],
      new Date("2026-11-30T14:05:00Z"),
    );
    expect(reused.insights["claude-code-4242"]?.usage).toBeUndefined();
  });
});
