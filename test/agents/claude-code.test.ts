// Real Claude Code with our hooks against the Anthropic stand-in: a prompt runs, the model and context come
// from its real transcript, Esc mid-run ends the run, a question is a wait, and /exit ends the session.
import { afterEach, describe, expect, it } from "vitest";
import { until } from "../engine-harness.js";
import { STANDIN_MODEL } from "./standins/anthropic.js";
import { measured } from "./support/real-world.js";
import { CLAUDE_VERSIONS, type ClaudeSession, isClaude, startClaude } from "./support/claude-session.js";

const AGENT = "claude-code";
const SLOW = "The stand-in answers slowly so the run is seen while it lasts, one word at a time.";

let session: ClaudeSession | undefined;
afterEach(async () => {
  await session?.close();
  session = undefined;
});

describe.each(CLAUDE_VERSIONS)("Claude Code %s with hooks", (version) => {
  it("a prompt runs, then succeeds with the stand-in's model and a context figure from the transcript", async () => {
    const s = (session = await startClaude({ version, mode: "default" }));
    s.standin.script.queue({ kind: "text", text: SLOW, chunkDelayMs: 250 });
    const sentAt = await s.prompt("say something slowly");
    const { at } = await s.pane.row((r) => isClaude(r) && r.state === "running", "running");
    measured(AGENT, `prompt (${version})`, "prompt sent → row running", sentAt, at);
    await s.pane.waitScreen(/one word at a time\./);
    const { row } = await s.pane.row(
      (r) => isClaude(r) && r.state === "succeeded" && r.model !== undefined,
      "succeeded with a model",
    );
    expect(row.model).toBe(STANDIN_MODEL);
    expect(row.contextLeftPercent).toBeGreaterThan(0);
    expect(row.contextLeftPercent).toBeLessThan(100);
  }, 90_000);

  it("Esc while the model is still answering leaves running at once", async () => {
    const s = (session = await startClaude({ version, mode: "default" }));
    s.standin.script.queue({ kind: "hang", ms: 60_000 });
    await s.prompt("take your time");
    await s.pane.row((r) => isClaude(r) && r.state === "running", "running");
    await s.pane.keys("Escape");
    const escAt = Date.now();
    const { row, at } = await s.pane.row((r) => isClaude(r) && r.state !== "running", "no longer running");
    measured(AGENT, `esc (${version})`, "Esc → row leaves running", escAt, at);
    expect(row.state).toBe("idle");
    expect(row.message).toBe("Interrupted");
    expect(row.attention).toBe(false);
  }, 90_000);

  it("/exit ends the session: the row is disconnected", async () => {
    const s = (session = await startClaude({ version, mode: "default" }));
    await s.pane.row(isClaude, "a row");
    await s.prompt("/exit");
    const exitAt = Date.now();
    const { at } = await s.pane.row((r) => isClaude(r) && r.state === "disconnected", "disconnected");
    measured(AGENT, `exit (${version})`, "/exit → row disconnected", exitAt, at);
  }, 90_000);
});

describe("Claude Code asks a question (AskUserQuestion)", () => {
  it("is waiting-input with attention; an option picked in the terminal moves it on", async () => {
    const s = (session = await startClaude({ mode: "default" }));
    const question = {
      question: "Which colour should the stand-in use?",
      header: "Colour",
      multiSelect: false,
      options: [
        { label: "Teal", description: "A calm colour" },
        { label: "Amber", description: "A warm colour" },
      ],
    };
    s.standin.script.queue(
      { kind: "tool", name: "AskUserQuestion", input: { questions: [question] } },
      { kind: "text", text: "Teal it is." },
    );
    await s.prompt("ask me a question");
    const shownAt = await s.pane.waitScreen(/Which colour should the stand-in use\?/);
    const { row, at } = await s.pane.row(
      (r) => isClaude(r) && r.state === "waiting-input" && r.attention,
      "waiting-input",
    );
    measured(AGENT, "question", "question on screen → row waiting-input", shownAt, at);
    // Our held PermissionRequest offers it as a question with its options (docs/answering.md).
    expect(row.request?.kind).toBe("question");
    // A key sent while the dialog is still mounting is dropped: Enter again until the dialog is gone.
    const answeredAt = Date.now();
    await until(
      async () => {
        if (!/Enter to select/.test(await s.pane.screen())) return true;
        await s.pane.keys("Enter");
        await new Promise((resolve) => setTimeout(resolve, 500));
        return undefined;
      },
      15_000,
      "the question answered",
    );
    const { row: moved, at: movedAt } = await s.pane.row((r) => isClaude(r) && r.state !== "waiting-input", "moved on");
    measured(AGENT, "question", "option picked in terminal → row moves on", answeredAt, movedAt);
    // Claude Code leaves our held hook running out its hold: the request must not outlive the wait.
    expect(moved.answerable).toBe(false);
    await s.pane.waitScreen(/Teal it is\./);
    const results = s.standin.toolResults();
    expect(JSON.stringify(results)).toContain("Teal");
  }, 90_000);
});
