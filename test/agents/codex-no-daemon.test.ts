// Real Codex with `--no-daemon` (its thread runs in the TUI's own process, no app-server daemon): the npm
// node launcher and the native binary it starts are one row, and quitting ends the session (SessionEnd).
// The same on the older pin, 0.169.0.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measured } from "./support/real-world.js";
import { CodexWorld } from "./support/codex-session.js";

const AGENT = "codex";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(["0.171.0", "0.169.0"])("Codex %s --no-daemon", (version) => {
  let codex: CodexWorld;
  beforeAll(async () => {
    codex = await CodexWorld.create();
  }, 60_000);
  afterAll(async () => codex?.close(), 60_000);

  it("is one row that runs, succeeds, and is disconnected when Codex quits", async () => {
    const pane = await codex.start({ version, args: ["--no-daemon"] });
    codex.standIn.script.queue({ kind: "text", text: "A slow answer, one word at a time.", chunkDelayMs: 300 });
    const shown = await codex.submit(pane, "answer slowly");
    const { row, at } = await pane.row((r) => r.state === "running", "running");
    measured(AGENT, `prompt --no-daemon ${version}`, "screen→row running", shown, at);
    expect((await codex.paneRows(pane)).map((r) => r.id)).toEqual([row.id]);
    await pane.row((r) => r.state === "succeeded", "succeeded", 30_000);
    expect((await codex.paneRows(pane)).length).toBe(1);

    await pane.type("/quit");
    await sleep(400);
    await pane.keys("Enter");
    const pressed = Date.now();
    const gone = await pane.row((r) => r.state === "disconnected", "disconnected after /quit", 20_000);
    measured(AGENT, `exit --no-daemon ${version}`, "quit→row disconnected", pressed, gone.at);
  }, 120_000);
});
