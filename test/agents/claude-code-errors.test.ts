// Real Claude Code when the model fails (retries bounded with its own CLAUDE_CODE_MAX_RETRIES), and with no
// hooks installed at all, where its session registry alone must name the pane and show the waits.
import { afterEach, describe, expect, it } from "vitest";
import { measured } from "./support/real-world.js";
import { type ClaudeSession, isClaude, startClaude } from "./support/claude-session.js";

const AGENT = "claude-code";
const NO_RETRIES = { CLAUDE_CODE_MAX_RETRIES: "0" };

let session: ClaudeSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe("Claude Code when the model fails", () => {
  it("429 → failed, blocked by the usage limit, with Claude Code's own message", async () => {
    const s = (session = await startClaude({ mode: "default", env: NO_RETRIES }));
    s.standin.script.queue({
      kind: "error",
      status: 429,
      message: "Number of request tokens has exceeded your per-minute rate limit",
      headers: {
        "retry-after": "30",
        "anthropic-ratelimit-requests-limit": "50",
        "anthropic-ratelimit-requests-remaining": "0",
        "anthropic-ratelimit-requests-reset": "2026-12-02T18:00:00Z",
      },
    });
    await s.prompt("hello");
    const shownAt = await s.pane.waitScreen(/API Error: Request rejected \(429\)/);
    const { row, at } = await s.pane.row((r) => isClaude(r) && r.state === "failed", "failed");
    measured(AGENT, "model error 429", "error on screen → row failed", shownAt, at);
    expect(row.attention).toBe(true);
    expect(row.message).toMatch(/^Blocked by the usage limit: .*per-minute rate limit/);
  }, 90_000);

  it("500 → failed with the reason Claude Code gives", async () => {
    const s = (session = await startClaude({ mode: "default", env: NO_RETRIES }));
    s.standin.script.queue({ kind: "error", status: 500, message: "Internal server error" });
    await s.prompt("hello");
    const shownAt = await s.pane.waitScreen(/API Error: 500/);
    const { row, at } = await s.pane.row((r) => isClaude(r) && r.state === "failed", "failed");
    measured(AGENT, "model error 500", "error on screen → row failed", shownAt, at);
    expect(row.message).toMatch(/^API Error: 500 Internal server error/);
  }, 90_000);

  it("529 overloaded → failed, not left running", async () => {
    const s = (session = await startClaude({ mode: "default", env: NO_RETRIES }));
    s.standin.script.queue({ kind: "error", status: 529, message: "Overloaded" });
    await s.prompt("hello");
    const shownAt = await s.pane.waitScreen(/API Error/);
    const { row, at } = await s.pane.row((r) => isClaude(r) && r.state === "failed", "failed");
    measured(AGENT, "model error 529", "error on screen → row failed", shownAt, at);
    expect(row.message).toMatch(/overloaded/i);
  }, 90_000);
});

describe("Claude Code with no hooks installed (the session registry only)", () => {
  it("names its tmux pane and shows the approval wait and its end", async () => {
    const s = (session = await startClaude({ mode: "default", world: { install: [] } }));
    const write = `node -e 'require("fs").writeFileSync("made.txt", "x")'`;
    s.standin.script.queue(
      { kind: "tool", name: "Bash", input: { command: write, description: "Write made.txt" } },
      { kind: "text", text: "Finished without hooks." },
    );
    const { row: first } = await s.pane.row(isClaude, "a row");
    expect(first.terminal.tmuxPane).toBe(s.pane.id);
    await s.prompt("write the file");
    const dialogAt = await s.pane.waitScreen(/Do you want to proceed\?/);
    const { row, at } = await s.pane.row(
      (r) => isClaude(r) && r.state === "waiting-approval" && r.attention,
      "waiting-approval from the registry",
    );
    measured(AGENT, "approval (no hooks)", "dialog on screen → row waiting-approval", dialogAt, at);
    expect(row.answerable).toBe(false);
    await s.pane.keys("Enter");
    const answeredAt = Date.now();
    const { row: after, at: movedAt } = await s.pane.row(
      (r) => isClaude(r) && r.state !== "waiting-approval" && r.state !== "running",
      "done with the approval",
    );
    measured(AGENT, "approval (no hooks)", "answer in terminal → row moves on", answeredAt, movedAt);
    await s.pane.waitScreen(/Finished without hooks\./);
    // A tool approved and run within one poll skips the registry's `busy`, so waiting → idle reads as a
    // dismissed prompt (idle), not a finished turn (succeeded): both end the wait, which is what is proved here.
    expect(["idle", "succeeded"]).toContain(after.state);
    expect(after.attention).toBe(false);
  }, 90_000);
});
