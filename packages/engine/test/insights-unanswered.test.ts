// Claude Code's ESC before the first word: the transcript fixture was recorded from Claude Code 2.1.332
// against the Anthropic stand-in (test/agents/claude-code.test.ts, "Esc while the model is still answering").
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { claudeInterruption, claudeUnanswered, completeLines, parseRecords } from "../src/insights/index.js";

const fixtures = fileURLToPath(new URL("../../../fixtures/transcripts/claude/", import.meta.url));
const records = (name: string) => parseRecords(completeLines(readFileSync(`${fixtures}${name}`), 0));
const ESC = "esc-before-first-word-2.1.332.jsonl";

describe("claudeUnanswered", () => {
  it("names the prompt an ESC before the first word left unanswered (no interruption line is written)", () => {
    expect(claudeInterruption(records(ESC))).toBeUndefined();
    expect(claudeUnanswered(records(ESC))).toEqual({
      promptId: "6761b286-30e0-49b3-ad01-7ccc144544a4",
      interruptedMessageId: "c91399a5-16c4-49b1-b92e-85ae3eca6a7a",
    });
  });

  it("is nothing once any main-chain line of the prompt follows it (an answer, a tool call)", () => {
    expect(claudeUnanswered(records("basic.jsonl"))).toBeUndefined();
    expect(claudeUnanswered(records("interrupted.jsonl"))).toBeUndefined();
    const answered = [...records(ESC), { type: "assistant", promptId: "6761b286-30e0-49b3-ad01-7ccc144544a4" }];
    expect(claudeUnanswered(answered)).toBeUndefined();
  });

  it("ignores sidechain lines and injected user lines", () => {
    const tail = records(ESC);
    const side = { type: "assistant", isSidechain: true, promptId: "6761b286-30e0-49b3-ad01-7ccc144544a4" };
    expect(claudeUnanswered([...tail, side])).toBeDefined();
    const injected = { type: "user", promptId: "p2", uuid: "u2", message: { content: "<system-reminder>x" } };
    expect(claudeUnanswered([...tail, injected])).toBeUndefined();
  });
});
