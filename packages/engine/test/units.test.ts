import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import type { AgentRow } from "@mytty-bar/engine";
import type { DetectedAgent } from "@mytty-bar/detect";
import { nextPollActivity, SETTLE_MS, type PollActivity } from "../src/poll-activity.js";
import { resolveAgent } from "../src/resolve.js";
import { chainVerdict } from "../src/join.js";
import { defaultSettings, loadSettings, parseSettings, saveSettings } from "../src/settings.js";
import { DEFAULT_GLOBAL_SHORTCUT } from "../src/settings-facts.js";
import { cpuFromStat, parsePsTimes } from "../src/cpu.js";
import { oneLine } from "../src/control/ops.js";

/** A temp dir removed when the test ends, pass or fail. */
async function settingsDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "engine-settings-"));
  onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

describe("poll activity (settle rule)", () => {
  /** Feeds samples [t ms, cpu ms] and returns the state after each. */
  function feed(samples: Array<[number, number]>): PollActivity["state"][] {
    let state: PollActivity | undefined;
    return samples.map(([t, cpu]) => (state = nextPollActivity(state, cpu, t)).state);
  }

  it("is unknown until two samples, idle while never seen working", () => {
    expect(
      feed([
        [0, 100],
        [2000, 101],
        [4000, 102],
      ]),
    ).toEqual(["unknown", "idle", "idle"]);
  });

  it("goes running on work and idle only after a quiet settle period", () => {
    // 0→2 s busy (500 ms CPU), then quiet: still running at 4 s (2 s < settle), idle at 6 s.
    expect(
      feed([
        [0, 0],
        [2000, 500],
        [4000, 500],
        [6000, 500],
      ]),
    ).toEqual(["unknown", "running", "running", "idle"]);
    expect(SETTLE_MS).toBe(2500);
  });

  it("a short pause between tool calls does not end the work", () => {
    expect(
      feed([
        [0, 0],
        [2000, 500],
        [3000, 500],
        [4000, 900],
        [5000, 900],
      ]),
    ).toEqual(["unknown", "running", "running", "running", "running"]);
  });

  it("keeps the previous state when CPU cannot be read", () => {
    let state = nextPollActivity(undefined, 0, 0);
    state = nextPollActivity(state, 400, 2000);
    expect(nextPollActivity(state, undefined, 4000).state).toBe("running");
  });
});

const base: AgentRow = {
  id: "x",
  tty: null,
  pid: null,
  provider: "codex",
  via: "hint",
  executable: null,
  terminal: {},
  state: "idle",
  attention: false,
  updatedAt: "2026-11-29T10:00:00.000Z",
};

describe("resolving an agent", () => {
  const rows: AgentRow[] = [
    { ...base, id: "claude-code-11", pid: 11, tty: "pts/3", terminal: { tmuxPane: "%4" }, label: "api" },
    { ...base, id: "codex-12", pid: 12, tty: "pts/4", label: "web" },
    { ...base, id: "codex-13", pid: 13, tty: "pts/5", label: "web" },
  ];
  it("finds by id, label, pid, tty and tmux pane", () => {
    for (const q of ["claude-code-11", "api", "11", "pts/3", "/dev/pts/3", "%4"]) {
      expect(resolveAgent(rows, q)).toEqual({ ok: true, row: rows[0] });
    }
  });
  it("says when a label is ambiguous or nothing matches", () => {
    expect(resolveAgent(rows, "web")).toMatchObject({ ok: false, code: "ambiguous-agent" });
    expect(resolveAgent(rows, "nope")).toMatchObject({ ok: false, code: "unknown-agent" });
  });
  it("does not resolve a label to an agent that is gone (closed or exited); its id still finds the row", () => {
    const closed: AgentRow = { ...base, id: "codex-31", label: "scout", state: "disconnected" };
    const next: AgentRow = { ...base, id: "codex-32", label: "scout", state: "running" };
    expect(resolveAgent([closed], "scout")).toMatchObject({ ok: false, code: "unknown-agent" });
    expect(resolveAgent([closed, next], "scout")).toEqual({ ok: true, row: next });
    expect(resolveAgent([closed], "codex-31")).toEqual({ ok: true, row: closed });
  });
  it("settles a label shared across tmux servers by the asker's server, and only then", () => {
    const twins: AgentRow[] = [
      {
        ...base,
        id: "claude-code-21",
        label: "implementer",
        terminal: { tmuxPane: "%3", tmuxSocket: "/tmp/tmux-0/default" },
      },
      {
        ...base,
        id: "claude-code-22",
        label: "implementer",
        terminal: { tmuxPane: "%3", hints: { tmux: "/tmp/tmux-0/work,77,0" } },
      },
      { ...base, id: "codex-23", label: "reviewer", terminal: { tmuxPane: "%5", tmuxSocket: "/tmp/tmux-0/work" } },
      { ...base, id: "codex-24", label: "reviewer", terminal: { tmuxPane: "%6", tmuxSocket: "/tmp/tmux-0/work" } },
    ];
    expect(resolveAgent(twins, "implementer", { tmuxSocket: "/tmp/tmux-0/work" })).toEqual({ ok: true, row: twins[1] });
    expect(resolveAgent(twins, "%3", { tmuxSocket: "/tmp/tmux-0/default" })).toEqual({ ok: true, row: twins[0] });
    // Nobody on the asker's server, or two there: still ambiguous.
    expect(resolveAgent(twins, "implementer", { tmuxSocket: "/tmp/tmux-0/other" })).toMatchObject({
      ok: false,
      code: "ambiguous-agent",
    });
    expect(resolveAgent(twins, "implementer")).toMatchObject({ ok: false, code: "ambiguous-agent" });
    expect(resolveAgent(twins, "reviewer", { tmuxSocket: "/tmp/tmux-0/work" })).toMatchObject({
      ok: false,
      code: "ambiguous-agent",
    });
  });
});

describe("join verdict", () => {
  const agent = (provider: DetectedAgent["provider"]): DetectedAgent => ({
    tty: "pts/1",
    pid: 5,
    provider,
    via: "process",
    executable: "x",
    argv: [],
    startTime: "1",
    terminal: {},
  });
  it("uses a chain agent of the same provider", () => {
    expect(chainVerdict("codex", { agent: agent("codex"), tty: "pts/1", terminal: {} })).toEqual({ use: "agent" });
  });
  it("drops Claude Code hooks fired by another host (Cursor runs Claude's settings hooks)", () => {
    expect(chainVerdict("claude-code", { agent: agent("cursor"), tty: "pts/1", terminal: {} })).toEqual({
      use: "drop",
      reason: "foreign-host",
    });
  });
  it("falls back for a nested agent of another provider and for an empty chain", () => {
    expect(chainVerdict("codex", { agent: agent("claude-code"), tty: "pts/1", terminal: {} })).toEqual({
      use: "fallback",
    });
    expect(chainVerdict("codex", { tty: null, terminal: {} })).toEqual({ use: "fallback" });
    expect(chainVerdict("codex", undefined)).toEqual({ use: "fallback" });
  });
});

describe("settings", () => {
  it("defaults every field and keeps the good ones when one is bad", () => {
    expect(parseSettings("{not json")).toEqual(defaultSettings());
    const s = parseSettings(
      JSON.stringify({
        pollIntervalSeconds: -4,
        pointerLanguage: "ja",
        notifications: { completion: "yes", failure: false },
      }),
    );
    expect(s.pollIntervalSeconds).toBe(2);
    expect(s.pointerLanguage).toBe("ja");
    expect(s.notifications).toEqual({ approval: true, input: true, failure: false, completion: true });
  });

  it('defaults the jump shortcut to CommandOrControl+Shift+J, keeps "" as off, and reads an old null as the default', async () => {
    expect(defaultSettings().globalShortcut).toBe("CommandOrControl+Shift+J");
    expect(DEFAULT_GLOBAL_SHORTCUT).toBe("CommandOrControl+Shift+J");
    expect(parseSettings('{"globalShortcut": ""}').globalShortcut).toBe("");
    expect(parseSettings('{"globalShortcut": "Alt+K"}').globalShortcut).toBe("Alt+K");
    expect(parseSettings('{"globalShortcut": null}').globalShortcut).toBe("CommandOrControl+Shift+J");
    expect(parseSettings(JSON.stringify({ globalShortcut: "x".repeat(65) })).globalShortcut).toBe(
      "CommandOrControl+Shift+J",
    );
    const dir = await settingsDir();
    const settingsFile = path.join(dir, "settings.json");
    expect((await saveSettings({ settingsFile }, { globalShortcut: "" })).globalShortcut).toBe("");
    expect((await loadSettings({ settingsFile })).globalShortcut).toBe("");
  });

  it("saves a patch atomically with mode 0600 and keeps keys it does not own", async () => {
    const dir = await settingsDir();
    const settingsFile = path.join(dir, "data", "settings.json");
    await fs.mkdir(path.dirname(settingsFile), { recursive: true });
    await fs.writeFile(settingsFile, JSON.stringify({ theme: "dark", preventSleep: false }));
    const saved = await saveSettings(
      { settingsFile },
      { completionThresholdMinutes: 12, notifications: { input: false } },
    );
    expect(saved.completionThresholdMinutes).toBe(12);
    expect(saved.preventSleep).toBe(false);
    expect(saved.notifications.input).toBe(false);
    const raw = JSON.parse(await fs.readFile(settingsFile, "utf8")) as Record<string, unknown>;
    expect(raw.theme).toBe("dark");
    expect((await fs.stat(settingsFile)).mode & 0o777).toBe(0o600);
    expect(await loadSettings({ settingsFile })).toEqual(saved);
    expect(await fs.readdir(path.dirname(settingsFile))).toEqual(["settings.json"]);
  });

  it("keeps a settings file it cannot parse beside the new one instead of overwriting it", async () => {
    const dir = await settingsDir();
    const settingsFile = path.join(dir, "settings.json");
    await fs.writeFile(settingsFile, '{ "preventSleep": false, // hand edit\n');
    await saveSettings({ settingsFile }, { completionThresholdMinutes: 7 });
    const files = (await fs.readdir(dir)).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toBe("settings.json");
    expect(files[1]).toMatch(/^settings\.json\.unreadable-/);
    expect(await fs.readFile(path.join(dir, files[1]!), "utf8")).toBe('{ "preventSleep": false, // hand edit\n');
    expect((await loadSettings({ settingsFile })).completionThresholdMinutes).toBe(7);
  });
});

describe("CPU samples", () => {
  it("reads utime+stime from /proc stat even with spaces and parentheses in comm", () => {
    const stat = "4242 (node (x) y) S 1 4242 4242 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 11 0 12345 0 0";
    expect(cpuFromStat(stat)).toBe(3000);
  });
  it("parses ps time columns", () => {
    expect([...parsePsTimes("  12 0:01.50\n13 1-02:03:04.00\nbad\n")]).toEqual([
      [12, 1500],
      [13, ((26 * 60 + 3) * 60 + 4) * 1000],
    ]);
  });
});

describe("notes", () => {
  it("become one clamped line", () => {
    expect(oneLine("  tests\tgreen\n\u200bnow  ")).toBe("tests green now");
    expect([...oneLine("x".repeat(500))]).toHaveLength(200);
  });
});
