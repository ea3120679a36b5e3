// End to end, answering from the dashboard (docs/answering.md): the doctor installs the real hooks into a temp
// HOME, a stand-in agent in a tmux pane runs the exact PermissionRequest command line the doctor wrote with a
// real-shaped payload from fixtures/payloads/ (sources in its README), and the real `mytty-bar --tui` answers it:
// `y` → the hook prints allow, `n` → deny, `t` → nothing at once; nobody answering a 2 s hold → nothing after
// it; kill -9 of the engine mid-hold → nothing, long before the hold would end. Timings are written to
// test-output/ (the figures are the bench's job, bench/answer.bench.ts); only outcomes are asserted here.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { resolvePaths } from "@mytty-bar/paths";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTmux, type TmuxServer } from "./helpers/tmux.js";

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..", "..");

const PROVIDERS = [
  {
    id: "claude-code",
    exe: "claude",
    shellFlag: "-c", // Claude Code runs hook commands through `sh -c` (docs/providers.md#claude-code)
    fixture: "fixtures/payloads/claude-code/PermissionRequest.json",
    config: (p: ReturnType<typeof resolvePaths>) => p.claudeSettings,
    runKey: "prompt_id",
  },
  {
    id: "codex",
    exe: "codex",
    shellFlag: "-lc", // Codex: `$SHELL -lc` (docs/providers.md#codex)
    fixture: "fixtures/payloads/codex/PermissionRequest.json",
    config: (p: ReturnType<typeof resolvePaths>) => p.codexHooks,
    runKey: "turn_id",
  },
] as const;

interface HookResult {
  code: number;
  stdout: string;
  started: number;
  exited: number;
}

let server: TmuxServer;
beforeEach(async () => {
  server = await startTmux("mytty-answer-e2e-");
});
afterEach(async () => {
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, limitMs: number, what: string) {
  for (const start = Date.now(); Date.now() - start < limitMs; await sleep(25)) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(PROVIDERS)("answering $id from mytty-bar --tui", (provider) => {
  it("y allows, n denies, t hands back, an unanswered hold and a killed engine print nothing", async () => {
    const home = path.join(server.dir, "home");
    const env = {
      HOME: home,
      MYTTY_BAR_DATA_DIR: path.join(home, "data"),
      XDG_CONFIG_HOME: path.join(home, ".config"),
    };
    const paths = resolvePaths({ env, platform: "linux" });
    await run("node", [path.join(repo, "apps/doctor/bin/mytty-doctor.js"), "install", provider.id, "--no-pointers"], {
      env: { ...process.env, ...env, PATH: process.env.PATH },
    });
    // The command line the doctor wrote for PermissionRequest, and a timeout past the longest hold.
    const config = JSON.parse(await readFile(provider.config(paths), "utf8")) as {
      hooks: Record<string, { hooks: { command: string; timeout: number }[] }[]>;
    };
    const entry = config.hooks.PermissionRequest![0]!.hooks[0]!;
    expect(entry.timeout).toBeGreaterThan(300);
    const commandFile = path.join(server.dir, "command.sh");
    await writeFile(commandFile, entry.command);
    await mkdir(paths.dataDir, { recursive: true });
    await writeFile(paths.settingsFile, JSON.stringify({ answerWaitSeconds: 30 }));

    const project = path.join(server.dir, "project");
    await mkdir(project, { recursive: true });
    const session = `ans${process.pid}`;
    const e = Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
    await server.tmux("new-session", "-d", "-s", session, "-x", "200", "-y", "45", "-c", project, ...e, "bash --norc");
    const agentPane = (await server.tmux("display-message", "-p", "-t", `${session}:0`, "#{pane_id}")).trim();
    const fake = path.join(here, "fixtures", "fake-agent-hooks.mjs");
    await server.tmux(
      "send-keys",
      "-t",
      agentPane,
      `exec -a ${provider.exe} node ${fake} ${provider.shellFlag}`,
      "Enter",
    );
    await server.waitForScreen(agentPane, "fake agent ready");

    const scope = ["-e", `MYTTY_BAR_SCAN_UNDER=${(await server.tmux("display-message", "-p", "#{pid}")).trim()}`];
    const tui = (
      await server.tmux(
        "new-window",
        ...["-P", "-F", "#{pane_id}", "-t", session, "-c", repo, ...e, ...scope, "-e", "CI=true"],
        `sh -c 'node apps/menubar/bin/mytty-bar.js --tui; echo "exit=$?"; sleep 60'`,
      )
    ).trim();
    expect(await server.waitForScreen(tui, agentPane, 30_000)).toContain(agentPane);
    const enginePid = Number(readFileSync(paths.enginePid, "utf8").trim());

    const fixture = JSON.parse(await readFile(path.join(repo, provider.fixture), "utf8")) as Record<string, unknown>;
    let n = 0;
    /** Fires one PermissionRequest (its own run) through the installed command; returns where its result lands. */
    const fire = async () => {
      n += 1;
      const payload = path.join(server.dir, `payload-${n}.json`);
      const runKey = `0000000${n}-aaaa-4bbb-8ccc-${String(n).padStart(12, "0")}`;
      await writeFile(payload, JSON.stringify({ ...fixture, cwd: project, [provider.runKey]: runKey }));
      const result = path.join(server.dir, `result-${n}.json`);
      await server.tmux("send-keys", "-t", agentPane, `${commandFile} ${payload} ${result}`, "Enter");
      return result;
    };
    const outcome = (file: string, limitMs = 40_000) =>
      waitFor(
        () => (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as HookResult) : undefined),
        limitMs,
        file,
      );
    const held = `⏸ Bash: ${(fixture.tool_input as { command: string }).command}`;
    const timings: Record<string, number> = {};

    // Allow once, deny, hand back: each on a freshly held request, answered with one key.
    const decisions = { y: "allow", n: "deny", t: "terminal" } as const;
    for (const key of ["y", "n", "t"] as const) {
      const result = await fire();
      expect(await server.waitForScreen(tui, held, 20_000)).toContain(held);
      const pressed = Date.now();
      await server.tmux("send-keys", "-t", tui, key);
      const hook = await outcome(result);
      timings[decisions[key]] = hook.exited - pressed;
      expect(hook.code).toBe(0);
      if (key === "t") expect(hook.stdout).toBe("");
      else {
        const decision = (JSON.parse(hook.stdout) as { hookSpecificOutput: { decision: { behavior: string } } })
          .hookSpecificOutput;
        expect(decision).toMatchObject({ hookEventName: "PermissionRequest", decision: { behavior: decisions[key] } });
      }
      if (key === "y") expect(await server.waitForScreen(tui, "Allowed from Mytty Bar")).toContain("Allowed once");
      if (key === "n") expect(await server.waitForScreen(tui, "Denied from Mytty Bar")).toContain("Denied:");
    }

    // A 2 s hold nobody answers: the setting changes without a reinstall, the hook returns nothing after it.
    await writeFile(paths.settingsFile, JSON.stringify({ answerWaitSeconds: 2 }));
    await waitFor(() => (readFileSync(paths.answerWait, "utf8").trim() === "2" ? true : undefined), 20_000, "wait 2");
    const unanswered = await outcome(await fire());
    timings.unanswered = unanswered.exited - unanswered.started;
    expect(unanswered).toMatchObject({ code: 0, stdout: "" });
    // Held for its 2 s, not skipped, and ended by the new setting rather than the old 30 s.
    expect(unanswered.exited - unanswered.started).toBeGreaterThanOrEqual(1500);
    expect(unanswered.exited - unanswered.started).toBeLessThan(15_000);

    // kill -9 of the engine mid-hold: the hook returns nothing, long before its 30 s hold would end.
    await writeFile(paths.settingsFile, JSON.stringify({ answerWaitSeconds: 30 }));
    await waitFor(() => (readFileSync(paths.answerWait, "utf8").trim() === "30" ? true : undefined), 20_000, "wait 30");
    const result = await fire();
    expect(await server.waitForScreen(tui, held, 20_000)).toContain(held);
    const killed = Date.now();
    process.kill(enginePid, "SIGKILL");
    const orphan = await outcome(result);
    timings.killed = orphan.exited - killed;
    expect(orphan).toMatchObject({ code: 0, stdout: "" });
    expect(orphan.exited - killed).toBeLessThan(15_000);

    await mkdir(path.join(repo, "test-output"), { recursive: true });
    await writeFile(path.join(repo, "test-output", `answer-${provider.id}.json`), JSON.stringify(timings, null, 2));
  }, 180_000);
});
