// The provider launch table and the shell words that carry a task into a pane.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { LAUNCH, SPAWN_PROVIDERS, launchArgv, launchPlan } from "../src/launch.js";
import { splitWindowArgs, newWindowArgs, PANE_FORMAT } from "../src/tmux/argv.js";
import { shellCommand, shellQuote } from "../src/tmux/quote.js";
import { fileScript, fitsInline, inlineScript } from "../src/tmux/script.js";

const run = promisify(execFile);

describe("launch table", () => {
  it("starts every provider with its documented model flag and one task word", () => {
    const argv = Object.fromEntries(SPAWN_PROVIDERS.map((p) => [p, launchArgv(launchPlan(p, "fix the bug", "m1"))]));
    expect(argv).toEqual({
      "claude-code": ["claude", "--model", "m1", "fix the bug"],
      codex: ["codex", "--model", "m1", "fix the bug"],
      cursor: ["cursor-agent", "--model", "m1", "fix the bug"],
      opencode: ["opencode", "--model", "m1", "--prompt=fix the bug"],
      gemini: ["gemini", "--model", "m1", "--prompt-interactive=fix the bug"],
    });
  });

  it("ends options before a positional task that starts with a dash, and only then", () => {
    expect(launchArgv(launchPlan("codex", "-v is broken"))).toEqual(["codex", "--", "-v is broken"]);
    expect(launchArgv(launchPlan("claude-code", "v is broken"))).toEqual(["claude", "v is broken"]);
    expect(launchArgv(launchPlan("opencode", "-v is broken"))).toEqual(["opencode", "--prompt=-v is broken"]);
  });

  it("hints every pane with one of our provider ids (Gemini CLI is antigravity)", () => {
    expect(Object.fromEntries(SPAWN_PROVIDERS.map((p) => [p, LAUNCH[p].hint]))).toEqual({
      "claude-code": "claude-code",
      codex: "codex",
      cursor: "cursor",
      opencode: "opencode",
      gemini: "antigravity",
    });
  });
});

describe("POSIX quoting", () => {
  const nasty = [
    "it's",
    'say "hi"',
    "$(id) `id` $HOME",
    "a\\b\\\\c",
    "line1\nline2",
    "tab\there",
    "ünïcødé ✓",
    "",
    "-n",
    "'",
    "''",
  ];

  it("quotes single quotes the POSIX way", () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellCommand(["a b", "c"])).toBe(`'a b' 'c'`);
  });

  it("round-trips any text through /bin/sh as exactly the same argv", async () => {
    const script = `exec ${shellCommand([process.execPath, "-e", "process.stdout.write(JSON.stringify(process.argv.slice(1)))", ...nasty])}`;
    const { stdout } = await run("/bin/sh", ["-c", script]);
    expect(JSON.parse(stdout)).toEqual(nasty);
  });

  it("reads a long task from its file into one word, then deletes the file first", async () => {
    const plan = launchPlan("opencode", "x".repeat(20_000), "p/m");
    expect(fitsInline(plan)).toBe(false);
    expect(fitsInline(launchPlan("opencode", "short"))).toBe(true);
    expect(fileScript(plan, "/tmp/d x", "/tmp/d x/task")).toBe(
      [
        `task=$(cat -- '/tmp/d x/task') || exit 1`,
        `rm -rf -- '/tmp/d x'`,
        `exec 'opencode' '--model' 'p/m' '--prompt='"$task"`,
      ].join("\n"),
    );
    expect(inlineScript(launchPlan("claude-code", "it's"))).toBe(`exec 'claude' 'it'\\''s'`);
  });
});

describe("tmux argv", () => {
  const spec = { target: "%3", cwd: "/src/api", env: { MYTTY_AGENT: "codex" }, script: "exec 'codex' 'x'" };

  it("splits beside the target without taking focus and runs the script with /bin/sh", () => {
    expect(splitWindowArgs(spec, "left")).toEqual([
      "split-window",
      "-d",
      "-P",
      "-F",
      PANE_FORMAT,
      "-t",
      "%3",
      "-h",
      "-b",
      "-c",
      "/src/api",
      "-e",
      "MYTTY_AGENT=codex",
      "--",
      "/bin/sh",
      "-c",
      "exec 'codex' 'x'",
    ]);
    expect(splitWindowArgs(spec, "down").slice(7, 9)).toEqual(["-v", "-c"]);
  });

  it("falls back to a background window after the target's", () => {
    expect(newWindowArgs(spec, "@2").slice(0, 8)).toEqual([
      "new-window",
      "-d",
      "-a",
      "-P",
      "-F",
      PANE_FORMAT,
      "-t",
      "@2",
    ]);
  });
});
