// The dashboard in a real terminal: tmux runs it, send-keys types, capture-pane reads the screen.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acknowledgeThenQuit, startTmux, type TmuxServer } from "./helpers/tmux.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..", "..");
const fakeScript = path.join(here, "fixtures", "tui-fake.ts");

let server: TmuxServer;
let agentPane: string;

beforeEach(async () => {
  server = await startTmux("mytty-tui-");
  // The "agent" lives in window 0 of session agents; the dashboard will run in window 1.
  await server.tmux("new-session", "-d", "-s", "agents", "-x", "110", "-y", "30", "sh");
  await server.tmux("split-window", "-t", "agents:0", "sh");
  agentPane = (await server.tmux("display-message", "-p", "-t", "agents:0.0", "#{pane_id}")).trim();
});

afterEach(async () => {
  await server.close();
});

/** Starts a command in a new window with HOME and the data dir inside the test's temp dir. */
async function startInWindow(command: string): Promise<string> {
  const home = path.join(server.dir, "home");
  // tsx applies a tsconfig only to the files it includes; the base config (no include) gives src/ its react-jsx.
  // CI=true on purpose: Ink loaded with it set paints nothing until exit, and CI machines (and some shells) set it.
  const env = [
    "-e",
    "CI=true",
    "-e",
    `HOME=${home}`,
    "-e",
    `MYTTY_BAR_DATA_DIR=${path.join(home, "data")}`,
    "-e",
    "TERM=xterm-256color",
    "-e",
    `TSX_TSCONFIG_PATH=${path.join(repo, "tsconfig.base.json")}`,
  ];
  const id = await server.tmux(
    "new-window",
    "-P",
    "-F",
    "#{pane_id}",
    "-t",
    "agents",
    "-c",
    repo,
    ...env,
    `sh -c '${command}; echo "exit=$?"; sleep 60'`,
  );
  return id.trim();
}

const active = async () =>
  (await server.tmux("display-message", "-p", "-t", "agents", "#{window_index} #{pane_id}")).trim();

describe("mytty-bar --tui (fake engine)", () => {
  it("shows attention and agents, moves with j/k, jumps for real with enter, acknowledges with a, quits with q", async () => {
    const tui = await startInWindow(`node --import tsx ${fakeScript} ${agentPane} ${server.socket} agents`);
    const first = await server.waitForScreen(tui, "q quit");
    const lines = first
      .split("\n")
      .map((l) => l.trimEnd())
      .filter(Boolean);
    expect(lines).toEqual([
      "Mytty Bar 1 needs you",
      "Needs you",
      `› Input Claude Code — Which file should I edit? — tmux agents ${agentPane} · 1m ago`,
      "Agents",
      `  tmux agents ${agentPane}`,
      // Model and context left; 18 % is below the default 30 %, so it carries the warning mark.
      "    Claude Code Needs input 2m · ⚠ opus · 18% context left — Which file should I edit? — /tmp/project",
      "↑/↓ j/k move · enter jump · a acknowledge · c copy resume · q quit",
    ]);
    expect(await active()).toBe(`1 ${tui}`);

    await server.tmux("send-keys", "-t", tui, "j");
    expect((await server.waitForScreen(tui, "›   Claude Code")).includes("›   Claude Code Needs input")).toBe(true);
    await server.tmux("send-keys", "-t", tui, "k");
    expect((await server.waitForScreen(tui, "› Input")).includes("› Input Claude Code")).toBe(true);

    await server.tmux("send-keys", "-t", tui, "Enter");
    const jumped = await server.waitForScreen(tui, "Brought the agent");
    expect(jumped).toContain("Brought the agent's tmux pane to the front.");
    expect(await active()).toBe(`0 ${agentPane}`);

    await acknowledgeThenQuit(server, tui, expect);
  });

  it("c shows the selected agent's resume command and copies it with OSC 52 (tmux keeps it as a buffer)", async () => {
    // With set-clipboard on, tmux accepts a pane's OSC 52 and stores the text as a paste buffer.
    await server.tmux("set-option", "-s", "set-clipboard", "on");
    const tui = await startInWindow(`node --import tsx ${fakeScript} ${agentPane} ${server.socket} agents`);
    await server.waitForScreen(tui, "q quit");
    expect(await server.tmux("list-buffers", "-F", "#{buffer_name}")).toBe("");
    await server.tmux("send-keys", "-t", tui, "c");
    const copied = await server.waitForScreen(tui, "Resume:");
    const command = "claude --resume='6a1f0e2d-3c4b-4a59-8e7f-1d2c3b4a5f60'";
    expect(
      copied
        .split("\n")
        .map((l) => l.trimEnd())
        .filter(Boolean)
        .at(-1),
    ).toBe(`Resume: ${command}  (sent to the clipboard via OSC 52)`);
    expect(await server.tmux("show-buffer")).toBe(command);
    // The frame is intact: the escape sequence drew nothing.
    expect(copied).toContain("› Input Claude Code — Which file should I edit?");
    await server.tmux("send-keys", "-t", tui, "q");
    expect(await server.waitForScreen(tui, "exit=")).toContain("exit=0");
  });
});

describe("mytty-bar --tui, keys that arrive together", () => {
  const selectedRow = (screen: string) =>
    screen
      .split("\n")
      .filter((l) => l.trim())
      .findIndex((l) => l.startsWith("›"));

  it("counts every key of a chunk: send-keys -l jjj moves exactly three rows, kk two back", async () => {
    const tui = await startInWindow(`node --import tsx ${fakeScript} ${agentPane} ${server.socket} agents busy`);
    const first = await server.waitForScreen(tui, "q quit");
    const start = selectedRow(first);
    expect(first.split("\n").filter((l) => l.trim())[start]).toContain("Approval");
    // -l sends the three characters in one write: the dashboard reads them as one chunk.
    await server.tmux("send-keys", "-t", tui, "-l", "jjj");
    const moved = await server.waitForScreen(tui, "›   Antigravity");
    expect(moved).toContain("›   Antigravity Done");
    // Heading "Agents" and the place line sit between the attention rows and the first agent.
    expect(selectedRow(moved) - start).toBe(5);
    await server.tmux("send-keys", "-t", tui, "-l", "kk");
    const back = await server.waitForScreen(tui, "› Failure");
    expect(back).toContain("› Failure Cursor");
    expect(selectedRow(back) - start).toBe(1);
    await server.tmux("send-keys", "-t", tui, "q");
    expect(await server.waitForScreen(tui, "exit=")).toContain("exit=0");
  });
});

describe("mytty-bar --tui without a terminal", () => {
  it("says it needs one and exits 2", async () => {
    const { execFile } = await import("node:child_process");
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        "node",
        [path.join(repo, "apps/menubar/bin/mytty-bar.js"), "--tui"],
        { env: { ...process.env, HOME: server.dir, MYTTY_BAR_DATA_DIR: path.join(server.dir, "data") } },
        (error, _out, stderr) =>
          resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stderr }),
      );
      child.stdin?.end();
    });
    expect(result).toEqual({
      code: 2,
      stderr:
        "mytty-bar --tui needs an interactive terminal (stdin and stdout must be a TTY). Use `mytty-bar --headless` in scripts.\n",
    });
  });
});
