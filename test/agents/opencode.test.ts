// Real OpenCode 1.18.33 (the TUI, in a tmux pane) with the plugin `mytty-doctor install opencode`
// writes, the real engine, and an OpenAI chat-completions stand-in (docs/providers.md#opencode). One
// OpenCode session takes the scenarios in turn, each a new prompt, so the file pays OpenCode's start once.
import { existsSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathToFileURL } from "node:url";
import type { AgentRow } from "@mytty-bar/engine";
import { startChatStandIn, type ChatStandIn } from "./standins/openai-chat.js";
import type { Turn } from "./standins/server.js";
import { agentExecutable, AgentWorld, measured, type AgentPane } from "./support/real-world.js";
import { OPENCODE_ENV, OPENCODE_MODEL, OPENCODE_READY, writeOpenCodeHome } from "./support/opencode-home.js";
import { ROOT, until } from "../engine-harness.js";

const AGENT = "opencode";
const oc = agentExecutable("opencode");
let standin: ChatStandIn;
let world: AgentWorld;
let pane: AgentPane;
let dashboard: AgentPane | undefined;
let project: string;
let prompts = 0;

beforeAll(async () => {
  standin = await startChatStandIn();
  world = await AgentWorld.create({
    install: ["opencode"],
    settings: { answerWaitSeconds: 120, allowAgentAnswers: true },
    env: OPENCODE_ENV,
  });
  await writeOpenCodeHome(world.home, { url: standin.url, permission: { bash: "ask" } });
  project = path.join(world.home, "project");
  await mkdir(project);
  const start = Date.now();
  pane = await world.pane([oc.path], { cwd: project });
  // The first start installs OpenCode's plugin SDK into ~/.config/opencode before it loads any plugin.
  measured(AGENT, "start", "first start → prompt box", start, await pane.waitScreen(OPENCODE_READY, 90_000));
}, 120_000);

afterAll(async () => {
  await world?.close();
  await standin?.close();
});

/** Types a prompt and presses Enter; resolves with the time Enter went. */
async function prompt(text: string): Promise<number> {
  prompts += 1;
  await pane.type(text);
  await pane.waitScreen(new RegExp(text), 10_000);
  await pane.keys("Enter");
  return Date.now();
}

/** The row of this pane's OpenCode once `test` holds. */
async function runRow(test: (row: AgentRow) => boolean, what: string, ms = 30_000) {
  return pane.row((r) => r.provider === "opencode" && test(r), what, ms);
}

let lastRun: string | undefined;
/** The row once the newest prompt's run (a run id no earlier prompt had) is running. */
async function newRun(): Promise<{ row: AgentRow; at: number }> {
  const hit = await runRow((r) => r.state === "running" && r.runId !== undefined && r.runId !== lastRun, "a new run");
  lastRun = hit.row.runId;
  return hit;
}

/**
 * Answers a held request from a pane of this world, as a person at a terminal does through the control
 * socket (the engine refuses an answer whose caller has no terminal); resolves with what the engine said.
 */
async function answerFromTerminal(requestId: string, answer: Record<string, unknown>): Promise<string> {
  // The engine's light client (node:net only): a cold start of the whole engine module on a busy
  // machine took longer than the wait below.
  const client = pathToFileURL(path.join(ROOT, "packages/engine/dist/client-entry.js")).href;
  const req = { op: "answer", requestId, answer };
  // The reply goes to a file as well as the screen: a one-shot program's screen is not always caught
  // before its pane is gone, on a busy machine.
  const out = path.join(world.home, `answer-${requestId}.json`);
  const script = `const { request } = await import(${JSON.stringify(client)});
const { writeFileSync } = await import("node:fs");
const r = await request(${JSON.stringify(world.paths.controlSocket)}, { ...${JSON.stringify(req)}, pid: process.pid }, { timeoutMs: 25000 })
  .catch((e) => ({ error: String(e) }));
console.log("ANSWERED " + JSON.stringify(r));
writeFileSync(${JSON.stringify(out)}, JSON.stringify(r));`;
  const answering = await world.pane([process.execPath, "--input-type=module", "-e", script]);
  let screen = "";
  try {
    return await until(
      async () => {
        screen = await answering.screen().catch(() => screen);
        return existsSync(out) ? readFileSync(out, "utf8") : undefined;
      },
      60_000,
      "",
    );
  } catch {
    throw new Error(`the answering pane never wrote its answer:\n${screen}`);
  }
}

/** The same error for the first try and OpenCode's five retries, each retried after 10 ms. */
function failing(status: number, message: string): Turn[] {
  return Array.from({ length: 6 }, () => ({ kind: "error", status, message, headers: { "retry-after-ms": "10" } }));
}

/** Samples the row for `ms`: the states it showed, in order, without repeats. */
async function statesFor(ms: number): Promise<string[]> {
  const seen: string[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const row = (await world.rows()).find((r) => r.terminal.tmuxPane === pane.id && r.provider === "opencode");
    if (row && seen.at(-1) !== row.state) seen.push(row.state);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return seen;
}

describe("OpenCode 1.18.33 in a tmux pane", () => {
  it("a prompt runs, and the finished turn is done and stays done", async () => {
    standin.script.queue({ kind: "text", text: "Hello from the stand-in, slowly.", chunkDelayMs: 250 });
    const sent = await prompt("say hello");
    const running = await newRun();
    measured(AGENT, "prompt", "Enter → row running", sent, running.at);
    const shown = await pane.waitScreen(/Hello from the stand-in, slowly\./);
    const done = await runRow((r) => r.state === "succeeded" && r.runId === lastRun, "succeeded");
    measured(AGENT, "prompt", "answer on screen → row done", shown, done.at);
    // OpenCode updates the turn's user message ~150 ms after session.idle; the row must not reopen.
    expect(await statesFor(3000)).toEqual(["succeeded"]);
  }, 60_000);

  it("reads the model from OpenCode's own store", async () => {
    const { row } = await runRow((r) => r.model !== undefined, "a model", 20_000);
    expect(row.model).toBe(OPENCODE_MODEL);
    // OpenCode keeps no context window locally (docs/providers.md#opencode): nothing is estimated.
    expect(row.contextLeftPercent).toBeUndefined();
  }, 30_000);

  it("a bash permission is waiting-approval, and y in the dashboard really runs it", async () => {
    // Before the request: a hold belongs to the engine that took it.
    dashboard = await world.dashboard();
    standin.script.queue(
      { kind: "tool", name: "bash", input: { command: "echo ok > allowed.txt", description: "Write allowed.txt" } },
      { kind: "text", text: "The allowed command ran." },
    );
    await prompt("write allowed");
    const dialog = await pane.waitScreen(/Permission required/);
    const waiting = await runRow(
      (r) => r.state === "waiting-approval" && r.attention && r.answerable === true,
      "waiting-approval, answerable",
    );
    measured(AGENT, "approval", "dialog on screen → row answerable", dialog, waiting.at);
    expect(waiting.row.message).toBe("bash requires approval: echo ok > allowed.txt");
    lastRun = waiting.row.runId;
    await dashboard.waitScreen(/⏸ bash/);
    const answered = Date.now();
    await dashboard.keys("y");
    const moved = await pane.waitScreen(/The allowed command ran\./);
    measured(AGENT, "approval", "y in dashboard → OpenCode moves on", answered, moved);
    expect(existsSync(path.join(project, "allowed.txt"))).toBe(true);
    await runRow((r) => r.state === "succeeded" && r.runId === lastRun, "succeeded after the allowed run");
  }, 90_000);

  it("n in the dashboard really refuses the command", async () => {
    standin.script.queue({
      kind: "tool",
      name: "bash",
      input: { command: "echo no > denied.txt", description: "Write denied.txt" },
    });
    await prompt("write denied");
    await pane.waitScreen(/Permission required/);
    const waiting = await runRow(
      (r) => r.state === "waiting-approval" && r.answerable === true && r.runId !== lastRun,
      "waiting-approval again",
    );
    lastRun = waiting.row.runId;
    await dashboard!.waitScreen(/⏸ bash: echo no/);
    const answered = Date.now();
    await dashboard!.keys("n");
    const left = await runRow((r) => r.state !== "waiting-approval", "leaves the approval");
    measured(AGENT, "deny", "n in dashboard → row moves on", answered, left.at);
    expect(existsSync(path.join(project, "denied.txt"))).toBe(false);
    // The refusal goes back to the model as the tool's result, and OpenCode carries on with its answer.
    await pane.waitScreen(/\$ echo no > denied\.txt[\s\S]*Done\./);
    const refused = standin.mainRequests().at(-1)!.body as { messages: Array<{ role: string; content?: unknown }> };
    expect(refused.messages.filter((m) => m.role === "tool").at(-1)?.content).toBe(
      "The user rejected permission to use this specific tool call with the following feedback: Denied by the user from Mytty Bar.",
    );
  }, 60_000);

  it("the question tool is waiting-input; an option answered from Mytty Bar goes on", async () => {
    standin.script.queue(
      {
        kind: "tool",
        name: "question",
        input: {
          questions: [
            {
              question: "Which colour?",
              header: "Colour",
              options: [
                { label: "Red", description: "warm" },
                { label: "Blue", description: "cool" },
              ],
            },
          ],
        },
      },
      { kind: "text", text: "Blue it is." },
    );
    await prompt("ask me");
    const asked = await pane.waitScreen(/Which colour\?/);
    const waiting = await runRow((r) => r.state === "waiting-input" && r.request !== undefined, "waiting-input");
    lastRun = waiting.row.runId;
    measured(AGENT, "question", "question on screen → row waiting-input", asked, waiting.at);
    expect(waiting.row.message).toBe("Colour");
    const answered = Date.now();
    const reply = await answerFromTerminal(waiting.row.request!.id, { decision: "option", label: "Blue" });
    expect(JSON.parse(reply)).toEqual({ ok: true });
    const moved = await pane.waitScreen(/Blue it is\./);
    measured(AGENT, "question", "option answered → OpenCode moves on", answered, moved);
    const lastBody = standin.mainRequests().at(-1)!.body as { messages: Array<{ content?: unknown }> };
    expect(JSON.stringify(lastBody.messages.at(-1))).toContain("Blue");
  }, 120_000);

  it("Esc mid-run leaves running", async () => {
    // Held for 10 s at most: OpenCode may wait for the interrupted stream before its next request.
    standin.script.queue({ kind: "hang", ms: 10_000 });
    await prompt("hang on");
    await newRun();
    await pane.waitScreen(/esc interrupt/);
    // OpenCode interrupts on the second Esc; a terminal that sends both at once reads them as one Alt+Esc.
    await pane.keys("Escape");
    await pane.waitScreen(/esc again to interrupt/, 5000);
    const pressed = Date.now();
    await pane.keys("Escape");
    const left = await runRow((r) => r.state !== "running", "leaves running after Esc");
    measured(AGENT, "esc", "second Esc → row leaves running", pressed, left.at);
    expect(left.row.state).toBe("idle");
  }, 60_000);

  it("a 500 from the model is failed with the reason", async () => {
    // OpenCode retries a 5xx five times (retry-after-ms decides the wait); every try gets the error.
    standin.script.queue(...failing(500, "stand-in exploded"));
    const before = lastRun;
    await prompt("fail please");
    const failed = await runRow((r) => r.state === "failed" && r.runId !== before, "failed", 60_000);
    lastRun = failed.row.runId;
    expect(failed.row.message).toContain("stand-in exploded");
    expect(standin.script.pending).toBe(0);
  }, 90_000);

  it("a 429 from the model is failed, blocked by the usage limit", async () => {
    standin.script.queue(...failing(429, "Rate limit reached"));
    const before = lastRun;
    await prompt("limit please");
    const failed = await runRow((r) => r.state === "failed" && r.runId !== before, "failed on 429", 60_000);
    lastRun = failed.row.runId;
    expect(failed.row.message).toMatch(/^Blocked by the usage limit/);
    expect(standin.script.pending).toBe(0);
  }, 90_000);

  it("quitting OpenCode mid-run is disconnected", async () => {
    // OpenCode 1.18.33 tells a plugin nothing when it quits: only a run still open when the process goes
    // can say so (the engine's process-exited rule); a finished run keeps its own state.
    standin.script.queue({ kind: "hang", ms: 10_000 });
    await prompt("keep going");
    await newRun();
    // With the prompt box empty, one Ctrl+C quits OpenCode.
    const quit = Date.now();
    await pane.keys("C-c");
    const gone = await runRow((r) => r.state === "disconnected", "disconnected");
    measured(AGENT, "exit", "Ctrl+C → row disconnected", quit, gone.at);
    // The pane's own program has ended (tmux keeps the dead pane: remain-on-exit).
    await until(
      async () => (await world.tmux("display-message", "-p", "-t", pane.id, "#{pane_dead}")) === "1" || undefined,
      30_000,
      "OpenCode exits",
    );
    expect(prompts).toBeGreaterThan(0);
  }, 60_000);
});
