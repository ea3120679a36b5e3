// spawn → read → send → close against a private tmux server and fake provider CLIs.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startPrivateTmux, type PrivateTmux } from "./helpers/tmux-server.js";
import type { AgentRow } from "@mytty-bar/engine";
import { MemoryEngine, runTeam } from "./helpers/context.js";

let t: PrivateTmux;
beforeAll(async () => {
  t = await startPrivateTmux();
});
afterAll(async () => {
  await t.stop();
});

async function paneIds(): Promise<string[]> {
  return (await t.tmux("list-panes", "-a", "-F", "#{pane_id}")).trim().split("\n");
}

async function readUntil(agent: string, needle: string): Promise<string> {
  return eventually(async () => {
    const result = await runTeam(["read", agent, "--lines", "50"], t.paneEnv);
    return result.code === 0 && result.stdout.includes(needle) ? result.stdout : undefined;
  }, `"${needle}" in ${agent}`);
}

describe("mytty-team in tmux", () => {
  it("read --lines N prints the last N lines of the pane, not the whole screen; send counts one character as one", async () => {
    const pane = (
      await t.tmux("split-window", "-d", "-P", "-F", "#{pane_id}", "printf 'one\\ntwo\\nthree\\nfour\\n'; sleep 3600")
    ).trim();
    try {
      const all = await eventually(async () => {
        const r = await runTeam(["read", pane], t.paneEnv);
        return r.stdout.includes("four") ? r : undefined;
      }, "four in the pane");
      expect(all).toEqual({ code: 0, stdout: "one\ntwo\nthree\nfour\n", stderr: "" });
      expect(await runTeam(["read", pane, "--lines", "2"], t.paneEnv)).toEqual({
        code: 0,
        stdout: "three\nfour\n",
        stderr: "",
      });
      const json = await runTeam(["read", pane, "--lines", "1", "--json"], t.paneEnv);
      expect(JSON.parse(json.stdout)).toMatchObject({ pane, text: "four" });
      // One character is one character, not "1 characters".
      const sent = await runTeam(["send", pane, "x"], t.paneEnv);
      expect(sent.stdout).toMatch(/^Sent 1 character to \S+ \(%\d+\)\.\n$/);
    } finally {
      await t.tmux("kill-pane", "-t", pane);
    }
  });

  it("spawns two workers beside the caller, reads them, sends a follow-up and closes them", async () => {
    const work = path.join(t.root, "project");
    await mkdir(work, { recursive: true });
    const nasty = `Read only: explain "auth" in src/api; don't run $(rm -rf ~) or \`id\`; 50% done \\ ok\nsecond line`;
    const first = await runTeam(
      [
        "spawn",
        "--provider",
        "claude-code",
        "--label",
        "scout-api",
        "--cwd",
        work,
        "--model",
        "sonnet",
        "--task",
        nasty,
        "--json",
      ],
      t.paneEnv,
    );
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const a = JSON.parse(first.stdout) as { id: string; pane: string; pid: number; label: string; argv: string[] };
    expect(a.id).toBe(`claude-code-${a.pid}`);
    expect(a.label).toBe("scout-api");
    expect(a.argv).toEqual(["claude", "--model", "sonnet", nasty]);

    const second = await runTeam(
      ["spawn", "--provider", "codex", "--label", "scout-tests", "--task", "-list the tests"],
      t.paneEnv,
    );
    expect(second.code).toBe(0);
    const b =
      /^Spawned (codex-(\d+)) "scout-tests" \(codex\) in tmux pane (%\d+); next: mytty-team wait codex-\d+ --until completed\n$/.exec(
        second.stdout,
      );
    expect(b).not.toBeNull();
    const [, bId, bPid, bPane] = b as unknown as [string, string, string, string];

    // The fake CLIs got the task as one argv word, the hint and label in their env, and the cwd.
    const records = await eventually(async () => {
      const r = await t.records();
      return r.size === 2 ? r : undefined;
    }, "both fakes to start");
    expect(records.get(a.pid)).toEqual({
      name: "claude",
      args: ["--model", "sonnet", nasty],
      cwd: work,
      env: { MYTTY_AGENT: "claude-code", MYTTY_LABEL: "scout-api" },
    });
    expect(records.get(Number(bPid))).toEqual({
      name: "codex",
      args: ["--", "-list the tests"],
      cwd: t.paneEnv.PWD ?? process.cwd(),
      env: { MYTTY_AGENT: "codex", MYTTY_LABEL: "scout-tests" },
    });

    // Read by label and by id (no engine running: tmux pane options answer).
    expect(await readUntil("scout-api", "fake claude finished")).toContain("fake claude started");
    expect(await readUntil(bId, "fake codex finished: -list the tests")).toContain("fake codex started");

    const sent = await runTeam(["send", "scout-tests", "also check the fixtures", "--enter"], t.paneEnv);
    expect(sent).toEqual({
      code: 0,
      stdout: `Sent 23 characters to ${bId} (${bPane}) and pressed Enter.\n`,
      stderr: "",
    });
    await readUntil(bId, "fake codex got: also check the fixtures");

    expect(await paneIds()).toEqual(["%0", a.pane, bPane]);
    expect(await runTeam(["close", "scout-api"], t.paneEnv)).toEqual({
      code: 0,
      stdout: `Closed ${a.id} (${a.pane}).\n`,
      stderr: "",
    });
    expect(await runTeam(["close", bId], t.paneEnv)).toEqual({
      code: 0,
      stdout: `Closed ${bId} (${bPane}).\n`,
      stderr: "",
    });
    expect(await paneIds()).toEqual(["%0"]);
  });

  it("keeps the caller's half of the window while workers share the other half", async () => {
    const width = async (pane: string) =>
      Number((await t.tmux("display-message", "-p", "-t", pane, "#{pane_width}")).trim());
    const spawned: string[] = [];
    for (const label of ["w1", "w2", "w3"]) {
      const r = await runTeam(
        ["spawn", "--provider", "opencode", "--label", label, "--task", "wait", "--json"],
        t.paneEnv,
      );
      expect(r.code).toBe(0);
      spawned.push((JSON.parse(r.stdout) as { pane: string }).pane);
      if (label === "w1") expect(await width("%0")).toBe(100);
    }
    expect(await width("%0")).toBe(100);
    const sizes = (await t.tmux("list-panes", "-t", "%0", "-F", "#{pane_width}x#{pane_height}")).trim().split("\n");
    expect(sizes).toEqual(["100x50", "49x25", "49x25", "99x24"]);
    for (const pane of spawned) expect((await runTeam(["close", pane], t.paneEnv)).code).toBe(0);
  });

  it("hands a task too long for one tmux command over through a private file", async () => {
    const task = `${"long task line\n".repeat(1200)}end`;
    const file = path.join(t.root, "task.md");
    await writeFile(file, `${task}\n\n`);
    const r = await runTeam(["spawn", "--provider", "gemini", "--task-file", file, "--json"], t.paneEnv);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as { id: string; pid: number };
    expect(s.id).toBe(`antigravity-${s.pid}`);
    const record = await eventually(async () => (await t.records()).get(s.pid), "the gemini fake");
    expect(record.args).toEqual([`--prompt-interactive=${task}`]);
    expect(record.env.MYTTY_AGENT).toBe("antigravity");
    const leftovers = (await readdir(os.tmpdir())).filter((name) => name.startsWith("mytty-team-task-"));
    expect(leftovers).toEqual([]);
    expect((await runTeam(["close", s.id], t.paneEnv)).code).toBe(0);
  });

  it("focuses a worker's pane and refuses to close the caller's own pane", async () => {
    const r = await runTeam(["spawn", "--provider", "cursor", "--label", "fx", "--task", "look"], t.paneEnv);
    expect(r.code).toBe(0);
    const pane = /pane (%\d+)/.exec(r.stdout)?.[1] as string;
    const active = async () => (await t.tmux("display-message", "-p", "-t", pane, "#{pane_active}")).trim();
    expect(await active()).toBe("0");
    expect((await runTeam(["focus", "fx"], t.paneEnv)).code).toBe(0);
    expect(await active()).toBe("1");
    const own = await runTeam(["close", "%0"], t.paneEnv);
    expect(own).toEqual({
      code: 1,
      stdout: "",
      stderr: "%0 is the pane you are running in; mytty-team close will not end its caller.\n",
    });
    expect((await runTeam(["close", "fx"], t.paneEnv)).code).toBe(0);
  });

  it("finds agents through the engine's rows (pane and socket) and says when an address is ambiguous", async () => {
    const r = await runTeam(["spawn", "--provider", "codex", "--task", "engine-known", "--json"], t.paneEnv);
    const s = JSON.parse(r.stdout) as { pane: string };
    const row = (id: string, label: string): AgentRow => ({
      id,
      tty: null,
      pid: null,
      provider: "codex",
      via: "hint",
      executable: null,
      state: "running",
      attention: false,
      updatedAt: "2026-11-29T12:00:00.000Z",
      label,
      terminal: { tmuxPane: s.pane, tmuxSocket: t.socket },
    });
    const engine = new MemoryEngine([
      row("codex-s-abc", "eng"),
      row("codex-s-def", "twin"),
      row("codex-s-ghi", "twin"),
    ]);
    const env = { ...t.paneEnv, TMUX: "/nonexistent/sock,1,0" };
    const read = await eventually(async () => {
      const out = await runTeam(["read", "eng", "--json"], env, engine);
      return out.stdout.includes("fake codex finished") ? out : undefined;
    }, "the engine-known pane");
    expect(JSON.parse(read.stdout)).toMatchObject({ id: "codex-s-abc", pane: s.pane });
    expect(await runTeam(["read", "twin"], env, engine)).toEqual({
      code: 1,
      stdout: "",
      stderr: '"twin" matches 2 agents (codex-s-def, codex-s-ghi); use an id.\n',
    });
    // Another project's tmux server has a "twin" too: from this server, "twin" is ours.
    const elsewhere = {
      ...row("codex-s-jkl", "twin"),
      terminal: { tmuxPane: s.pane, tmuxSocket: "/tmp/another-server/sock" },
    };
    const two = new MemoryEngine([row("codex-s-def", "twin"), elsewhere]);
    const ours = await runTeam(["read", "twin", "--json"], t.paneEnv, two);
    expect(JSON.parse(ours.stdout)).toMatchObject({ id: "codex-s-def", pane: s.pane });
    expect((await runTeam(["read", "twin"], env, two)).stderr).toBe(
      '"twin" matches 2 agents (codex-s-def, codex-s-jkl); use an id.\n',
    );
    expect((await runTeam(["close", s.pane], t.paneEnv)).code).toBe(0);
  });

  it("refuses unusable spawn input with exit 2 and the fix, before touching tmux", async () => {
    const cases: Array<[string[], string]> = [
      [["--provider", "codex"], "spawn needs the task: pass --task <text> or --task-file <path> (exactly one)."],
      [
        ["--provider", "codex", "--task", "a", "--task-file", "b"],
        "spawn needs the task: pass --task <text> or --task-file <path> (exactly one).",
      ],
      [["--provider", "codex", "--task", "  \n "], "The task is empty: write what the new agent should do."],
      [
        ["--provider", "codex", "--task", "a", "--label", "bad\tlabel"],
        'Label "bad\\tlabel" is not usable: use 1–64 characters (at most 128 bytes) of printable text without tabs or newlines.',
      ],
      [
        ["--provider", "codex", "--task", "a", "--model", "--yolo"],
        'Model "--yolo" is not usable: give a plain model name such as `sonnet` or `gpt-5`.',
      ],
      [
        ["--provider", "codex", "--task", "a", "--cwd", "/nonexistent/dir"],
        "--cwd /nonexistent/dir is not a directory: pass an existing project directory.",
      ],
    ];
    const huge = path.join(t.root, "huge-task.md");
    await writeFile(huge, "x".repeat(150 * 1024));
    cases.push([
      ["--provider", "codex", "--task-file", huge],
      `The task file ${huge} is 150 KiB; a task is passed as one argument and may be at most 100 KiB — put the details in a file in the repository and point the task at it.`,
    ]);
    for (const [args, message] of cases) {
      expect(await runTeam(["spawn", ...args], t.paneEnv)).toEqual({ code: 2, stdout: "", stderr: `${message}\n` });
    }
    expect(await paneIds()).toEqual(["%0"]);
  });

  it("says so at once when the provider CLI is not on PATH", async () => {
    expect(
      await runTeam(["spawn", "--provider", "cursor", "--task", "x"], { ...t.paneEnv, PATH: "/nonexistent" }),
    ).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "cursor-agent is not on PATH, so the cursor agent cannot start: install it, or put its directory on PATH.\n",
    });
  });

  it("opens a background window when the caller's window has no room for another pane", async () => {
    await t.tmux("new-session", "-d", "-s", "tiny", "-x", "20", "-y", "6", "sleep 3600");
    const caller = (await t.tmux("display-message", "-p", "-t", "tiny:0", "#{pane_id}")).trim();
    const env = { ...t.paneEnv, TMUX_PANE: caller };
    const windows: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await runTeam(
        ["spawn", "--provider", "codex", "--direction", "down", "--task", `w${i}`, "--json"],
        env,
      );
      expect(r.stderr).toBe("");
      windows.push((JSON.parse(r.stdout) as { window: string }).window);
    }
    const callerWindow = (await t.tmux("display-message", "-p", "-t", caller, "#{window_id}")).trim();
    expect(windows[0]).toBe(callerWindow);
    expect(windows.some((w) => w !== callerWindow)).toBe(true);
    await t.tmux("kill-session", "-t", "tiny");
  });

  it("refuses a label another live agent has, in tmux or in the engine, naming it; a closed agent's label is free", async () => {
    const r = await runTeam(["spawn", "--provider", "codex", "--label", "dup", "--task", "one", "--json"], t.paneEnv);
    expect(r.code).toBe(0);
    const first = JSON.parse(r.stdout) as { id: string; pane: string };
    const again = await runTeam(["spawn", "--provider", "claude-code", "--label", "dup", "--task", "two"], t.paneEnv);
    const taken = `Label "dup" is already used by ${first.id}: pick another label, or end that agent first (\`mytty-team close ${first.id}\`).\n`;
    expect(again).toEqual({ code: 2, stdout: "", stderr: taken });
    expect(await paneIds()).toEqual(["%0", first.pane]);
    // The pane is closed: tmux no longer knows the label, and neither does a live engine row.
    expect((await runTeam(["close", "dup"], t.paneEnv)).code).toBe(0);
    const socket = (await t.tmux("display-message", "-p", "#{socket_path}")).trim();
    const row = (id: string, state: AgentRow["state"]): AgentRow => ({
      id,
      tty: null,
      pid: null,
      provider: "codex",
      via: "process",
      executable: null,
      state,
      attention: false,
      terminal: { tmuxPane: "%99", tmuxSocket: socket },
      label: "dup",
      updatedAt: new Date().toISOString(),
    });
    const engine = new MemoryEngine([row("codex-1", "running")]);
    expect(await runTeam(["spawn", "--provider", "codex", "--label", "dup", "--task", "x"], t.paneEnv, engine)).toEqual(
      {
        code: 2,
        stdout: "",
        stderr: taken.replaceAll(first.id, "codex-1"),
      },
    );
    engine.rows = [row("codex-1", "disconnected")];
    const reused = await runTeam(
      ["spawn", "--provider", "codex", "--label", "dup", "--task", "x", "--json"],
      t.paneEnv,
      new MemoryEngine(null),
    );
    expect(reused.code).toBe(0);
    expect((await runTeam(["close", "dup"], t.paneEnv)).code).toBe(0);
  });

  it("close returns only once the engine lists the agent as gone, so its label names nobody right after", async () => {
    const r = await runTeam(["spawn", "--provider", "codex", "--label", "brief", "--task", "one", "--json"], t.paneEnv);
    const spawned = JSON.parse(r.stdout) as { id: string; pane: string };
    const socket = (await t.tmux("display-message", "-p", "#{socket_path}")).trim();
    const live: AgentRow = {
      id: spawned.id,
      tty: null,
      pid: null,
      provider: "codex",
      via: "process",
      executable: null,
      state: "running",
      attention: false,
      terminal: { tmuxPane: spawned.pane, tmuxSocket: socket },
      label: "brief",
      updatedAt: new Date().toISOString(),
    };
    const engine = new MemoryEngine([live]);
    // The engine's next poll (here: 300 ms later) notices the process is gone.
    const seen = setTimeout(() => (engine.rows = [{ ...live, state: "disconnected" }]), 300);
    try {
      expect(await runTeam(["close", "brief"], t.paneEnv, engine)).toEqual({
        code: 0,
        stdout: `Closed ${spawned.id} (${spawned.pane}).\n`,
        stderr: "",
      });
      expect(engine.rows?.[0]?.state).toBe("disconnected");
    } finally {
      clearTimeout(seen);
    }
    expect(await runTeam(["read", "brief"], t.paneEnv, engine)).toMatchObject({ code: 1 });
  });

  it("says in one line that an unknown agent does not exist", async () => {
    expect(await runTeam(["read", "nobody"], t.paneEnv)).toEqual({
      code: 1,
      stdout: "",
      stderr: 'No agent "nobody" in Mytty Bar or in this tmux server: run `mytty-team list` for ids and labels.\n',
    });
  });
});

describe("mytty-team outside tmux", () => {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: os.tmpdir() };
  delete env.TMUX;
  delete env.TMUX_PANE;
  for (const args of [
    ["spawn", "--provider", "codex", "--task", "x"],
    ["send", "codex-1", "hi"],
    ["read", "codex-1"],
    ["focus", "codex-1"],
    ["close", "codex-1"],
  ]) {
    it(`${args[0]} fails with exit 5 and one line saying tmux is needed`, async () => {
      expect(await runTeam(args, env)).toEqual({
        code: 5,
        stdout: "",
        stderr: `mytty-team ${args[0]} needs tmux: run it inside a tmux pane (TMUX/TMUX_PANE are not set here); list, wait and stats work anywhere.\n`,
      });
    });
  }
});
