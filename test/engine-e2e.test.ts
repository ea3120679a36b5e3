// The hook path end to end: fake agents in tmux panes run the hooks `mytty-doctor install` wrote,
// the real helper spools, `mytty-bar --headless` joins and tracks, `mytty-team` reads it back.
import { execFile } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BIN,
  Engine,
  FakePane,
  fixture,
  hookCommand,
  makeWorld,
  ourRows,
  rowInState,
  runCli,
  Tmux,
  until,
  type World,
} from "./engine-harness.js";
import { RACY_MS } from "../apps/doctor/src/status-cache.js";

const run = promisify(execFile);

describe("hook path end to end (tmux, real helper, headless engine)", () => {
  let world: World;
  let tmux: Tmux;
  let engine: Engine;
  let claude: FakePane;
  let cursor: FakePane;
  let codex: FakePane;

  beforeAll(async () => {
    world = await makeWorld();
    tmux = new Tmux(world);
    engine = new Engine(world);
    await engine.start();
    claude = await tmux.pane("claude-code", "claude");
    cursor = await tmux.pane("cursor", "cursor");
    codex = await tmux.pane("codex", "codex");
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    await tmux?.kill();
    if (world) await fs.rm(world.home, { recursive: true, force: true });
  });

  /** Every row (any terminal) carrying a session: a join that missed the process adds a pid-less one. */
  const sessionRows = async (sessionId: string) =>
    (await engine.list()).filter((r) => r.sessionId === sessionId).map((r) => ({ id: r.id, pid: r.pid }));

  it("lists every fake agent by its pane before any hook fires, never with an attention state", async () => {
    const rows = await until(
      async () => {
        const all = await ourRows(world, engine);
        return all.length === 3 ? all : undefined;
      },
      10_000,
      "three agents",
    );
    expect(rows.map((r) => [r.provider, r.terminal.tmuxPane, r.via, r.attention]).sort()).toEqual(
      [
        ["claude-code", claude.id, "descendant", false],
        ["codex", codex.id, "descendant", false],
        ["cursor", cursor.id, "descendant", false],
      ].sort(),
    );
    for (const r of rows) expect(["unknown", "idle", "running"]).toContain(r.state);
  });

  it("follows Claude Code through prompt, approval, tool batch, background wait, restart and done", async () => {
    const ids = {
      session_id: "c1a0de00-0000-4000-8000-000000000001",
      prompt_id: "c1a0de00-0000-4000-8000-0000000000p1",
    };
    await claude.hook("SessionStart", fixture("claude-code", "SessionStart", { session_id: ids.session_id }));
    const idle = await rowInState(engine, claude, "idle", 8000, (r) => r.sessionId === ids.session_id);
    expect(idle.runId).toBeDefined();
    expect(idle.tty).toMatch(/^pts\//);
    expect(await sessionRows(ids.session_id)).toEqual([{ id: idle.id, pid: expect.any(Number) }]);

    expect(await claude.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit", ids))).toBe("");
    await rowInState(engine, claude, "running");
    await claude.hook("PermissionRequest", fixture("claude-code", "PermissionRequest", ids));
    const waiting = await rowInState(engine, claude, "waiting-approval");
    expect(waiting.attention).toBe(true);
    expect(waiting.message).toBe("Bash requires approval");

    // The engine restarts while the approval is pending: the state comes back from its log.
    expect(await engine.stop()).toBe(0);
    await expect(fs.access(world.paths.controlSocket)).rejects.toThrow();
    await expect(fs.access(world.paths.enginePid)).rejects.toThrow();
    await engine.start();
    const back = await rowInState(engine, claude, "waiting-approval");
    expect(back.id).toBe(waiting.id);
    expect(back.attention).toBe(true);

    await claude.hook("PostToolBatch", fixture("claude-code", "PostToolBatch", ids));
    expect((await rowInState(engine, claude, "running")).attention).toBe(false);
    await claude.hook("Stop", fixture("claude-code", "Stop-background-subagent", ids));
    await until(
      async () => {
        const row = (await ourRows(world, engine)).find((r) => r.terminal.tmuxPane === claude.id);
        return row?.state === "running" && /background/.test(row.message ?? "") ? row : undefined;
      },
      8000,
      "background wait",
    );
    await claude.hook("Stop", fixture("claude-code", "Stop", ids));
    const done = await rowInState(engine, claude, "succeeded");
    expect(done.attention).toBe(false); // a short run's completion does not ask for attention

    const cli = await runCli(world, BIN.team, ["list", "--json"]);
    expect(cli.code).toBe(0);
    const listed = (JSON.parse(cli.stdout) as Array<{ id: string; state: string; tty: string | null }>).find(
      (r) => r.id === done.id,
    );
    expect(listed).toMatchObject({ state: "succeeded", tty: done.tty });
  }, 60_000);

  it("estimates a Cursor approval from a silent preToolUse after 10 s, then follows it to done", async () => {
    const ids = {
      conversation_id: "c0c0c0c0-0000-4000-8000-000000000002",
      generation_id: "9e9e9e9e-0000-4000-8000-000000000002",
    };
    await cursor.hook("beforeSubmitPrompt", fixture("cursor", "beforeSubmitPrompt", ids));
    await rowInState(engine, cursor, "running");
    // Cursor fails a hook that prints no JSON; "ask" leaves the decision to the user's own settings.
    expect(await cursor.hook("preToolUse", fixture("cursor", "preToolUse", ids))).toBe('{"permission":"ask"}');
    const started = Date.now();
    const estimated = await rowInState(engine, cursor, "waiting-approval", 15_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9000);
    expect(estimated.attention).toBe(true);
    await cursor.hook("postToolUse", fixture("cursor", "postToolUse", ids));
    await rowInState(engine, cursor, "running");
    await cursor.hook("stop", fixture("cursor", "stop", ids));
    expect((await rowInState(engine, cursor, "succeeded")).attention).toBe(false);
  }, 60_000);

  it("follows Codex run through a login shell, and `wait` sees it complete", async () => {
    const ids = { session_id: "c0dec0de-0000-4000-8000-000000000003", turn_id: "c0dec0de-0000-4000-8000-0000000000t3" };
    await codex.hook("UserPromptSubmit", fixture("codex", "UserPromptSubmit", ids));
    const row = await rowInState(engine, codex, "running");
    const waiting = runCli(world, BIN.team, ["wait", row.id, "--until", "completed", "--timeout-seconds", "20"]);
    await codex.hook("PermissionRequest", fixture("codex", "PermissionRequest", ids));
    await rowInState(engine, codex, "waiting-approval");
    await codex.hook("PostToolUse", fixture("codex", "PostToolUse", ids));
    await codex.hook("Stop", fixture("codex", "Stop", ids));
    const result = await waiting;
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(`${row.id} has succeeded.`);
    expect(await sessionRows(ids.session_id)).toEqual([{ id: row.id, pid: expect.any(Number) }]);
    const timeout = await runCli(world, BIN.team, ["wait", row.id, "--until", "running", "--timeout-seconds", "0.5"]);
    expect(timeout.code).toBe(4);
  }, 60_000);

  // Without pane hints and with a cwd no agent has, only the helper's $PPID can name the agent: the
  // installed `exec` form must make it the agent even under dash (`sh -c`) and a login `$SHELL -lc`.
  it.each([
    [
      "claude-code",
      "chain-claude",
      { session_id: "c4a10000-0000-4000-8000-000000000006", prompt_id: "c4a10000-0000-4000-8000-0000000000p6" },
    ],
    [
      "codex",
      "chain-codex",
      { session_id: "c4a10000-0000-4000-8000-000000000007", turn_id: "c4a10000-0000-4000-8000-0000000000t7" },
    ],
  ] as const)(
    "joins a %s hook by the helper's parent chain alone, onto the agent's process row",
    async (provider, name, ids) => {
      const pane = await tmux.pane(provider, name);
      const seen = await until(
        async () => (await ourRows(world, engine)).find((r) => r.terminal.tmuxPane === pane.id),
        10_000,
        `${name} listed`,
      );
      await pane.hook("UserPromptSubmit", fixture(provider, "UserPromptSubmit", ids), { paneHints: false });
      const row = await rowInState(engine, pane, "running", 8000, (r) => r.sessionId === ids.session_id);
      expect(row.id).toBe(seen.id);
      expect(row.pid).toBe(seen.pid);
      expect(row.via).toBe(seen.via);
      expect(await sessionRows(ids.session_id)).toEqual([{ id: seen.id, pid: seen.pid }]);
    },
    30_000,
  );

  it("`spawn --label`: the engine lists the pane's label and `wait <label>` follows that agent", async () => {
    // Panes inherit the server's environment: the spawned fake codex takes its hook calls from here.
    const dir = path.join(world.home, "panes", "spawned");
    await fs.mkdir(dir, { recursive: true });
    await tmux.cmd("set-environment", "-g", "MYTTY_FAKE_DIR", dir);
    const label = "scout: api é";
    const out = await runCli(
      world,
      BIN.team,
      ["spawn", "--provider", "codex", "--label", label, "--task", "look", "--json"],
      await tmux.paneEnv(claude.id),
    );
    expect(out.code, out.stderr).toBe(0);
    const spawned = JSON.parse(out.stdout) as { id: string; pane: string; pid: number; label: string };
    expect(spawned).toMatchObject({ id: `codex-${spawned.pid}`, label });
    const listed = await runCli(world, BIN.team, ["list", "--json"]);
    expect(
      (JSON.parse(listed.stdout) as Array<{ id: string; label?: string }>)
        .filter((r) => r.label === label)
        .map((r) => r.id),
    ).toEqual([spawned.id]);

    const waiting = runCli(world, BIN.team, ["wait", label, "--until", "running", "--timeout-seconds", "20"]);
    const ids = { session_id: "1abe1000-0000-4000-8000-000000000008", turn_id: "1abe1000-0000-4000-8000-0000000000t8" };
    await new FakePane(world, "codex", spawned.pane, dir).hook(
      "UserPromptSubmit",
      fixture("codex", "UserPromptSubmit", ids),
    );
    expect(await waiting).toEqual({ code: 0, stdout: `${spawned.id} is running.\n`, stderr: "" });
    expect(
      await runCli(world, BIN.team, ["wait", "scout", "--until", "running", "--timeout-seconds", "1"]),
    ).toMatchObject({ code: 1 });
    await tmux.cmd("kill-pane", "-t", spawned.pane);
  }, 60_000);

  it("marks a running agent disconnected when its process disappears", async () => {
    const ids = {
      session_id: "d15c0000-0000-4000-8000-000000000004",
      prompt_id: "d15c0000-0000-4000-8000-0000000000p4",
    };
    const doomed = await tmux.pane("claude-code", "doomed");
    await doomed.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit", ids));
    const row = await rowInState(engine, doomed, "running");
    await tmux.cmd("kill-pane", "-t", doomed.id);
    const gone = await until(
      async () => {
        const r = (await engine.list()).find((x) => x.id === row.id);
        return r?.state === "disconnected" ? r : undefined;
      },
      10_000,
      "disconnect",
    );
    expect(gone.attention).toBe(false);
  }, 30_000);

  it("accounts for 500 hook calls made 50 at a time, none lost", async () => {
    const before = await engine.stats();
    const command = hookCommand(world, "codex", "UserPromptSubmit");
    const one = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const child = execFile("sh", ["-c", command], { env: world.env }, (error) =>
          error ? reject(error) : resolve(),
        );
        child.stdin?.end(
          fixture("codex", "UserPromptSubmit", {
            session_id: "b0b0b0b0-0000-4000-8000-000000000005",
            turn_id: `burst-${i}`,
          }),
        );
      });
    for (let wave = 0; wave < 10; wave += 1)
      await Promise.all(Array.from({ length: 50 }, (_, k) => one(wave * 50 + k)));
    const after = await until(
      async () => {
        const s = await engine.stats();
        return s.accepted - before.accepted === 500 && s.spoolBacklog === 0 ? s : undefined;
      },
      30_000,
      "500 accepted",
    );
    expect(after.rejected).toBe(before.rejected);
    expect(after.duplicates).toBe(before.duplicates);
    expect(await fs.readdir(world.paths.spoolNew)).toEqual([]);
  }, 90_000);

  it("`mytty-doctor status` reports the engine running with the last event per provider", async () => {
    const { stdout } = await run(process.execPath, [BIN.doctor, "status", "--json"], { env: world.env }).catch(
      (e: { stdout: string }) => e,
    );
    const status = JSON.parse(stdout) as { engine?: { running: boolean; lastEventAt?: Record<string, string> } };
    expect(status.engine?.running).toBe(true);
    expect(Object.keys(status.engine?.lastEventAt ?? {}).sort()).toEqual(["claude-code", "codex", "cursor"]);
  });

  // Last: it stops the engine. The report kept by the runs above (apps/doctor/src/status-cache.ts) must
  // not keep the engine's part: each run asks it.
  it("a kept status report still asks the engine each run", async () => {
    const status = async () => {
      const r = await run(process.execPath, [BIN.doctor, "status", "--json"], { env: world.env }).catch(
        (e: { stdout: string }) => e,
      );
      return JSON.parse(r.stdout) as { engine: { running: boolean; pid?: number } };
    };
    await new Promise((resolve) => setTimeout(resolve, RACY_MS + 200)); // past the kept report's racy window
    await status();
    expect(existsSync(world.paths.statusCache)).toBe(true);
    expect((await status()).engine).toMatchObject({ running: true, pid: engine.child!.pid });
    await engine.stop();
    expect((await status()).engine).toEqual({ running: false });
  });
});
