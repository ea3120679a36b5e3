// Pure parts: pane parsing, the split choice, the caller lookup for `status`, the ancestor walk.
import type { AgentRow } from "@mytty-bar/engine";
import { describe, expect, it } from "vitest";
import { ancestorsFrom } from "../src/default-context.js";
import { parseLines } from "../src/commands/read.js";
import { chunks } from "../src/commands/send.js";
import { cleanNote, findCaller } from "../src/commands/status.js";
import { chooseSplit, parsePanes, type PaneInfo } from "../src/tmux/panes.js";
import { socketFromTmuxEnv } from "../src/tmux/runner.js";
import { MemoryEngine, runTeam } from "./helpers/context.js";

const pane = (paneId: string, width: number, height: number, agentId?: string): PaneInfo => ({
  paneId,
  pid: 1,
  sessionId: "$0",
  windowId: "@0",
  width,
  height,
  dead: false,
  ...(agentId ? { agentId } : {}),
});

describe("panes", () => {
  it("parses tmux's tab-separated pane rows, labels and ids included", () => {
    expect(parsePanes("%1\t42\t$0\t@1\t80\t24\t0\tscout\tcodex-42\n%2\t\t$0\t@1\t80\t24\t1\t\t\ngarbage\n")).toEqual([
      {
        paneId: "%1",
        pid: 42,
        sessionId: "$0",
        windowId: "@1",
        width: 80,
        height: 24,
        dead: false,
        label: "scout",
        agentId: "codex-42",
      },
      { paneId: "%2", pid: null, sessionId: "$0", windowId: "@1", width: 80, height: 24, dead: true },
    ]);
  });

  it("splits the caller first, then the largest worker along its longer side", () => {
    expect(chooseSplit([pane("%0", 200, 50)], "%0", "auto")).toEqual({ target: "%0", direction: "right" });
    expect(chooseSplit([pane("%0", 60, 50)], "%0", "auto")).toEqual({ target: "%0", direction: "down" });
    const window = [pane("%0", 100, 50), pane("%1", 99, 25, "codex-1"), pane("%2", 99, 24, "codex-2")];
    expect(chooseSplit(window, "%0", "auto")).toEqual({ target: "%1", direction: "right" });
    expect(chooseSplit(window, "%0", "up")).toEqual({ target: "%0", direction: "up" });
  });

  it("takes the socket from $TMUX, commas in the path included", () => {
    expect(socketFromTmuxEnv("/tmp/a,b/sock,123,0")).toBe("/tmp/a,b/sock");
    expect(socketFromTmuxEnv(undefined)).toBeUndefined();
  });
});

const row = (id: string, pid: number | null, extra: Partial<AgentRow> = {}): AgentRow => ({
  id,
  tty: null,
  pid,
  provider: "codex",
  via: "process",
  executable: null,
  terminal: {},
  state: "running",
  attention: false,
  updatedAt: "2026-11-29T12:00:00.000Z",
  ...extra,
});

describe("status", () => {
  it("finds the caller by the nearest agent ancestor, else by its live pane on the same tmux server", () => {
    const rows = [
      row("codex-10", 10),
      row("codex-20", 20),
      row("codex-other-server", 30, { terminal: { tmuxPane: "%4", tmuxSocket: "/other/sock" } }),
      row("codex-no-server", 40, { terminal: { tmuxPane: "%4" } }),
      row("codex-s-x", null, { terminal: { tmuxPane: "%4", hints: { tmux: "/s,1,0" } } }),
    ];
    expect(findCaller(rows, [99, 20, 10], {})?.id).toBe("codex-20");
    expect(findCaller(rows, [99], { TMUX_PANE: "%4", TMUX: "/s,1,0" })?.id).toBe("codex-s-x");
    expect(findCaller(rows, [99], { TMUX_PANE: "%4", TMUX: "/third,1,0" })).toBeUndefined();
    expect(findCaller(rows, [99], { TMUX_PANE: "%5" })).toBeUndefined();
  });

  it("keeps a note to one clean line", () => {
    expect(cleanNote("  tests\tgreen\n\nwriting docs\u200b ")).toBe("tests green writing docs");
    expect(Array.from(cleanNote("é".repeat(500)))).toHaveLength(200);
  });

  it("sends the note to the engine for the calling agent", async () => {
    const engine = new MemoryEngine([row("claude-code-77", 77)]);
    const r = await runTeam(["status", "tests green, writing docs"], { HOME: "/nonexistent" }, engine, [5, 77]);
    expect(r).toEqual({ code: 0, stdout: "Status of claude-code-77: tests green, writing docs\n", stderr: "" });
    expect(engine.notes).toEqual([["claude-code-77", "tests green, writing docs"]]);
  });

  it("exits 3 with how to start the engine when it is not running", async () => {
    const r = await runTeam(["status", "busy"], { HOME: "/nonexistent" }, new MemoryEngine(null), [5]);
    expect(r).toEqual({
      code: 3,
      stdout: "",
      stderr: "Mytty Bar is not running: start it with `mytty-bar` (menu bar) or `mytty-bar --headless`.\n",
    });
  });
});

describe("ancestors", () => {
  it("walks ps rows from a pid up to init, nearest first", () => {
    expect(ancestorsFrom("  1     0\n 10     1\n 20    10\n 30    20\n", 30)).toEqual([30, 20, 10]);
  });
});

describe("status without a matching row", () => {
  it("lets the engine walk up from this process's pid", async () => {
    const engine = new MemoryEngine([]);
    engine.pidOwners.set(4242, "cursor-9");
    expect(await runTeam(["status", "halfway"], { HOME: "/nonexistent" }, engine, [])).toEqual({
      code: 0,
      stdout: "Status: halfway\n",
      stderr: "",
    });
    expect(engine.notes).toEqual([["cursor-9", "halfway"]]);
  });

  it("says the caller is unknown when the engine cannot place it either", async () => {
    const r = await runTeam(["status", "halfway"], { HOME: "/nonexistent" }, new MemoryEngine([]), []);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^mytty-team status runs from inside an agent Mytty Bar sees/);
  });
});

describe("send and read arguments", () => {
  it("cuts long text at code points, never inside a character", () => {
    expect(chunks("ab✓c", 2)).toEqual(["ab", "✓c"]);
    expect(chunks("")).toEqual([]);
  });

  it("accepts --lines from 1 to 100000 only", () => {
    expect(parseLines("200")).toBe(200);
    for (const bad of ["0", "-5", "1e3", "100001", "ten"])
      expect(() => parseLines(bad)).toThrow(/--lines must be a whole number/);
  });
});
