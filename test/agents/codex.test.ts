// Real Codex (the pinned CLI) in a tmux pane, our hooks installed and trusted, against the Responses
// stand-in: a run's states, one row per pane although the TUI hands its thread to a managed
// app-server daemon, and what the real rollout gives the row (model, context, usage meters).
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measured, type AgentPane } from "./support/real-world.js";
import { CodexWorld } from "./support/codex-session.js";
import { rateLimitHeaders, usageLimitBody } from "./standins/openai-responses.js";
import { CODEX_MODEL } from "./support/codex-home.js";

const AGENT = "codex";

/** The processes running from this world's HOME (the managed daemon copies itself there). */
function daemonsOf(home: string): string[] {
  const out = execFileSync("ps", ["-eo", "pid=,tty=,args="], { encoding: "utf8" });
  return out.split("\n").filter((l) => l.includes(`${home}/.codex/`) && l.includes("app-server --listen"));
}

describe("Codex 0.171: a run in the default TUI", () => {
  let codex: CodexWorld;
  let pane: AgentPane;
  beforeAll(async () => {
    codex = await CodexWorld.create({ standIn: { rateLimits: rateLimitHeaders(42, 7), inputTokens: 30_000 } });
  }, 60_000);
  afterAll(async () => codex?.close(), 60_000);

  it("is one row for the pane that runs, succeeds, and carries the rollout's model, context and meters", async () => {
    pane = await codex.start();
    codex.standIn.script.queue({
      kind: "text",
      text: "Here is a slow answer for you, word by word.",
      chunkDelayMs: 400,
    });
    const shown = await codex.submit(pane, "say something slowly");
    const { at, row } = await pane.row((r) => r.state === "running", "running");
    measured(AGENT, "prompt", "screen→row running", shown, at);

    // The thread runs in the managed daemon (setsid, no tty), which fires the hooks; the pane keeps one row.
    const daemons = daemonsOf(codex.world.home);
    expect(daemons.length).toBe(1);
    expect(daemons[0]).toMatch(/^\s*\d+\s+\?\s/);
    expect((await codex.paneRows(pane)).map((r) => r.id)).toEqual([row.id]);

    await pane.row((r) => r.state === "succeeded", "succeeded", 30_000);
    expect((await codex.paneRows(pane)).length).toBe(1);

    const meters = await pane.row(
      (r) => r.model === CODEX_MODEL && r.contextLeftPercent !== undefined && (r.usage?.length ?? 0) > 0,
      "model, context and usage meters from the rollout",
      20_000,
    );
    const usage = meters.row.usage ?? [];
    expect(usage.map((w) => Math.round(w.usedPercent))).toEqual([42, 7]);
    expect(meters.row.contextLeftPercent).toBeLessThan(100);
  }, 120_000);

  it("Esc mid-run takes the row out of running", async () => {
    codex.standIn.script.queue({ kind: "hang", ms: 60_000 });
    const shown = await codex.submit(pane, "think for a long time");
    const running = await pane.row((r) => r.state === "running", "running");
    measured(AGENT, "esc", "screen→row running", shown, running.at);
    await pane.keys("Escape");
    const pressed = Date.now();
    const { row, at } = await pane.row((r) => r.state !== "running", "out of running after Esc", 20_000);
    measured(AGENT, "esc", "Esc→row leaves running", pressed, at);
    // Codex fires Interrupt (→ idle) and writes turn_aborted to the rollout.
    expect(row.state).toBe("idle");
  }, 60_000);

  it("a 500 from the model fails the row with the reason", async () => {
    codex.standIn.script.queue({ kind: "error", status: 500, message: "the stand-in broke" });
    const shown = await codex.submit(pane, "this will fail");
    const { row, at } = await pane.row((r) => r.state === "failed", "failed after a 500", 30_000);
    measured(AGENT, "error-500", "screen→row failed", shown, at);
    // Codex retries nothing here (request_max_retries = 0) and shows this line for any 500.
    expect(row.message).toBe("We’re currently experiencing high demand, which may cause temporary errors.");
  }, 60_000);

  it("a 429 usage-limit answer fails the row as blocked by the usage limit", async () => {
    codex.standIn.script.queue({ kind: "error", status: 429, message: JSON.stringify(usageLimitBody()) });
    const shown = await codex.submit(pane, "this hits the limit");
    // The 500's failed row is still there: wait for this turn's own failure.
    const { row, at } = await pane.row(
      (r) => r.state === "failed" && r.message?.startsWith("Blocked") === true,
      "failed as blocked by the usage limit after a 429",
      30_000,
    );
    measured(AGENT, "error-429", "screen→row failed", shown, at);
    expect(row.message).toMatch(/^Blocked by the usage limit: You’ve hit your usage limit\./);
  }, 60_000);
});
