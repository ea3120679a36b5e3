// Real Codex asks the user a question with its request_user_input tool. Codex fires no hook for that wait
// (openai/codex#40164); the PreToolUse entry we install matched on `^request_user_input$` makes the row
// waiting-input, and its PostToolUse puts the run back to running once the user answers in the terminal.
// Codex offers the tool in Plan mode only, or in Default mode with `features.default_mode_request_user_input`
// (codex-rs/core/src/tools/handlers/request_user_input.rs), which is the user's config here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../engine-harness.js";
import { measured } from "./support/real-world.js";
import { CodexWorld } from "./support/codex-session.js";

const AGENT = "codex";

const QUESTION = {
  kind: "tool" as const,
  name: "request_user_input",
  input: {
    questions: [
      {
        id: "colour",
        header: "Colour",
        question: "Which colour should the button be?",
        options: [
          { label: "Teal", description: "Calm and readable" },
          { label: "Amber", description: "Loud and warm" },
        ],
      },
    ],
  },
};

describe("Codex 0.171: a request_user_input question", () => {
  let codex: CodexWorld;
  beforeAll(async () => {
    codex = await CodexWorld.create({ config: { extra: ["features.default_mode_request_user_input = true"] } });
  }, 60_000);
  afterAll(async () => codex?.close(), 60_000);

  it("is waiting-input while the question is on screen, and running on after the answer", async () => {
    const pane = await codex.start();
    codex.standIn.script.queue(QUESTION, { kind: "text", text: "Teal it is." });
    await codex.submit(pane, "style the button");
    const asked = await pane.waitScreen(/Which colour should the button be\?/, 20_000);
    const { row, at } = await pane.row((r) => r.state === "waiting-input", "waiting-input", 20_000);
    measured(AGENT, "question", "screen→row waiting-input", asked, at);
    expect(row.attention).toBe(true);
    expect(row.message).toBe("Which colour should the button be?");
    expect((await codex.paneRows(pane)).map((r) => r.id)).toEqual([row.id]);

    // Answered in the terminal (Codex has no hook to answer it from outside): option 1 is chosen.
    await pane.keys("Enter");
    const answered = Date.now();
    const next = await until(
      async () => (codex.standIn.turns().length >= 2 ? Date.now() : undefined),
      20_000,
      "Codex sending the answer to the model",
    );
    measured(AGENT, "question", "answer→agent moves on", answered, next);
    const input = (codex.standIn.turns()[1]?.body as { input?: Array<Record<string, unknown>> }).input ?? [];
    expect(String(input.find((i) => i.type === "function_call_output")?.output)).toMatch(/Teal/);
    await pane.row((r) => r.state === "succeeded", "succeeded after the answer", 30_000);
  }, 120_000);
});
