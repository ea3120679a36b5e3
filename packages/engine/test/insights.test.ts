// Pure insight parsers against the real-shaped transcripts in fixtures/transcripts.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  agentResumeCommand,
  claudeInterruption,
  claudeModelSelection,
  claudeProjectSlug,
  claudeTurns,
  codexSessionIdFromName,
  codexTurns,
  completeLines,
  contextWarning,
  inspectClaudeRecords,
  inspectCodexRecords,
  parseRecords,
  type JsonRecord,
} from "../src/insights/index.js";

const fixtures = fileURLToPath(new URL("../../../fixtures/transcripts/", import.meta.url));
const CODEX_FILE = "rollout-2026-11-29T09-30-00-019d7b2e-4c1a-7f30-9e8d-5a6b3c2d1e0f.jsonl";
/** Recorded from Codex 0.171.0 against the stand-in (test/agents/codex.test.ts): text, Esc, a 500, a 429. */
const CODEX_ERRORS_FILE = "rollout-2026-12-02T17-34-57-01a237d2-e0b7-7342-994d-df95b00c58d0.jsonl";

function records(name: string): JsonRecord[] {
  return parseRecords(completeLines(readFileSync(`${fixtures}${name}`), 0));
}

describe("completeLines", () => {
  it("drops the cut first line of a tail and the half-written last line", () => {
    const bytes = Buffer.from('{"a":1}\n{"b":2}\n{"c":3}\n{"d":', "utf8");
    expect(completeLines(bytes.subarray(3), 3)).toEqual(['{"b":2}', '{"c":3}']);
    expect(completeLines(bytes, 0)).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it("never decodes a tail that starts inside a multi-byte character into garbage", () => {
    const bytes = Buffer.from('{"t":"ü漢"}\n{"t":"ok"}\n', "utf8");
    expect(completeLines(bytes.subarray(8), 8)).toEqual(['{"t":"ok"}']);
  });

  it("returns nothing for a tail that holds no complete line", () => {
    expect(completeLines(Buffer.from('xx"partial', "utf8"), 10)).toEqual([]);
    expect(completeLines(Buffer.from('{"partial', "utf8"), 0)).toEqual([]);
  });

  it("skips broken and non-object lines without losing the others", () => {
    expect(parseRecords(['{"a":1}', "{broken", "[1,2]", "", '{"b":2}'])).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe("Claude Code transcript", () => {
  it("reads model and context used from the last assistant line's usage (input + cache read + cache creation)", () => {
    expect(inspectClaudeRecords(records("claude/basic.jsonl"))).toEqual({
      model: "claude-sonnet-4-5-20250929",
      sessionId: "5f0c2a9e-7d41-4b6a-9c3e-2b8f1e6d4a10",
      usedTokens: 50_012,
      windowTokens: 200_000,
      contextLeftPercent: 75,
    });
  });

  it("uses the 1M window when the selection says [1m]", () => {
    expect(inspectClaudeRecords(records("claude/basic.jsonl"), "sonnet[1m]").contextLeftPercent).toBe(95);
  });

  it("ignores a half-written last line instead of failing or taking its model", () => {
    const result = inspectClaudeRecords(records("claude/partial-last-line.jsonl"));
    expect(result.model).toBe("claude-sonnet-4-5-20250929");
    expect(result.usedTokens).toBe(4 + 3120 + 14_550);
  });

  it("skips subagent (sidechain) lines and clamps an over-full 200k window to 0 % left", () => {
    const tail = records("claude/sidechain-1m.jsonl");
    expect(inspectClaudeRecords(tail)).toMatchObject({
      model: "claude-opus-4-6",
      usedTokens: 400_009,
      contextLeftPercent: 0,
    });
    expect(inspectClaudeRecords(tail, "opus[1m]")).toMatchObject({ windowTokens: 1_000_000, contextLeftPercent: 60 });
  });

  it("knows nothing from a transcript without assistant usage", () => {
    expect(inspectClaudeRecords([{ type: "user", promptId: "p", message: { content: "hi" } }])).toEqual({});
  });

  it("takes the model selection from argv, then local, project and user settings", () => {
    const user = '{"model":"sonnet"}';
    expect(claudeModelSelection(["claude", "--model", "opus[1m]", "--model=haiku"], [undefined, undefined, user])).toBe(
      "haiku",
    );
    expect(claudeModelSelection(["claude"], ['{"model":"opus[1m]"}', '{"model":"x"}', user])).toBe("opus[1m]");
    expect(claudeModelSelection(["claude"], ["{not json", undefined, user])).toBe("sonnet");
    expect(claudeModelSelection(["claude"], [undefined, undefined, undefined])).toBeUndefined();
  });

  it("names the project dir like Claude Code does", () => {
    expect(claudeProjectSlug("/Users/alex/src/my.app")).toBe("-Users-alex-src-my-app");
    expect(claudeProjectSlug("/Users/alex/src/mono repo")).toBe("-Users-alex-src-mono-repo");
  });
});

describe("Claude Code ESC interruption", () => {
  const P2 = "c47e9b12-5a3d-4e08-b1f6-7d2c0a9e8b52";

  it("finds the interrupted prompt and message", () => {
    expect(claudeInterruption(records("claude/interrupted.jsonl"))).toEqual({
      promptId: P2,
      interruptedMessageId: "msg_01MigRaT1oN2aBcDeFgHiJkL",
    });
    expect(claudeInterruption(records("claude/basic.jsonl"))).toBeUndefined();
  });

  it("is cleared by any later main-chain line of a prompt, but not by sidechain lines", () => {
    const tail = records("claude/interrupted.jsonl");
    expect(claudeInterruption([...tail, { type: "assistant", isSidechain: true, promptId: P2 }])).toBeDefined();
    expect(claudeInterruption([...tail, { type: "assistant", promptId: P2, message: {} }])).toBeUndefined();
  });

  it("ignores an interruptedMessageId that is not a valid id", () => {
    expect(claudeInterruption([{ type: "user", promptId: "p1", interruptedMessageId: " msg\n" }])).toBeUndefined();
  });

  it("marks the turn interrupted rather than finished by the turn_duration line that follows", () => {
    expect(claudeTurns(records("claude/interrupted.jsonl"))).toEqual([
      {
        key: P2,
        status: "interrupted",
        interruptedMessageId: "msg_01MigRaT1oN2aBcDeFgHiJkL",
        endedBy: "8d9e0f1a-2b3c-4d4e-9f5a-6b7c8d9e0f1a",
      },
    ]);
  });
});

describe("Claude Code turns", () => {
  it("opens a turn on a typed prompt and finishes it on end_turn", () => {
    expect(claudeTurns(records("claude/basic.jsonl"))).toEqual([
      {
        key: "8a1d3c55-0e2f-4f7b-a6c1-93d2e8b7f401",
        status: "finished",
        endedBy: "3e4f5061-7283-4d94-8ea5-c6d7e8f9a0b1",
      },
    ]);
  });

  it("keeps a turn open through tool traffic and ignores injected user lines", () => {
    const tail = records("claude/basic.jsonl").slice(0, 4);
    const injected: JsonRecord = {
      type: "user",
      promptId: "p-cmd",
      isMeta: false,
      message: { content: "<command-name>/compact</command-name>" },
    };
    expect(claudeTurns(tail)).toEqual([{ key: "8a1d3c55-0e2f-4f7b-a6c1-93d2e8b7f401", status: "open" }]);
    const shell: JsonRecord = { type: "user", promptId: "p-sh", message: { content: "<bash-input>ls</bash-input>" } };
    expect(claudeTurns([...tail, injected, shell]).map((t) => t.key)).toEqual(["8a1d3c55-0e2f-4f7b-a6c1-93d2e8b7f401"]);
    // Model work under a promptId whose prompt line the tail cut off still opens that turn.
    const orphan: JsonRecord = {
      type: "assistant",
      promptId: "p-cut",
      message: { stop_reason: "tool_use", content: [{ type: "tool_use", id: "t" }] },
    };
    expect(claudeTurns([orphan])).toEqual([{ key: "p-cut", status: "open" }]);
  });

  it("reopens a finished turn when tool traffic follows", () => {
    const tail = records("claude/basic.jsonl");
    const more: JsonRecord = {
      type: "assistant",
      message: { stop_reason: "tool_use", content: [{ type: "tool_use", id: "t" }] },
    };
    expect(claudeTurns([...tail, more])[0]?.status).toBe("open");
  });
});

describe("Codex rollout", () => {
  it("reads session, latest model, window and the latest token_count", () => {
    expect(inspectCodexRecords(records(`codex/${CODEX_FILE}`))).toEqual({
      sessionId: "019d7b2e-4c1a-7f30-9e8d-5a6b3c2d1e0f",
      cwd: "/home/alex/src/api",
      model: "gpt-5.3-codex-mini",
      usedTokens: 20_400,
      windowTokens: 272_000,
      contextLeftPercent: 92.5,
    });
  });

  it("falls back to input + output when total_tokens is 0, and knows no percentage without a window", () => {
    const line = (info: object): JsonRecord => ({ type: "event_msg", payload: { type: "token_count", info } });
    expect(
      inspectCodexRecords([line({ last_token_usage: { input_tokens: 100, output_tokens: 50, total_tokens: 0 } })]),
    ).toEqual({ usedTokens: 150 });
  });

  it("keys turns by turn_id: task_complete finishes, turn_aborted interrupts", () => {
    expect(codexTurns(records(`codex/${CODEX_FILE}`))).toEqual([
      { key: "019d7b2e-6a11-7c42-8d3e-0f1a2b3c4d5e", status: "finished", endedBy: "2026-11-29T09:30:22.020Z" },
      {
        key: "019d7b2f-1b22-7d53-9e4f-1a2b3c4d5e6f",
        status: "interrupted",
        endedBy: "2026-11-29T09:41:06.000Z",
        interruptedMessageId: "2026-11-29T09:41:06.000Z",
      },
    ]);
  });

  it("fails a turn whose task_complete carries an error, a usage limit as blocked (recorded from Codex 0.171.0)", () => {
    const turns = codexTurns(records(`codex/${CODEX_ERRORS_FILE}`));
    expect(turns.map((t) => [t.status, t.errorMessage])).toEqual([
      ["finished", undefined],
      ["interrupted", undefined],
      ["failed", "We’re currently experiencing high demand, which may cause temporary errors."],
      ["failed", "Blocked by the usage limit: You’ve hit your usage limit. Try again at 6:35 PM."],
    ]);
  });

  it("takes the session uuid from a rollout file name", () => {
    expect(codexSessionIdFromName(CODEX_FILE)).toBe("019d7b2e-4c1a-7f30-9e8d-5a6b3c2d1e0f");
    expect(codexSessionIdFromName("rollout-notes.jsonl")).toBeUndefined();
  });
});

describe("low-context warning", () => {
  it("warns below the threshold (rounded), stays quiet at or above it and when unknown", () => {
    expect(contextWarning({ contextLeftPercent: 29.4, model: "gpt-5.3-codex" })).toEqual({
      level: "low",
      leftPercent: 29,
      thresholdPercent: 30,
      message: "Only 29% context left (gpt-5.3-codex): compact or start a new session soon",
    });
    expect(contextWarning({ contextLeftPercent: 29.5 })).toBeUndefined();
    expect(contextWarning({ contextLeftPercent: 30 })).toBeUndefined();
    expect(contextWarning({})).toBeUndefined();
    expect(contextWarning({ contextLeftPercent: 45 }, 50)?.leftPercent).toBe(45);
    expect(contextWarning({ contextLeftPercent: 5 }, 0)).toBeUndefined();
  });
});

describe("resume command", () => {
  it("prefers the hook's session id, quotes it, and picks gemini vs agy by executable", () => {
    expect(agentResumeCommand({ provider: "claude-code", hookSessionId: "abc'd", transcriptSessionId: "zzz" })).toBe(
      "claude --resume='abc'\\''d'",
    );
    expect(agentResumeCommand({ provider: "codex", transcriptSessionId: "019d7b2e" })).toBe(
      "codex resume -- '019d7b2e'",
    );
    expect(
      agentResumeCommand({ provider: "antigravity", hookSessionId: "c1", executable: "/opt/homebrew/bin/gemini" }),
    ).toBe("gemini --resume='c1'");
    expect(agentResumeCommand({ provider: "antigravity", hookSessionId: "c1", executable: "/usr/local/bin/agy" })).toBe(
      "agy --conversation='c1'",
    );
  });

  it("has no command for an invalid id, falling back to the transcript's valid one", () => {
    expect(agentResumeCommand({ provider: "claude-code", hookSessionId: "bad\nid" })).toBeUndefined();
    expect(agentResumeCommand({ provider: "claude-code", hookSessionId: "bad\nid", transcriptSessionId: "ok" })).toBe(
      "claude --resume='ok'",
    );
  });
});
