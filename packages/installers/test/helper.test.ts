// The real hook helper script, run by sh (and dash when present) with real pipes and a real
// "engine" pid: exit codes, provider stdout, spooling only while the engine lives, the 1 MiB cap,
// a stale answer under a reused name never printed, and 100 concurrent calls producing 100 well-formed
// spool files.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSpoolFile } from "@mytty-bar/protocol";
import {
  claudeCodeSpec,
  codexSpec,
  cursorSpec,
  ENGINE_LEASE_SECONDS,
  helperScript,
  resolvePaths,
  type Paths,
} from "@mytty-bar/installers";

// bash stands in for macOS, whose /bin/sh is bash in POSIX mode.
const SHELLS = ["/bin/sh", "/usr/bin/dash", "/bin/dash", "/bin/bash"].filter(
  (s, i, all) => fs.existsSync(s) && all.findIndex((x) => fs.realpathSync(x) === fs.realpathSync(s)) === i,
);
const MiB = 1024 * 1024;

let tmp: string;
let paths: Paths;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-helper-test-"));
  paths = resolvePaths({ env: { HOME: tmp, MYTTY_BAR_DATA_DIR: path.join(tmp, "Application Support", "mytty-bar") } });
  fs.mkdirSync(paths.binDir, { recursive: true });
  fs.writeFileSync(paths.helper, helperScript(paths), { mode: 0o755 });
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

const env = (extra: NodeJS.ProcessEnv = {}) => ({ PATH: "/usr/bin:/bin", ...extra });
const engineUp = (pid = process.pid) => fs.writeFileSync(paths.enginePid, `${pid}\n`);
const spooled = () => (fs.existsSync(paths.spoolNew) ? fs.readdirSync(paths.spoolNew) : []);

function run(shell: string, args: string[], input: string | Buffer, extraEnv: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(shell, [paths.helper, ...args], { input, env: env(extraEnv), cwd: tmp, maxBuffer: 4 * MiB });
  return { code: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString(), error: r.error };
}

const EXPECTED: [string[], string][] = [
  [["claude-code"], ""],
  [["codex"], ""],
  [["opencode"], ""],
  [["cursor", "preToolUse"], '{"permission":"ask"}'],
  [["cursor", "beforeSubmitPrompt"], '{"continue":true}'],
  [["cursor", "postToolUse"], "{}"],
  [["cursor", "stop"], "{}"],
  [["cursor", "sessionEnd"], "{}"],
  [["cursor", "beforeShellExecution"], "{}"],
  [["cursor"], "{}"],
  [["antigravity", "PreInvocation"], "{}"],
  [["antigravity", "PostInvocation"], "{}"],
  [["antigravity", "Stop"], '{"decision":"stop"}'],
  [["unknown-provider", "x"], ""],
  [[], ""],
];

describe.each(SHELLS)("helper under %s", (shell) => {
  it.each(EXPECTED)("prints exactly what %j requires and exits 0, engine down or up", (args, stdout) => {
    for (const up of [false, true]) {
      if (up) engineUp();
      const r = run(shell, args, '{"hook_event_name":"x"}');
      expect(r).toEqual({ code: 0, stdout, stderr: "", error: undefined });
    }
  });

  it("spools nothing without a live engine pid", () => {
    run(shell, ["codex"], "{}");
    fs.writeFileSync(paths.enginePid, "not a pid\n");
    run(shell, ["codex"], "{}");
    fs.writeFileSync(paths.enginePid, "0\n");
    run(shell, ["codex"], "{}");
    const dead = spawnSync("/bin/sh", ["-c", "echo $$"]).stdout.toString().trim();
    engineUp(Number(dead));
    expect(run(shell, ["codex"], "{}").code).toBe(0);
    expect(fs.existsSync(paths.spoolDir)).toBe(false);
  });

  it("writes one well-formed spool file with the header, env hints and the payload", () => {
    engineUp();
    const payload = JSON.stringify({ session_id: "s-1", prompt: "héllo" });
    const r = run(shell, ["cursor", "preToolUse"], payload, {
      TERM_PROGRAM: "iTerm.app",
      TMUX_PANE: "%3",
      __CFBundleIdentifier: "com.googlecode.iterm2",
      KITTY_WINDOW_ID: "two\nlines",
      MYTTY_AGENT: "cursor",
    });
    expect(r.code).toBe(0);
    const files = spooled();
    expect(files).toHaveLength(1);
    const file = path.join(paths.spoolNew, files[0]!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(paths.spoolNew).mode & 0o777).toBe(0o700);
    expect(fs.statSync(paths.spoolTmp).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(paths.spoolTmp)).toEqual([]);
    const bytes = fs.readFileSync(file);
    const text = bytes.toString("utf8");
    const [header] = text.split("\n\n");
    expect(header!.split("\n")).toEqual([
      "mytty-bar-spool 1",
      "provider=cursor",
      "event=preToolUse",
      expect.stringMatching(/^ppid=[1-9][0-9]*$/),
      expect.stringMatching(/^pid=[1-9][0-9]*$/),
      `cwd=${tmp}`,
      "term_program=iTerm.app",
      "tmux_pane=%3",
      "cf_bundle_identifier=com.googlecode.iterm2",
      "mytty_agent=cursor",
    ]);
    const parsed = parseSpoolFile(bytes);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(parsed.envelope).toMatchObject({
        provider: "cursor",
        event: "preToolUse",
        cwd: tmp,
        env: {
          term_program: "iTerm.app",
          tmux_pane: "%3",
          cf_bundle_identifier: "com.googlecode.iterm2",
          mytty_agent: "cursor",
        },
      });
      expect(parsed.payload).toEqual({ session_id: "s-1", prompt: "héllo" });
    }
  });

  it.each([
    ["Claude Code (sh -c)", () => String(claudeCodeSpec(paths).events[0]!.handler.command), "-c"],
    ["Codex ($SHELL -lc)", () => String(codexSpec(paths).events[0]!.handler.command), "-lc"],
    ["Cursor (sh -c)", () => String(cursorSpec(paths).events[0]!.handler.command), "-c"],
  ] as const)("the installed %s command makes the helper a direct child of the agent", (_name, command, flag) => {
    // The host (here: this node process) runs `<shell> -c <command>`; dash would fork the helper and
    // wait, so without `exec` the helper's $PPID is a shell that exits with it.
    engineUp();
    const r = spawnSync(shell, [flag, command()], { input: "{}", env: env({ HOME: tmp }), cwd: tmp });
    expect(r.status).toBe(0);
    const files = spooled();
    expect(files).toHaveLength(1);
    const parsed = parseSpoolFile(fs.readFileSync(path.join(paths.spoolNew, files[0]!)));
    expect(parsed.ok && parsed.envelope.ppid).toBe(process.pid);
  });

  it("cuts the payload at 1 MiB and still drains stdin to EOF", () => {
    engineUp();
    const big = Buffer.alloc(MiB + 4096, "a");
    const r = run(shell, ["claude-code"], big);
    expect(r).toMatchObject({ code: 0, stdout: "", error: undefined });
    const bytes = fs.readFileSync(path.join(paths.spoolNew, spooled()[0]!));
    const sep = bytes.indexOf("\n\n");
    expect(bytes.length - sep - 2).toBe(MiB);
  });

  it("drains a large payload when the engine is down (the agent's pipe never blocks)", () => {
    const r = run(shell, ["codex"], Buffer.alloc(3 * MiB, "b"));
    expect(r).toMatchObject({ code: 0, stdout: "", error: undefined });
  });

  it("runs only head, mv and cat per call for a leased engine, each in the C locale whatever the agent's", () => {
    // A call's cost is its execs (docs/performance.md#the-hook-helper). PATH holds only logging wrappers,
    // so any other command the helper came to need would fail here instead of costing every call.
    const wrappers = path.join(tmp, "wrappers");
    const log = path.join(tmp, "exec.log");
    fs.mkdirSync(wrappers);
    for (const tool of ["head", "mv", "cat", "du", "mkdir", "rm", "sleep"]) {
      const real = spawnSync("/bin/sh", ["-c", `command -v ${tool}`], { env: env() })
        .stdout.toString()
        .trim();
      const wrapper = `#!/bin/sh\nprintf '%s %s\\n' ${tool} "\${LC_ALL-}" >>"$EXEC_LOG"\nexec ${real} "$@"\n`;
      fs.writeFileSync(path.join(wrappers, tool), wrapper, { mode: 0o755 });
    }
    engineUp();
    const agentEnv = { PATH: wrappers, EXEC_LOG: log, LANG: "C.UTF-8", TERM_PROGRAM: "iTerm.app" };
    const call = (extra: NodeJS.ProcessEnv = {}) => {
      fs.rmSync(log, { force: true });
      const r = spawnSync(shell, [paths.helper, "codex", "Stop"], {
        input: '{"turn_id":"t"}',
        env: { ...agentEnv, ...extra },
        cwd: tmp,
      });
      expect({ code: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() }).toEqual({
        code: 0,
        stdout: "",
        stderr: "",
      });
      return fs.readFileSync(log, "utf8").trim().split("\n");
    };
    const lease = () => {
      const now = Date.now() / 1000;
      fs.utimesSync(paths.enginePid, now, now + ENGINE_LEASE_SECONDS);
    };
    lease();
    expect(call()).toEqual(["mkdir C", "head C", "mv C", "cat C"]);
    lease();
    expect(call()).toEqual(["head C", "mv C", "cat C"]);
    // A lapsed lease (a crashed engine's pid may be a stranger's) also measures the spool.
    fs.utimesSync(paths.enginePid, 1, 1);
    expect(call({ LC_ALL: "C.UTF-8" })).toEqual(["head C", "du C", "mv C", "cat C"]);
    const files = spooled();
    expect(files).toHaveLength(3);
    for (const f of files) {
      const parsed = parseSpoolFile(fs.readFileSync(path.join(paths.spoolNew, f)));
      expect(parsed.ok && [parsed.envelope.event, parsed.envelope.env, parsed.payload]).toEqual([
        "Stop",
        { term_program: "iTerm.app" },
        { turn_id: "t" },
      ]);
    }
  });

  it("removes a stale answers/<name> before holding: a reused name never prints an old allow", async () => {
    // The helper's name is "<pid>.<ppid>.<n>": a wrapper prints its pid, then waits on stdin before it execs
    // the helper (same pid, and this process as its parent), so the stale answer goes in first.
    engineUp();
    const now = Date.now() / 1000;
    fs.utimesSync(paths.enginePid, now, now + ENGINE_LEASE_SECONDS);
    const answers = path.join(paths.dataDir, "answers");
    fs.mkdirSync(answers, { recursive: true });
    fs.writeFileSync(path.join(answers, "wait"), "1\n");
    const allow = '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}';
    const wrapper = 'echo $$; read -r go; exec "$1" "$2" claude-code PermissionRequest';
    const child = spawn(shell, ["-c", wrapper, "wrapper", shell, paths.helper], {
      // HOME too: bash on a socket stdin (node's pipes) reads ~/.bashrc as if run by sshd.
      env: env({ HOME: tmp }),
      cwd: tmp,
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const pid = await new Promise<string>((resolve) => {
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes("\n")) resolve(stdout.split("\n")[0]!);
      });
    });
    const name = `${pid}.${process.pid}.0`;
    fs.writeFileSync(path.join(answers, name), allow);
    const code = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end(
      `go\n${fs.readFileSync(new URL("../../../fixtures/payloads/claude-code/PermissionRequest.json", import.meta.url), "utf8")}`,
    );
    expect(await code).toBe(0);
    expect({ stdout, stderr }).toEqual({ stdout: `${pid}\n`, stderr: "" });
    expect(fs.existsSync(path.join(answers, name))).toBe(false);
    // The stale file carried this call's exact name: the spooled request holds under it.
    const files = spooled();
    expect(files).toEqual([name]);
    const parsed = parseSpoolFile(fs.readFileSync(path.join(paths.spoolNew, name)));
    expect(parsed.ok && parsed.envelope.hold).toBe(name);
  });

  it("turns 100 concurrent calls into 100 well-formed spool files", async () => {
    engineUp();
    await Promise.all(
      Array.from(
        { length: 100 },
        (_, n) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(shell, [paths.helper, "codex"], { env: env(), stdio: ["pipe", "ignore", "ignore"] });
            child.on("error", reject);
            child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
            child.stdin.end(JSON.stringify({ n, pad: "x".repeat(4096) }));
          }),
      ),
    );
    const files = spooled();
    expect(files).toHaveLength(100);
    const seen = files.map((f) => {
      const parsed = parseSpoolFile(fs.readFileSync(path.join(paths.spoolNew, f)));
      if (!parsed.ok) throw new Error(`${f}: ${parsed.error.message}`);
      expect(parsed.envelope.provider).toBe("codex");
      return parsed.payload.n as number;
    });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, n) => n));
  });
});

it("runs under at least one POSIX shell here", () => {
  expect(SHELLS.length).toBeGreaterThan(0);
});

it("bakes the data dir in, quoted, so a path with a space and a quote works", () => {
  const odd = resolvePaths({ env: { HOME: tmp, MYTTY_BAR_DATA_DIR: path.join(tmp, "it's here") } });
  fs.mkdirSync(odd.binDir, { recursive: true });
  fs.writeFileSync(odd.helper, helperScript(odd), { mode: 0o755 });
  fs.writeFileSync(odd.enginePid, `${process.pid}`);
  const r = spawnSync(odd.helper, ["opencode"], { input: '{"run_id":"r","event":{}}', env: env() });
  expect(r.status).toBe(0);
  expect(fs.readdirSync(odd.spoolNew)).toHaveLength(1);
});
