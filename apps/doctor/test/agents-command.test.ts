// `mytty-doctor agents` handler and views, driven by a scripted scanner (the live CLI run is in
// packages/detect/test/live-tmux.test.ts).
import { describe, expect, it } from "vitest";
import type { DetectedAgent, Scanner } from "@mytty-bar/detect";
import { runAgents } from "../src/commands/agents/handler.js";
import { renderTable, toRows } from "../src/commands/agents/render.js";

const claude: DetectedAgent = {
  tty: "ttys004",
  pid: 971,
  provider: "claude-code",
  via: "process",
  executable: "/Users/a/.local/share/claude/versions/2.1.139",
  argv: ["claude", "--model", "opus"],
  startTime: "Mon Nov 23 09:20:51 2026",
  terminal: { app: "iTerm2", bundleId: "com.googlecode.iterm2", tmuxPane: "%3", tmuxSession: "work", tmuxWindow: "1" },
};
const gemini: DetectedAgent = {
  ...claude,
  tty: "pts/2",
  pid: 50,
  provider: "antigravity",
  variant: "gemini",
  via: "hint",
  argv: ["mystery"],
  executable: "/bin/sh",
  terminal: { remote: "ssh" },
};

function scripted(frames: DetectedAgent[][]): Scanner & { scans: number } {
  const s = {
    scans: 0,
    async scan() {
      const agents = frames[Math.min(s.scans, frames.length - 1)]!;
      s.scans += 1;
      return { processes: [], agents, at: new Date(0) };
    },
  };
  return s as unknown as Scanner & { scans: number };
}
function sink(isTTY: boolean) {
  const out: string[] = [];
  return { out, stream: { isTTY, write: (t: string) => out.push(t) } };
}

describe("agents --json", () => {
  it("prints the contract rows: tty, pid, provider, via, executable, terminal", async () => {
    const stdout = sink(false);
    const code = await runAgents(
      { json: true },
      { stdout: stdout.stream, stderr: sink(false).stream, scanner: scripted([[claude]]) },
    );
    expect(code).toBe(0);
    const rows = JSON.parse(stdout.out.join("")) as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        tty: "ttys004",
        pid: 971,
        provider: "claude-code",
        via: "process",
        executable: "/Users/a/.local/share/claude/versions/2.1.139",
        argv: ["claude", "--model", "opus"],
        startTime: "Mon Nov 23 09:20:51 2026",
        terminal: {
          app: "iTerm2",
          bundleId: "com.googlecode.iterm2",
          tmuxPane: "%3",
          tmuxSession: "work",
          tmuxWindow: "1",
        },
      },
    ]);
    expect(toRows([gemini])[0]).toMatchObject({ variant: "gemini", via: "hint" });
  });
});

describe("agents table", () => {
  it("is plain aligned text without a TTY, with names people know", async () => {
    const stdout = sink(false);
    await runAgents({}, { stdout: stdout.stream, stderr: sink(false).stream, scanner: scripted([[claude, gemini]]) });
    expect(stdout.out.join("")).toBe(
      [
        "TTY      PID  AGENT        FOUND BY     WHERE                      COMMAND",
        "ttys004  971  Claude Code  process      iTerm2 · tmux %3 (work:1)  claude --model opus",
        "pts/2    50   Gemini CLI   MYTTY_AGENT  remote ssh                 mystery",
        "",
        "2 agents",
        "",
      ].join("\n"),
    );
  });

  it("bolds the header on a TTY, and says how to use MYTTY_AGENT when nothing runs", () => {
    expect(renderTable([claude], { bold: true }).startsWith("\x1b[1mTTY")).toBe(true);
    expect(renderTable([], { bold: false })).toContain("MYTTY_AGENT=<provider>");
  });

  it("exits 1 with a way forward when the process table cannot be read", async () => {
    const stderr = sink(false);
    const broken = { scan: async () => Promise.reject(new Error("spawn ps ENOENT")) } as unknown as Scanner;
    expect(await runAgents({}, { stdout: sink(false).stream, stderr: stderr.stream, scanner: broken })).toBe(1);
    expect(stderr.out.join("")).toBe(
      "Could not read the process table: spawn ps ENOENT\nTry another source: mytty-doctor agents --source ps\n",
    );
  });
});

describe("agents --watch", () => {
  it("clears and redraws on a TTY until stopped, then returns 0", async () => {
    const stdout = sink(true);
    const controller = new AbortController();
    const scanner = scripted([[claude], [claude, gemini], []]);
    const wrapped = {
      scan: async () => {
        const r = await scanner.scan();
        if (scanner.scans === 3) controller.abort();
        return r;
      },
    } as unknown as Scanner;
    const code = await runAgents(
      { watch: true, interval: 0.2 },
      { stdout: stdout.stream, stderr: sink(false).stream, scanner: wrapped, signal: controller.signal },
    );
    expect(code).toBe(0);
    expect(stdout.out).toHaveLength(2);
    expect(stdout.out.every((frame) => frame.startsWith("\x1b[2J\x1b[H"))).toBe(true);
    expect(stdout.out[1]).toContain("2 agents");
  });

  it("prints one JSON line per refresh when piped", async () => {
    const stdout = sink(false);
    const controller = new AbortController();
    const scanner = scripted([[claude]]);
    const wrapped = {
      scan: async () => {
        const r = await scanner.scan();
        if (scanner.scans === 2) setImmediate(() => controller.abort());
        return r;
      },
    } as unknown as Scanner;
    await runAgents(
      { watch: true, json: true, interval: 0.2 },
      { stdout: stdout.stream, stderr: sink(false).stream, scanner: wrapped, signal: controller.signal },
    );
    expect(stdout.out).toHaveLength(2);
    for (const line of stdout.out) expect(JSON.parse(line)).toHaveLength(1);
  });
});
