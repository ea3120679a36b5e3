import { describe, expect, it } from "vitest";
import { EngineCore } from "../src/core.js";
import { agentRows } from "../src/rows.js";
import { agent, feed, payload, proc, scanOf, spool, tmuxClaude } from "./helpers.js";

const t = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s));
const SESSION = "a41d7c02-9e3b-4f58-b6a1-2c7d9e0f4b83";

describe("engine core", () => {
  const { claudeProc, claude, joined } = tmuxClaude();

  it("puts an event on the agent its parent chain reaches, with that agent's tty and terminal", () => {
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0));
    expect(
      feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 100 }), t(1), joined),
    ).toBe("applied");
    expect(
      feed(core, spool("claude-code", payload("claude-code", "PermissionRequest"), { ppid: 100 }), t(2), joined),
    ).toBe("applied");
    const rows = agentRows(core);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: "claude-code-100",
      tty: "pts/3",
      pid: 100,
      via: "process",
      state: "waiting-approval",
      attention: true,
      sessionId: SESSION,
    });
    expect(rows[0]!.terminal).toEqual({ app: "tmux", tmuxPane: "%1" });
  });

  it("lists an event without a terminal in its chain with tty null, and keeps its session together", () => {
    const core = new EngineCore(300_000);
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 999 }), t(1), {
      tty: null,
      terminal: { app: "VS Code" },
    });
    feed(core, spool("claude-code", payload("claude-code", "Stop"), { ppid: 998 }), t(2), undefined);
    const rows = agentRows(core);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: "claude-code-s-a41d7c02",
      tty: null,
      pid: null,
      via: "hint",
      state: "succeeded",
      terminal: { app: "VS Code" },
    });
  });

  it("moves a session's process-less row onto its process once a later event joins it", () => {
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0));
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 4242 }), t(1), {
      tty: null,
      terminal: {},
    });
    expect(
      agentRows(core)
        .map((r) => r.id)
        .sort(),
    ).toEqual(["claude-code-100", "claude-code-s-a41d7c02"]);
    feed(core, spool("claude-code", payload("claude-code", "PermissionRequest"), { ppid: 100 }), t(2), {
      agent: claude,
      tty: "pts/3",
      terminal: {},
    });
    expect(agentRows(core).map((r) => [r.id, r.state, r.attention])).toEqual([
      ["claude-code-100", "waiting-approval", true],
    ]);
  });

  it("joins by tmux pane when the helper's parent already exited", () => {
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0));
    feed(
      core,
      spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 4242, env: { tmux_pane: "%1" } }),
      t(1),
      { tty: null, terminal: {} },
    );
    expect(agentRows(core).map((r) => [r.id, r.state])).toEqual([["claude-code-100", "running"]]);
  });

  it("puts a hook the tty-less Codex app-server daemon ran on the Codex agent of the pane it inherited", () => {
    // Observed with Codex 0.169/0.171: the TUI in pane %2 hands its thread to a setsid
    // `codex app-server --managed-daemon` (no tty, TMUX_PANE inherited); hooks are the daemon's children.
    const core = new EngineCore(300_000);
    const tui = proc(200, 1, ["node", "/home/sam/.npm-global/lib/node_modules/@openai/codex/bin/codex.js"], "pts/4");
    const daemon = proc(300, 1, ["/home/sam/.npm-global/bin/codex", "app-server", "--managed-daemon"]);
    const tuiAgent = agent(tui, "codex", { app: "tmux", tmuxPane: "%2", tmuxSocket: "/tmp/tmux-1000/default" });
    core.observeScan(scanOf([tui, daemon], [tuiAgent]), new Map(), t(0));
    const env = { tmux_pane: "%2", tmux: "/tmp/tmux-1000/default,77,0" };
    const daemonAgent = agent(daemon, "codex");
    for (const [name, at] of [
      ["UserPromptSubmit", 1],
      ["PermissionRequest", 2],
    ] as const) {
      feed(core, spool("codex", payload("codex", name), { ppid: 300, env }), t(at), {
        agent: daemonAgent,
        tty: null,
        terminal: {},
      });
    }
    expect(agentRows(core).map((r) => [r.id, r.tty, r.state])).toEqual([["codex-200", "pts/4", "waiting-approval"]]);
  });

  it("keeps a tty-less agent's own row when no agent of its provider is in the pane it names", () => {
    const core = new EngineCore(300_000);
    const daemon = proc(300, 1, ["/home/sam/.npm-global/bin/codex", "app-server", "--managed-daemon"]);
    feed(core, spool("codex", payload("codex", "UserPromptSubmit"), { ppid: 300, env: { tmux_pane: "%9" } }), t(1), {
      agent: agent(daemon, "codex"),
      tty: null,
      terminal: {},
    });
    expect(agentRows(core).map((r) => [r.id, r.state])).toEqual([["codex-300", "running"]]);
  });

  it("tells the same pane id on two tmux servers apart by the TMUX socket", () => {
    const core = new EngineCore(300_000);
    const other = proc(150, 1, ["claude"], "pts/9");
    core.observeScan(
      scanOf(
        [claudeProc, other],
        [claude, agent(other, "claude-code", { app: "tmux", tmuxPane: "%1", tmuxSocket: "/tmp/a/sock" })],
      ),
      new Map(),
      t(0),
    );
    core.agents.get("pid:100@st-100")!.terminal.tmuxSocket = "/tmp/b/sock";
    feed(
      core,
      spool("claude-code", payload("claude-code", "UserPromptSubmit"), {
        ppid: 4242,
        env: { tmux_pane: "%1", tmux: "/tmp/b/sock,77,0" },
      }),
      t(1),
      { tty: null, terminal: {} },
    );
    expect(agentRows(core).map((r) => [r.id, r.state])).toEqual([
      ["claude-code-100", "running"],
      ["claude-code-150", "unknown"],
    ]);
  });

  it("drops a Claude Code hook that Cursor fired, and counts it as ignored", () => {
    const core = new EngineCore(300_000);
    const cursorProc = proc(200, 1, ["/home/u/.local/bin/cursor-agent"], "pts/4");
    const cursor = agent(cursorProc, "cursor");
    expect(
      feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 200 }), t(1), {
        agent: cursor,
        tty: "pts/4",
        terminal: {},
      }),
    ).toBe("ignored");
    expect(agentRows(core)).toEqual([]);
    expect(core.counters).toEqual({ accepted: 0, duplicates: 0, rejected: 0, ignored: 1 });
  });

  it("counts malformed files as rejected, unmapped calls as ignored and retries as duplicates", () => {
    const core = new EngineCore(300_000);
    expect(feed(core, new TextEncoder().encode("garbage"), t(1))).toBe("rejected");
    expect(feed(core, spool("claude-code", "{not json"), t(1))).toBe("rejected");
    expect(feed(core, spool("claude-code", payload("claude-code", "Notification-idle_prompt")), t(1))).toBe("ignored");
    const bytes = spool("claude-code", payload("claude-code", "UserPromptSubmit"));
    feed(core, bytes, t(2));
    feed(core, bytes, t(3));
    expect(core.counters).toEqual({ accepted: 1, duplicates: 1, rejected: 2, ignored: 1 });
    expect(Object.keys(core.lastEventAt)).toEqual(["claude-code"]);
  });

  it("disconnects a run whose agent process disappeared, but leaves a finished run alone", () => {
    const core = new EngineCore(300_000);
    const codexProc = proc(300, 1, ["codex"], "pts/5");
    const codex = agent(codexProc, "codex");
    core.observeScan(scanOf([claudeProc, codexProc], [claude, codex]), new Map(), t(0));
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 100 }), t(1), {
      agent: claude,
      tty: "pts/3",
      terminal: {},
    });
    feed(core, spool("codex", payload("codex", "UserPromptSubmit"), { ppid: 300 }), t(1), {
      agent: codex,
      tty: "pts/5",
      terminal: {},
    });
    feed(core, spool("codex", payload("codex", "Stop"), { ppid: 300 }), t(2), {
      agent: codex,
      tty: "pts/5",
      terminal: {},
    });
    const change = core.observeScan(scanOf([]), new Map(), t(5));
    expect(agentRows(core).map((r) => [r.id, r.state])).toEqual([
      ["claude-code-100", "disconnected"],
      ["codex-300", "succeeded"],
    ]);
    expect(change.log.map((e) => (e.t === "event" ? e.event.hook : e.t))).toEqual(["mytty-bar.processExited"]);
    expect(core.tracker.runs[agentRows(core)[0]!.runId!]!.closedBy).toBe("process-exited");
  });

  it("shows a hookless agent as running while it works and idle after it settles", () => {
    const core = new EngineCore(300_000);
    const scan = scanOf([claudeProc], [claude]);
    const states: string[] = [];
    for (const [s, cpu] of [
      [0, 0],
      [2, 600],
      [4, 600],
      [6, 600],
    ] as const) {
      core.observeScan(scan, new Map([[100, cpu]]), t(s));
      states.push(agentRows(core)[0]!.state);
    }
    expect(states).toEqual(["unknown", "running", "running", "idle"]);
    expect(agentRows(core)[0]!.attention).toBe(false);
  });

  it("keeps an exited agent's row 10 minutes (docs/engine.md), with or without a process", () => {
    const min = (m: number, s = 0) => new Date(t(0).getTime() + m * 60_000 + s * 1000);
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0));
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit"), { ppid: 100 }), t(1), joined);
    // A session seen only through its hooks (an IDE chat) that ends at the same time as the process.
    const ide = { tty: null, terminal: { app: "VS Code" } };
    const other = {
      session_id: "0f6b2a9e-1c3d-4e5f-8a7b-9c0d1e2f3a4b",
      prompt_id: "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
    };
    feed(core, spool("claude-code", payload("claude-code", "UserPromptSubmit", other), { ppid: 999 }), t(1), ide);
    core.observeScan(scanOf([]), new Map(), min(1));
    feed(core, spool("claude-code", payload("claude-code", "SessionEnd", other), { ppid: 999 }), min(1), ide);
    const rows = () =>
      agentRows(core)
        .map((r) => [r.id, r.state])
        .sort();
    expect(rows()).toEqual([
      ["claude-code-100", "disconnected"],
      ["claude-code-s-0f6b2a9e", "disconnected"],
    ]);
    core.prune(min(10, 59));
    expect(rows()).toHaveLength(2);
    core.prune(min(11));
    expect(rows()).toEqual([]);
  });

  it("forgets a polled-only agent once its process is gone", () => {
    const core = new EngineCore(300_000);
    core.observeScan(scanOf([claudeProc], [claude]), new Map(), t(0));
    core.observeScan(scanOf([]), new Map(), t(2));
    expect(agentRows(core)).toEqual([]);
  });

  it("places a hookless Claude Code on the pane its session registry names, when detect found none; detect's pane wins", () => {
    const core = new EngineCore(300_000);
    const bare = proc(200, 1, ["claude"], "pts/7");
    const placed = agent(bare, "claude-code", { app: "tmux" }); // tmux did not answer, no TMUX_PANE read
    core.observeScan(scanOf([claudeProc, bare], [claude, placed]), new Map(), t(0));
    const key = (pid: number) => [...core.agents.values()].find((r) => r.pid === pid)!.key;
    // What the insights poll read from fixtures/claude-sessions/v2.1.328-busy.json's `tmux` ("dev:@3.%7").
    core.setInsight(key(200), { tmuxPane: "%7" }, undefined);
    core.setInsight(key(100), { tmuxPane: "%7" }, undefined);
    const pane = (pid: number) => agentRows(core).find((r) => r.pid === pid)?.terminal.tmuxPane;
    expect(pane(200)).toBe("%7");
    expect(pane(100)).toBe("%1");
    // The next scan replaces the terminal with detect's again; the registry's pane stays.
    core.observeScan(scanOf([claudeProc, bare], [claude, placed]), new Map(), t(5));
    expect(pane(200)).toBe("%7");
  });
});
