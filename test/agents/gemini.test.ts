// Real Gemini CLI (pinned in packages/protocol/src/agent-versions.ts) in a tmux pane, our hooks installed
// by `mytty-doctor install gemini`, against the Gemini API stand-in: what its rows really show.
// Each scenario gets its own world (fresh HOME). Gemini CLI cannot be answered from Mytty Bar (its
// BeforeTool fires before every call, before the approval check: docs/answering.md), so approvals are
// answered in its own dialog.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { request, type AgentRow, type Snapshot } from "@mytty-bar/engine";
import { agentName } from "@mytty-bar/protocol/wire";
import { startGemini, type GeminiStandIn } from "./standins/gemini.js";
import { choose, geminiEnv, projectDir, submitPrompt, writeGeminiHome } from "./support/gemini-home.js";
import { AgentWorld, agentExecutable, measured, type AgentPane } from "./support/real-world.js";

const AGENT = "gemini";
const NO_RESPONSE = /^Ended without a response/;
const SHELL_TOOL = { kind: "tool", name: "run_shell_command", input: { command: "echo hi > made.txt" } } as const;

let open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of open.reverse()) await thing.close();
  open = [];
});

async function geminiWorld(): Promise<{ world: AgentWorld; standIn: GeminiStandIn; pane: AgentPane }> {
  const standIn = await startGemini();
  open.push(standIn);
  const world = await AgentWorld.create({ install: ["gemini"], prepare: writeGeminiHome });
  open.push(world);
  const pane = await world.pane([process.execPath, agentExecutable("gemini").path], {
    env: geminiEnv(standIn.url, world.home),
    cwd: projectDir(world.home),
  });
  await pane.waitScreen(/Type your message/, 30_000);
  return { world, standIn, pane };
}

const isState =
  (...states: AgentRow["state"][]) =>
  (r: AgentRow) =>
    states.includes(r.state);

/** The model of the stand-in's last main-loop request (Gemini CLI routes "Auto" itself). */
const lastModel = (standIn: GeminiStandIn) => /\/models\/([^:]+):/.exec(standIn.turns().at(-1)?.path ?? "")?.[1];

describe("Gemini CLI 0.61.0, real", () => {
  it("runs a prompt, ends Done with the model it used, and disconnects on exit", async () => {
    const { standIn, pane } = await geminiWorld();
    const answer = "The stand-in answers slowly, one word at a time, so the run can be seen.";
    standIn.script.queue({ kind: "text", text: answer, chunkDelayMs: 150 });
    const asked = await submitPrompt(pane, "Say hello");
    const running = await pane.row(isState("running"), "running", 15_000);
    measured(AGENT, "prompt", "prompt-on-screen→running", asked, running.at);
    const answered = await pane.waitScreen(/one word at a time, so the run can be seen/, 20_000);
    const done = await pane.row(isState("succeeded"), "succeeded", 15_000);
    measured(AGENT, "prompt", "answer-on-screen→done", answered, done.at);
    expect(agentName(done.row)).toBe("Gemini CLI");
    // Model from its chat record (read on the insights poll).
    const withModel = await pane.row((r) => r.model !== undefined, "a model", 15_000);
    expect(withModel.row.model).toBe(lastModel(standIn));

    await pane.keys("C-d");
    await pane.waitScreen(/Press Ctrl\+D again to exit/, 10_000);
    await pane.keys("C-d");
    const quit = await pane.waitScreen(/Agent powering down/, 15_000);
    const gone = await pane.row(isState("disconnected"), "disconnected", 20_000);
    measured(AGENT, "exit", "exit-on-screen→disconnected", quit, gone.at);
  }, 120_000);

  it("a shell tool waits for approval with attention, named Gemini CLI in Needs you; allowing runs it", async () => {
    const { world, standIn, pane } = await geminiWorld();
    standIn.script.queue(SHELL_TOOL, { kind: "text", text: "Made the file." });
    await submitPrompt(pane, "Make a file");
    const dialog = await pane.waitScreen(/Allow execution of/, 20_000);
    const waiting = await pane.row((r) => r.state === "waiting-approval" && r.attention, "waiting-approval", 15_000);
    measured(AGENT, "approval", "dialog-on-screen→waiting-approval", dialog, waiting.at);
    expect(waiting.row.answerable).toBe(false);

    // The "Needs you" line names the agent as the dashboard does (apps/menubar/src/tui/dashboard.tsx): by its row.
    const snapshot = await request<Snapshot>(world.paths.controlSocket, { op: "snapshot" });
    const item = snapshot.attention.find((i) => i.actionable && i.agentId === waiting.row.id);
    const itemAgent = snapshot.agents.find((a) => a.id === item?.agentId);
    expect(item && agentName(itemAgent ?? item)).toBe("Gemini CLI");
    expect(agentName(waiting.row)).toBe("Gemini CLI");

    const allowed = await choose(pane, "Allow once");
    const moved = await pane.row(isState("running", "succeeded"), "past the approval", 20_000);
    measured(AGENT, "approval", "allow-in-terminal→row-moves-on", allowed, moved.at);
    await pane.waitScreen(/Made the file\./, 20_000);
    await pane.row(isState("succeeded"), "succeeded", 15_000);
    expect(existsSync(path.join(projectDir(world.home), "made.txt"))).toBe(true);
  }, 120_000);

  it("denying the tool in its dialog ends the wait, with no attention left (read from its chat record)", async () => {
    const { world, standIn, pane } = await geminiWorld();
    standIn.script.queue(SHELL_TOOL);
    await submitPrompt(pane, "Make a file");
    await pane.waitScreen(/Allow execution of/, 20_000);
    await pane.row((r) => r.state === "waiting-approval" && r.attention, "waiting-approval", 15_000);
    await pane.keys("Escape"); // "3. No, suggest changes (esc)"
    const denied = await pane.waitScreen(/Request cancelled/, 15_000);
    const ended = await pane.row((r) => r.state === "idle" && !r.attention, "idle without attention", 20_000);
    measured(AGENT, "deny", "deny-on-screen→idle", denied, ended.at);
    expect(ended.row.message).toBe("Tool denied in the terminal");
    expect(existsSync(path.join(projectDir(world.home), "made.txt"))).toBe(false);
  }, 120_000);

  it("Esc mid-run ends as idle, not Done", async () => {
    const { standIn, pane } = await geminiWorld();
    standIn.script.queue({ kind: "hang", ms: 60_000 });
    await submitPrompt(pane, "Think for a long time");
    await pane.row(isState("running"), "running", 15_000);
    await pane.waitScreen(/esc to cancel/, 15_000);
    await pane.keys("Escape");
    const cancelled = await pane.waitScreen(/Request cancelled/, 15_000);
    const stopped = await pane.row(isState("idle", "succeeded", "failed"), "ended", 15_000);
    measured(AGENT, "esc", "cancel-on-screen→idle", cancelled, stopped.at);
    expect(stopped.row.state).toBe("idle");
    expect(stopped.row.message).toMatch(NO_RESPONSE);
  }, 120_000);

  it("a daily-quota 429 opens Gemini CLI's usage-limit dialog; Stop fails the turn as blocked by the limit", async () => {
    const { standIn, pane } = await geminiWorld();
    standIn.script.queue({ kind: "error", status: 429, message: "You exceeded your current quota." });
    await submitPrompt(pane, "Say hello");
    await pane.waitScreen(/Usage limit reached/, 20_000);
    // No hook fires for this dialog: the row still says running while Gemini CLI waits for a choice.
    await pane.row(isState("running"), "running", 15_000);
    await choose(pane, "Stop");
    const shown = await pane.waitScreen(/exhausted your daily quota/, 15_000);
    // AfterAgent says "[no response text]" (idle, as for Esc); the chat record's error makes it failed.
    const failed = await pane.row(isState("failed"), "failed", 20_000);
    measured(AGENT, "429", "error-on-screen→failed", shown, failed.at);
    expect(failed.row.message).toBe("Blocked by the usage limit: You have exhausted your daily quota on this model.");
  }, 120_000);

  it("500s are retried by Gemini CLI: the row stays running (never Done or failed) until an answer comes", async () => {
    const { standIn, pane } = await geminiWorld();
    const error = { kind: "error", status: 500, message: "Internal error encountered." } as const;
    const errors = 12;
    standIn.script.queue(...Array.from({ length: errors }, () => error), {
      kind: "text",
      text: "Answered after the errors.",
    });
    await submitPrompt(pane, "Say hello");
    await pane.row(isState("running"), "running", 15_000);
    const retrying = await pane.row(() => standIn.turns().length >= errors / 2, "retrying", 30_000);
    expect(retrying.row.state).toBe("running");
    await pane.waitScreen(/Answered after the errors\./, 60_000);
    await pane.row(isState("succeeded"), "succeeded", 15_000);
    expect(standIn.turns().length).toBe(errors + 1);
  }, 120_000);
});
