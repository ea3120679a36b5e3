// Claude Code's session registry end to end, with no hooks installed: two real processes named `claude`
// in a private tmux server, their $HOME/.claude/sessions/<pid>.json written the way Claude Code writes
// them (fixtures/claude-sessions/), the real `mytty-bar --headless`, read back by `mytty-team list --json`.
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentRow } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/installers";
import { BIN, Engine, ROOT, fixture, makeWorld, ourRows, rowInState, runCli, Tmux, until } from "./engine-harness.js";
import type { FakePane, World } from "./engine-harness.js";
import { runId } from "@mytty-bar/protocol";

// Sleeps like an idle agent: poll activity alone would never call it anything but idle.
const FAKE_CLAUDE = "#!/bin/sh\nwhile :; do sleep 1; done\n";

/** Start time as Claude Code records it: /proc/<pid>/stat field 22 (the fields after the comm's ")"). */
function procStart(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const field = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  if (field === undefined) throw new Error(`no start time in /proc/${pid}/stat`);
  return field;
}

type Patch = Record<string, unknown>;
async function writeRecord(world: World, name: string, pid: number, start: string, patch: Patch = {}): Promise<void> {
  const source = path.join(ROOT, "fixtures/claude-sessions", `${name}.json`);
  const record = JSON.parse(readFileSync(source, "utf8")) as Record<string, unknown>;
  const file = path.join(world.paths.claudeDir, "sessions", `${pid}.json`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Claude Code replaces the file whole on every status change; a rename keeps readers off torn writes.
  const sessionId = `5b0c6a52-3f0e-4d8a-9a57-${String(pid).padStart(12, "0")}`;
  const body = JSON.stringify({ ...record, pid, procStart: start, sessionId, statusUpdatedAt: Date.now(), ...patch });
  await fs.writeFile(`${file}.tmp`, body);
  await fs.rename(`${file}.tmp`, file);
}

async function listed(world: World): Promise<AgentRow[]> {
  const cli = await runCli(world, BIN.team, ["list", "--json"]);
  if (cli.code !== 0) throw new Error(`mytty-team list --json exited ${cli.code}: ${cli.stderr}`);
  return JSON.parse(cli.stdout) as AgentRow[];
}

describe.runIf(process.platform === "linux")("Claude Code session registry, no hooks installed", () => {
  let world: World;
  let tmux: Tmux;
  let engine: Engine;
  let honest: FakePane;
  let reused: FakePane;

  beforeAll(async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-registry-e2e-"));
    const binDir = path.join(home, "fakebin");
    await fs.mkdir(binDir);
    await fs.writeFile(path.join(binDir, "claude"), FAKE_CLAUDE, { mode: 0o755 });
    const PATH = `${binDir}:${process.env.PATH ?? "/usr/bin:/bin"}`;
    const env: NodeJS.ProcessEnv = { PATH, HOME: home, LANG: "C", SHELL: "/bin/sh" };
    const paths = resolvePaths({ env, platform: process.platform });
    world = { home, paths, env, binDir, tmuxSocket: path.join(home, "tmux.sock") };
    await fs.mkdir(world.paths.dataDir, { recursive: true });
    await fs.writeFile(world.paths.settingsFile, JSON.stringify({ pollIntervalSeconds: 1, answerWaitSeconds: 0 }));
    tmux = new Tmux(world);
    engine = new Engine(world);
    await engine.start();
    honest = await tmux.pane("claude-code", "honest");
    reused = await tmux.pane("claude-code", "reused");
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    await tmux?.kill();
    if (world) await fs.rm(world.home, { recursive: true, force: true });
  });

  const rowOf = async (pane: FakePane) => (await ourRows(world, engine)).find((r) => r.terminal.tmuxPane === pane.id);

  it("lists `waiting` as needs-you, `busy` as running; a record with a reused pid's procStart is ignored", async () => {
    const a = await until(() => rowOf(honest), 10_000, "the first claude listed");
    const b = await until(() => rowOf(reused), 10_000, "the second claude listed");
    expect(a.pid).not.toBeNull();
    expect(b.pid).not.toBeNull();
    // Both written before the same poll: whatever the engine reads for one, it has read for the other.
    await writeRecord(world, "waiting-permission", b.pid!, "1");
    await writeRecord(world, "waiting-permission", a.pid!, procStart(a.pid!));

    const inState = (id: string, state: string) => async () =>
      (await listed(world)).find((r) => r.id === id && r.state === state);
    const waiting = await until(inState(a.id, "waiting-approval"), 10_000, "waiting-approval");
    expect(waiting).toMatchObject({ provider: "claude-code", attention: true, message: "Waiting for permission" });
    expect(waiting.sessionId).toMatch(/^5b0c6a52-/);
    const other = (await listed(world)).find((r) => r.id === b.id);
    expect(other?.attention).toBe(false);
    expect(other?.state).not.toMatch(/^waiting-/);

    await writeRecord(world, "busy", a.pid!, procStart(a.pid!));
    const running = await until(inState(a.id, "running"), 10_000, "running");
    expect(running.attention).toBe(false);
    expect(running.runId).toBe(waiting.runId);

    await writeRecord(world, "idle", a.pid!, procStart(a.pid!));
    const done = await until(inState(a.id, "succeeded"), 10_000, "succeeded");
    expect(done.runId).toBe(waiting.runId);

    const still = (await listed(world)).find((r) => r.id === b.id);
    expect(still?.attention).toBe(false);
    expect(still?.state).not.toMatch(/^waiting-/);
  }, 60_000);
});

describe.runIf(process.platform === "linux")("Claude Code session registry with hooks installed", () => {
  let world: World;
  let tmux: Tmux;
  let engine: Engine;

  beforeAll(async () => {
    world = await makeWorld(["claude-code"]);
    await fs.mkdir(world.paths.dataDir, { recursive: true });
    await fs.writeFile(world.paths.settingsFile, JSON.stringify({ pollIntervalSeconds: 1, answerWaitSeconds: 0 }));
    tmux = new Tmux(world);
    engine = new Engine(world);
    await engine.start();
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    await tmux?.kill();
    if (world) await fs.rm(world.home, { recursive: true, force: true });
  });

  it("hooks describe the run; a newer `busy` ends the approval wait Claude Code fires no hook for", async () => {
    const claude = await tmux.pane("claude-code", "hooked");
    const ids = { session_id: "c1a0de00-0000-4000-8000-0000000000r1", prompt_id: "c1a0de00-0000-4000-8000-00000000r2" };
    await claude.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit", ids));
    await claude.hook("PermissionRequest", fixture("claude-code", "PermissionRequest", ids));
    const waiting = await rowInState(engine, claude, "waiting-approval");
    const promptRun = runId("claude-code", ids.prompt_id);
    expect(waiting).toMatchObject({ attention: true, message: "Bash requires approval", runId: promptRun });

    // The user approves: Claude Code says busy at once, but no hook fires until the tool has finished.
    const record = { sessionId: ids.session_id };
    await writeRecord(world, "busy", waiting.pid!, procStart(waiting.pid!), record);
    const running = await rowInState(engine, claude, "running");
    expect(running).toMatchObject({ attention: false, runId: runId("claude-code", ids.prompt_id) });

    await claude.hook("Stop", fixture("claude-code", "Stop", ids));
    expect(await rowInState(engine, claude, "succeeded")).toMatchObject({ runId: runId("claude-code", ids.prompt_id) });
  }, 60_000);

  it("auto mode: a newer `waiting` / permission prompt turns the hooks' stale input wait into waiting-approval", async () => {
    // Claude Code 2.1.328 in auto mode with its classifier unreachable: a "needs your choice" dialog, then
    // its own Bash approval, and no PermissionRequest hook. The file says so at once; a hook said input.
    const claude = await tmux.pane("claude-code", "auto-mode");
    const ids = {
      session_id: "c1a0de00-0000-4000-8000-0000000000a1",
      prompt_id: "c1a0de00-0000-4000-8000-0000000000a2",
    };
    await claude.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit", ids));
    const choice = { ...ids, message: "Auto mode can't check actions right now. Claude needs your choice" };
    await claude.hook("Notification", fixture("claude-code", "Notification-agent_needs_input", choice));
    const asked = await rowInState(engine, claude, "waiting-input");
    expect(asked.message).toBe(choice.message);

    const now = Date.now();
    const record = { sessionId: ids.session_id, updatedAt: now, statusUpdatedAt: now };
    await writeRecord(world, "v2.1.328-auto-mode-permission", asked.pid!, procStart(asked.pid!), record);
    const approval = await rowInState(engine, claude, "waiting-approval");
    expect(approval).toMatchObject({
      attention: true,
      message: "Waiting for permission",
      runId: runId("claude-code", ids.prompt_id),
      answerable: false,
    });

    // The permission_prompt Notification, ~20 s late, changes nothing; the answer's PostToolBatch runs it.
    await claude.hook("Notification", fixture("claude-code", "Notification-permission_prompt", ids));
    await claude.hook("PostToolBatch", fixture("claude-code", "PostToolBatch", ids));
    expect(await rowInState(engine, claude, "running")).toMatchObject({ attention: false });
  }, 60_000);

  it("ESC mid-run: the registry's idle plus the transcript's interruption of the prompt ends the row Interrupted", async () => {
    const claude = await tmux.pane("claude-code", "escaped");
    // The transcript's own ids (fixtures/transcripts/claude/interrupted.jsonl): the prompt the ESC cut off.
    const ids = {
      session_id: "5f0c2a9e-7d41-4b6a-9c3e-2b8f1e6d4a10",
      prompt_id: "c47e9b12-5a3d-4e08-b1f6-7d2c0a9e8b52",
    };
    const cwd = path.join(world.home, "service");
    await claude.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit", { ...ids, cwd }));
    const running = await rowInState(engine, claude, "running");
    const start = procStart(running.pid!);
    await writeRecord(world, "v2.1.328-busy", running.pid!, start, { sessionId: ids.session_id });

    const dir = path.join(world.paths.claudeDir, "projects", "escaped");
    await fs.mkdir(dir, { recursive: true });
    const tail = readFileSync(path.join(ROOT, "fixtures/transcripts/claude/interrupted.jsonl"), "utf8");
    await fs.writeFile(path.join(dir, `${ids.session_id}.jsonl`), tail);
    const now = Date.now() + 1;
    const idle = { sessionId: ids.session_id, updatedAt: now, statusUpdatedAt: now };
    await writeRecord(world, "v2.1.328-idle", running.pid!, start, idle);
    const ended = await rowInState(engine, claude, "idle");
    expect(ended).toMatchObject({
      message: "Interrupted",
      runId: runId("claude-code", ids.prompt_id),
      attention: false,
    });
  }, 60_000);
});
