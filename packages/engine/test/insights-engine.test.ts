// End to end without hooks: a fake `claude` in a private tmux pane appends to its transcript under a
// temp HOME; the engine's rows show running, then succeeded, on the hooks' run id — never attention.
import { promises as fs } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runId } from "@mytty-bar/protocol";
import { resolvePaths } from "@mytty-bar/installers";
import { createEngine, defaultSettings, request, type AgentRow } from "@mytty-bar/engine";
import { eventually, useTmuxWorld } from "./tmux-world.js";
import { claudeProjectSlug, createInsights } from "../src/insights/index.js";

const SESSION = "7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
const PROMPT = "0f9e8d7c-6b5a-4c3d-9e2f-1a0b9c8d7e6f";

// The fake agent: waits for go files the test creates, then writes what Claude Code would write.
const FAKE = `#!/usr/bin/env node
const fs = require("node:fs");
const { FAKE_TRANSCRIPT: file, FAKE_CONTROL: control } = process.env;
const line = (o) => fs.appendFileSync(file, JSON.stringify(o) + "\\n");
const done = new Set();
setInterval(() => {
  if (!done.has(1) && fs.existsSync(control + "/go-1")) {
    done.add(1);
    fs.mkdirSync(require("node:path").dirname(file), { recursive: true });
    line({ type: "user", sessionId: "${SESSION}", promptId: "${PROMPT}", cwd: process.cwd(), message: { role: "user", content: "fix the build" } });
    line({ type: "assistant", sessionId: "${SESSION}", message: { model: "claude-sonnet-4-5-20250929", stop_reason: "tool_use", content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: {} }], usage: { input_tokens: 5, cache_read_input_tokens: 120000, cache_creation_input_tokens: 1000 } } });
  }
  if (!done.has(2) && fs.existsSync(control + "/go-2")) {
    done.add(2);
    line({ type: "user", sessionId: "${SESSION}", promptId: "${PROMPT}", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "ok" }] } });
    line({ type: "assistant", uuid: "end-1", sessionId: "${SESSION}", message: { model: "claude-sonnet-4-5-20250929", stop_reason: "end_turn", content: [{ type: "text", text: "fixed" }], usage: { input_tokens: 5, cache_read_input_tokens: 140000, cache_creation_input_tokens: 0 } } });
  }
}, 50);
`;

const world = useTmuxWorld("mytty-insights-engine-");
const tmux = world.tmux;

describe("engine with insights, no hooks installed", () => {
  it("lists a hookless Claude agent as running, then succeeded, with model and context, never attention", async () => {
    const home = path.join(world.root, "home");
    const bin = path.join(world.root, "bin");
    const work = path.join(world.root, "work");
    const control = path.join(world.root, "control");
    for (const dir of [home, bin, work, control]) await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(bin, "claude"), FAKE, { mode: 0o755 });
    const paths = resolvePaths({ env: { HOME: home } });
    const transcript = path.join(paths.claudeDir, "projects", claudeProjectSlug(work), `${SESSION}.jsonl`);

    await tmux(
      "new-session",
      "-d",
      "-s",
      "insights",
      "-x",
      "100",
      "-y",
      "30",
      "-c",
      work,
      "-e",
      `FAKE_TRANSCRIPT=${transcript}`,
      "-e",
      `FAKE_CONTROL=${control}`,
      path.join(bin, "claude"),
    );
    const pid = Number((await tmux("display-message", "-p", "-t", "insights", "#{pane_pid}")).trim());

    // Short intervals so the test takes seconds; insights run on the engine's own poll timer.
    const insights = createInsights({ paths, readIntervalMs: 0, locateIntervalMs: 0, settleMs: 300 });
    world.engine = await createEngine({ paths, insights, settings: { ...defaultSettings(), pollIntervalSeconds: 1 } });
    const live = world.engine;
    const seen: AgentRow[] = [];
    const row = async (): Promise<AgentRow | undefined> => {
      const found = live.snapshot().agents.find((r) => r.pid === pid);
      if (found) seen.push(found);
      return found;
    };
    await eventually(row, "the fake claude to be detected");

    await fs.writeFile(path.join(control, "go-1"), "");
    // Poll activity (CPU) can also say "running"; only the transcript's run carries the prompt's run id.
    const onRun = (state: string) => async () => {
      const r = await row();
      return r?.state === state && r.runId === runId("claude-code", PROMPT) ? r : undefined;
    };
    const running = await eventually(onRun("running"), "running on the prompt's run");
    expect(running).toMatchObject({
      id: `claude-code-${pid}`,
      provider: "claude-code",
      runId: runId("claude-code", PROMPT),
      model: "claude-sonnet-4-5-20250929",
      contextLeftPercent: 39,
      resumeCommand: `claude --resume='${SESSION}'`,
    });

    await fs.writeFile(path.join(control, "go-2"), "");
    const finished = await eventually(onRun("succeeded"), "succeeded on the prompt's run");
    expect(finished).toMatchObject({ runId: runId("claude-code", PROMPT), contextLeftPercent: 30, attention: false });

    // The same rows through the control socket, as `mytty-team list --json` reads them.
    const listed = await request<{ agents: AgentRow[] }>(paths.controlSocket, { op: "list" });
    expect(listed.agents.find((r) => r.pid === pid)).toMatchObject({
      state: "succeeded",
      model: "claude-sonnet-4-5-20250929",
      contextLeftPercent: 30,
    });

    expect(
      seen.every((r) => r.attention === false && r.state !== "waiting-approval" && r.state !== "waiting-input"),
    ).toBe(true);
    expect(live.snapshot().attention).toEqual([]);
  });
});
