// The control socket's `answer` (docs/answering.md#from-the-control-socket), end to end: the doctor's real
// Claude Code hook held by `mytty-bar --headless`, asked from a fake agent's own tmux pane and from another.
// Off by default; on, the request's own pane is still refused; only another pane's answer releases the hook.
import { promises as fs } from "node:fs";
import { request, type AgentRow } from "@mytty-bar/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakePane } from "./engine-harness.js";
import { Engine, fixture, makeWorld, ourRows, Tmux, until, type World } from "./engine-harness.js";

interface AnswerReply {
  ok: boolean;
  reason?: string;
  message?: string;
}

describe("answering over the control socket", () => {
  let world: World;
  let tmux: Tmux;
  let engine: Engine;
  let claude: FakePane;
  let other: FakePane;

  beforeAll(async () => {
    world = await makeWorld(["claude-code", "codex"]);
    await fs.mkdir(world.paths.dataDir, { recursive: true });
    await fs.writeFile(world.paths.settingsFile, JSON.stringify({ answerWaitSeconds: 120 }));
    tmux = new Tmux(world);
    engine = new Engine(world);
    await engine.start();
    claude = await tmux.pane("claude-code", "claude");
    other = await tmux.pane("codex", "other");
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    await tmux?.kill();
  });

  const panePid = async (pane: FakePane) =>
    Number(await tmux.cmd("display-message", "-p", "-t", pane.id, "#{pane_pid}"));
  const ask = (requestId: string, pid: number) =>
    request<AnswerReply>(world.paths.controlSocket, {
      op: "answer",
      requestId,
      answer: { decision: "allow" },
      pid,
    });

  it("refuses by default, refuses the request's own pane when on, and takes another pane's answer", async () => {
    const payload = fixture("claude-code", "PermissionRequest", { cwd: world.home });
    const hook = claude.hook("PermissionRequest", payload, { timeoutMs: 150_000 });
    const held = await until(
      async () => (await ourRows(world, engine)).find((r) => r.terminal.tmuxPane === claude.id && r.answerable),
      20_000,
      "a held request",
    );
    const requestId = (held as AgentRow).request!.id;
    expect(held.request).toMatchObject({ kind: "approval", tool: "Bash", summary: "rm -rf target" });

    // Off by default: even another pane's answer is refused, and the request stays held.
    const off = await ask(requestId, await panePid(other));
    expect(off).toMatchObject({ ok: false, reason: "refused" });
    expect(off.message).toContain("allowAgentAnswers");

    // On: the agent's own pane is refused (whichever process of it asks), the request still held.
    await fs.writeFile(world.paths.settingsFile, JSON.stringify({ answerWaitSeconds: 120, allowAgentAnswers: true }));
    const own = await until(
      async () => {
        const reply = await ask(requestId, await panePid(claude));
        return reply.message?.includes("allowAgentAnswers") ? undefined : reply;
      },
      20_000,
      "the setting to apply",
    );
    expect(own).toMatchObject({ ok: false, reason: "refused" });
    expect(own.message).toContain("own pane");
    expect((await ourRows(world, engine)).find((r) => r.terminal.tmuxPane === claude.id)?.answerable).toBe(true);

    // Another pane's agent may answer; the hook prints the allow decision, and a repeat is refused.
    expect(await ask(requestId, await panePid(other))).toEqual({ ok: true });
    expect(JSON.parse(await hook)).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
    expect(await ask(requestId, await panePid(other))).toMatchObject({ ok: false, reason: "answered" });
    const log = await fs.readFile(world.paths.eventLog, "utf8");
    expect(log).toContain(`"t":"answer"`);
    expect(log).toMatch(new RegExp(`"request":"${requestId}"[^\\n]*"by":"socket"[^\\n]*"decision":"allow"`));
  }, 120_000);
});
