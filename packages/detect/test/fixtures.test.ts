// Replays recorded `ps`/`ps -E`/tmux output (fixtures/ps/…) through the real scanner.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createScanner, loadFixture, type DetectedAgent } from "@mytty-bar/detect";
import { countingSource } from "./helpers/counting.js";

const fixture = (name: string) => loadFixture(fileURLToPath(new URL(`../../../fixtures/ps/${name}/`, import.meta.url)));

type Summary = Pick<DetectedAgent, "tty" | "pid" | "provider" | "via" | "executable" | "terminal"> & {
  variant?: string;
};
const summarize = (agents: readonly DetectedAgent[]): Summary[] =>
  agents.map(({ tty, pid, provider, via, executable, terminal, variant }) => ({
    tty,
    pid,
    provider,
    via,
    executable,
    terminal,
    ...(variant ? { variant } : {}),
  }));

async function scanFixture(name: string) {
  const fx = fixture(name);
  const scanner = createScanner({ source: fx.source, effects: fx.effects });
  return { fx, scanner, result: await scanner.scan() };
}

describe("linux fixture captured from tmux on the dev box", () => {
  const sock = "/tmp/mytty-detect-g5wKOf/sock";
  const pane = (id: string, window: string) => ({
    app: "tmux",
    tmuxSocket: sock,
    tmuxPane: id,
    tmuxSession: "lab",
    tmuxWindow: window,
    tmuxClientTty: "pts/10",
  });

  it("finds each fake agent with its pane, and skips the bogus hint, the idle shell and the tmux client", async () => {
    const { result } = await scanFixture("linux-tmux-agents");
    expect(summarize(result.agents)).toEqual([
      {
        tty: "pts/3",
        pid: 14795,
        provider: "claude-code",
        via: "process",
        executable: "/bin/sh",
        terminal: pane("%0", "0"),
      },
      {
        tty: "pts/4",
        pid: 14802,
        provider: "opencode",
        via: "descendant",
        executable: "/bin/sh",
        terminal: pane("%1", "1"),
      },
      {
        tty: "pts/5",
        pid: 14808,
        provider: "codex",
        via: "process",
        executable: "/usr/bin/node",
        terminal: pane("%2", "2"),
      },
      {
        tty: "pts/6",
        pid: 14815,
        provider: "claude-code",
        via: "hint",
        executable: "/bin/sh",
        terminal: pane("%3", "3"),
      },
      {
        tty: "pts/8",
        pid: 14832,
        provider: "antigravity",
        via: "process",
        executable: "/bin/sh",
        variant: "gemini",
        terminal: pane("%5", "5"),
      },
    ]);
  });

  it("a second scan of an unchanged table reads no argv, executable or environment and asks tmux nothing", async () => {
    const fx = fixture("linux-tmux-agents");
    const counting = countingSource(fx.source);
    const scanner = createScanner({ source: counting.source, effects: fx.effects });
    const first = await scanner.scan();
    expect(counting.counts.argv).toBeGreaterThan(0);
    expect(counting.counts.environ).toBeGreaterThan(0);
    const callsAfterFirst = fx.calls.length;
    counting.reset();
    const second = await scanner.scan();
    expect(counting.counts).toEqual({ argv: 0, executable: 0, environ: 0 });
    expect(fx.calls.slice(callsAfterFirst)).toEqual(["ps -A -ww -o pid=,ppid=,pgid=,tpgid=,tty=,uid=,lstart=,args="]);
    expect(summarize(second.agents)).toEqual(summarize(first.agents));
  });
});

describe("macOS fixture: iTerm2, Terminal.app, tmux under launchd", () => {
  const iterm = (session: string) => ({
    app: "iTerm2",
    bundleId: "com.googlecode.iterm2",
    hints: { ITERM_SESSION_ID: session, TERM_SESSION_ID: session },
  });
  const tmuxInIterm = (pane: string, window: string) => ({
    ...iterm("w0t2p0:9A1C7B2E-3D4F-4E5A-8B6C-1D2E3F4A5B6C"),
    tmuxSocket: "/private/tmp/tmux-501/default",
    tmuxPane: pane,
    tmuxSession: "work",
    tmuxWindow: window,
    tmuxClientTty: "ttys002",
  });
  const terminal = (id: string) => ({
    app: "Terminal",
    bundleId: "com.apple.Terminal",
    hints: { TERM_SESSION_ID: id },
  });

  it("names every agent, its host app through iTermServer and login, and tmux panes through their client", async () => {
    const { result, fx } = await scanFixture("macos-iterm-terminal-tmux");
    expect(summarize(result.agents)).toEqual([
      {
        tty: "ttys000",
        pid: 971,
        provider: "claude-code",
        via: "process",
        executable: "claude",
        terminal: iterm("w0t0p0:5B0D5F7C-2A6B-4F11-9C57-0F3E9A1B2C3D"),
      },
      {
        tty: "ttys001",
        pid: 1023,
        provider: "codex",
        via: "descendant",
        executable: "node",
        terminal: iterm("w0t1p0:0C2E8E60-1B9F-4D1C-8E0A-77A0F2E4D5B1"),
      },
      {
        tty: "ttys003",
        pid: 1530,
        provider: "cursor",
        via: "process",
        executable: "/Users/alex/.local/share/cursor-agent/versions/2026.11.20-4f2b1c9/cursor-agent",
        terminal: terminal("8F7E6D5C-4B3A-4291-8807-F6E5D4C3B2A1"),
      },
      {
        tty: "ttys004",
        pid: 1230,
        provider: "opencode",
        via: "process",
        executable: "/opt/homebrew/Cellar/opencode/1.0.120/bin/opencode",
        terminal: tmuxInIterm("%0", "0"),
      },
      {
        tty: "ttys005",
        pid: 1250,
        provider: "codex",
        via: "process",
        executable: "node",
        terminal: tmuxInIterm("%1", "1"),
      },
      {
        tty: "ttys007",
        pid: 1560,
        provider: "codex",
        via: "hint",
        executable: "docker",
        terminal: terminal("1A2B3C4D-5E6F-4711-8899-AABBCCDDEEFF"),
      },
      {
        tty: "ttys008",
        pid: 1580,
        provider: "claude-code",
        via: "hint",
        executable: "ssh",
        terminal: { ...terminal("2B3C4D5E-6F70-4812-9900-BBCCDDEEFF00"), remote: "ssh" },
      },
    ]);
    // Environment is read in batches (one `ps -E` per round), tmux once per server (panes and clients in one call).
    expect(fx.calls.filter((c) => c.startsWith("ps -E")).length).toBe(2);
    expect(fx.calls.filter((c) => c.startsWith("tmux")).length).toBe(1);
  });

  it("the hook join walks from a tool shell up to the native Claude and reports its terminal", async () => {
    const { scanner, result } = await scanFixture("macos-iterm-terminal-tmux");
    const joined = await scanner.join(982, result.processes);
    expect(joined.tty).toBe("ttys000");
    expect(joined.agent).toMatchObject({ pid: 971, provider: "claude-code", via: "process" });
    expect(joined.terminal.app).toBe("iTerm2");
  });

  it("a hook under tty-less Claude workers is not an agent of ours: the join names the host it found", async () => {
    const { scanner, result } = await scanFixture("macos-iterm-terminal-tmux");
    expect(await scanner.join(975, result.processes)).toEqual({ tty: null, terminal: {} });
  });
});

describe("macOS fixture: Ghostty, tmux -L, VS Code, Cursor, ssh", () => {
  it("finds Gemini's relaunch parent, agy and npx codex in a -L tmux, and editor terminals by their bundle", async () => {
    const { result } = await scanFixture("macos-ghostty-vscode");
    const ghosttyTmux = (pane: string, window: string) => ({
      app: "Ghostty",
      bundleId: "com.mitchellh.ghostty",
      tmuxSocket: "/private/tmp/tmux-501/agents",
      tmuxPane: pane,
      tmuxSession: "agents",
      tmuxWindow: window,
      tmuxClientTty: "ttys010",
    });
    expect(summarize(result.agents)).toEqual([
      {
        tty: "ttys009",
        pid: 2020,
        provider: "antigravity",
        via: "process",
        executable: "node",
        variant: "gemini",
        terminal: { app: "Ghostty", bundleId: "com.mitchellh.ghostty" },
      },
      {
        tty: "ttys011",
        pid: 2060,
        provider: "antigravity",
        via: "process",
        executable: "/Users/alex/.local/share/antigravity/versions/1.1.26/agy",
        variant: "antigravity",
        terminal: ghosttyTmux("%0", "0"),
      },
      {
        tty: "ttys012",
        pid: 2071,
        provider: "codex",
        via: "descendant",
        executable: "node",
        terminal: ghosttyTmux("%1", "1"),
      },
      {
        tty: "ttys013",
        pid: 3080,
        provider: "claude-code",
        via: "process",
        executable: "node",
        terminal: {
          app: "VS Code",
          bundleId: "com.microsoft.VSCode",
          hints: {
            VSCODE_IPC_HOOK_CLI: "/var/folders/x1/abc123/T/vscode-ipc-8a7b6c5d-1e2f-4a3b-9c8d-7e6f5a4b3c2d.sock",
          },
        },
      },
      {
        tty: "ttys014",
        pid: 4080,
        provider: "opencode",
        via: "process",
        executable: "opencode",
        terminal: {
          app: "Cursor",
          bundleId: "com.todesktop.230313mzl4w4u92",
          hints: {
            VSCODE_IPC_HOOK_CLI: "/var/folders/x1/abc123/T/vscode-ipc-0f1e2d3c-4b5a-4697-8877-665544332211.sock",
          },
        },
      },
      {
        tty: "ttys015",
        pid: 5020,
        provider: "claude-code",
        via: "process",
        executable: "claude",
        terminal: { remote: "ssh" },
      },
    ]);
  });

  it("joins a hook from the Codex IDE extension (no tty) to its app-server and VS Code", async () => {
    const { scanner, result } = await scanFixture("macos-ghostty-vscode");
    const joined = await scanner.join(3095, result.processes);
    expect(joined.tty).toBeNull();
    expect(joined.agent).toMatchObject({ pid: 3090, provider: "codex", via: "process", tty: null });
    expect(joined.terminal).toEqual({ app: "VS Code", bundleId: "com.microsoft.VSCode" });
  });
});
