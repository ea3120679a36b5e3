// Jump to a watched host's agent end to end (docs/remote.md#jump-to-a-remote-agent): a real sshd on
// 127.0.0.1 (test/support/sshd.ts) with Claude Code's hooks installed by the real doctor; a local tmux
// server (its own socket) whose panes run the real `ssh` into it, and in those ssh sessions a fake
// `claude` firing the installed hook (fixtures/payloads/claude-code, sources in its README); the real
// `mytty-bar --headless` watching the host. Jump runs the focus module both front ends call.
import { randomUUID } from "node:crypto";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentRow } from "@mytty-bar/engine";
import { posixQuote } from "@mytty-bar/protocol";
import { focusAgent, nodeCommandRunner, resolveToolPaths } from "../apps/menubar/src/focus/index.js";
import { BIN, Engine, FakePane, fixture, runCli, Tmux, until, type World } from "./engine-harness.js";
import { startSshd, type SshdFixture } from "./support/sshd.js";
import { linkConnected, localWorld, remoteWorld, sshSide } from "./support/remote-world.js";

const run = promisify(execFile);
let sshd: SshdFixture;
let local: World;
let remote: World;
let tmux: Tmux;
let engine: Engine;
const remoteTmux = () => path.join(remote.home, "r.sock");

/** A local tmux window whose pane runs `ssh <host> <command>` (the fixture's config, no ControlMaster unless given). */
async function sshPane(name: string, remoteCommand: string, sshOptions: string[] = []): Promise<string> {
  const ssh = ["ssh", "-F", sshd.configFile, ...sshOptions, "-tt", sshd.destination, remoteCommand]
    .map(posixQuote)
    .join(" ");
  return tmux.cmd("new-window", "-t", "jump", "-n", name, "-P", "-F", "#{pane_id}", ssh);
}

/** A fake claude's control dir under the remote HOME, and the command that starts it there. */
async function remoteClaude(name: string): Promise<{ dir: string; command: string }> {
  const dir = path.join(remote.home, "panes", name);
  await fs.mkdir(dir, { recursive: true });
  return { dir, command: `env MYTTY_FAKE_DIR='${dir}' MYTTY_FAKE_TICK=0.05 ${remote.binDir}/claude` };
}

async function rowOf(session: string, done: (r: AgentRow) => boolean): Promise<AgentRow> {
  let last: AgentRow | undefined;
  let rows: AgentRow[] = [];
  try {
    return await until(
      async () => {
        const out = await runCli(local, BIN.team, ["list", "--json"]);
        rows = JSON.parse(out.stdout) as AgentRow[];
        last = rows.find((r) => r.host === sshd.destination && r.sessionId === session);
        return last && done(last) ? last : undefined;
      },
      30_000,
      `the row of session ${session}`,
    );
  } catch {
    console.log(JSON.stringify(await engine.stats()));
    console.log(await fs.readFile(path.join(local.paths.dataDir, "events.jsonl"), "utf8").catch(() => "no log"));
    console.log(await fs.readFile(path.join(local.paths.dataDir, "engine.log"), "utf8").catch(() => "no engine log"));
    const seen = rows.map((r) => `${r.id} ${r.sessionId ?? "-"} ${r.localTabProblem ?? ""}`).join("; ");
    throw new Error(`session ${session}: ${JSON.stringify(last)}; rows: ${seen}\n${engine.output}`);
  }
}

/** Starts a fake claude over ssh in a new local pane and fires one hook with `session` as its session id. */
async function agentOverSsh(name: string, wrap: (command: string) => string, sshOptions: string[] = []) {
  const claude = await remoteClaude(name);
  const localPane = await sshPane(name, wrap(claude.command), sshOptions);
  const pane = new FakePane(remote, "claude-code", "", claude.dir);
  const out = await pane.hook(
    "UserPromptSubmit",
    fixture("claude-code", "UserPromptSubmit", { session_id: name, prompt_id: randomUUID() }),
    {
      timeoutMs: 30_000,
    },
  );
  if (out !== "") console.log(name, out);
  return { localPane, pane };
}

const deps = () => ({
  runner: nodeCommandRunner(15_000),
  platform: process.platform,
  tools: resolveToolPaths(process.platform, existsSync),
  env: local.env,
});
const activeLocal = () => tmux.cmd("display-message", "-p", "-t", "jump", "#{pane_id}");

/** Jump refuses with `reason`, and the local pane in front stays in front. */
async function refusesUnchanged(row: AgentRow, reason: string): Promise<void> {
  const front = await activeLocal();
  const outcome = await focusAgent(row, deps());
  expect(outcome.status).toBe("nothing");
  expect(outcome.detail).toContain(reason);
  expect(await activeLocal()).toBe(front);
}

beforeAll(async () => {
  sshd = await startSshd();
  remote = await remoteWorld(sshSide(sshd));
  local = await localWorld(sshSide(sshd), String(sshd.pid));
  tmux = new Tmux(local);
  await tmux.cmd("new-session", "-d", "-s", "jump", "-x", "160", "-y", "40", "sleep 600");
  // The local scan sees this tmux server's tree only (the ssh clients); the host's, sshd's.
  local.env.MYTTY_BAR_SCAN_UNDER = await tmux.cmd("display-message", "-p", "#{pid}");
  await fs.writeFile(local.paths.settingsFile, JSON.stringify({ answerWaitSeconds: 0, pollIntervalSeconds: 1 }));
  expect((await runCli(local, BIN.bar, ["remote", "add", sshd.destination])).code).toBe(0);
  engine = new Engine(local);
  await engine.start();
  // Connected = the streamer greeted, so engine.pid on the host names it and the helper spools.
  await linkConnected(local, 30_000);
}, 90_000);

afterAll(async () => {
  await engine?.stop();
  await tmux?.kill();
  if (remote) await run("tmux", ["-S", remoteTmux(), "kill-server"]).catch(() => undefined);
  await sshd?.stop();
});

describe("Jump to an agent on a watched host", () => {
  it("focuses the local tmux pane whose ssh holds the agent's SSH_CONNECTION", async () => {
    const { localPane } = await agentOverSsh("plain", (c) => c);
    const row = await rowOf("plain", (r) => r.localTab !== undefined);
    expect(row.terminal.hints?.ssh_connection).toMatch(
      new RegExp(`^127\\.0\\.0\\.1 \\d+ 127\\.0\\.0\\.1 ${sshd.port}$`),
    );
    expect(row.localTab?.terminal.tmuxPane).toBe(localPane);
    expect(row.localTab?.terminal.tmuxSocket).toBe(local.tmuxSocket);
    // Another local window is in front; Jump brings the ssh pane back.
    await tmux.cmd("new-window", "-t", "jump", "sleep 600");
    expect(await activeLocal()).not.toBe(localPane);
    const outcome = await focusAgent(row, deps());
    expect(outcome.status).toBe("exact");
    expect(await activeLocal()).toBe(localPane);
  }, 90_000);

  it("with the agent in a tmux pane on the host, selects that pane too (the host confirms the client)", async () => {
    const { localPane } = await agentOverSsh("in-tmux", (c) => `tmux -S '${remoteTmux()}' new-session -s r "${c}"`);
    const row = await rowOf("in-tmux", (r) => r.localTab !== undefined && r.terminal.tmuxPane !== undefined);
    const agentPane = row.terminal.tmuxPane!;
    expect(row.localTab?.terminal.tmuxPane).toBe(localPane);
    // The host's session shows another window now, and locally another window is in front.
    await run("tmux", ["-S", remoteTmux(), "new-window", "-t", "r", "sleep 600"]);
    const remoteActive = async () =>
      (await run("tmux", ["-S", remoteTmux(), "display-message", "-p", "-t", "r", "#{pane_id}"])).stdout.trim();
    expect(await remoteActive()).not.toBe(agentPane);
    await tmux.cmd("new-window", "-t", "jump", "sleep 600");
    const outcome = await focusAgent(row, deps());
    expect(outcome).toMatchObject({ status: "exact" });
    expect(await remoteActive()).toBe(agentPane);
    expect(await activeLocal()).toBe(localPane);
  }, 90_000);

  it("refuses, changing nothing, when the agent's host session is shown only to another ssh tab's client", async () => {
    const sock = remoteTmux();
    // Tab A starts the agent in host session "f" (so its SSH_CONNECTION is A's) and shows another session;
    // tab B attaches to "f". The local ssh of the agent's connection is A, but no client of "f" came from A.
    const { localPane } = await agentOverSsh(
      "foreign",
      (c) => `tmux -S '${sock}' new-session -d -s f "${c}"; exec tmux -S '${sock}' new-session -s other "sleep 600"`,
    );
    const row = await rowOf("foreign", (r) => r.localTab !== undefined && r.terminal.tmuxPane !== undefined);
    expect(row.localTab?.terminal.tmuxPane).toBe(localPane);
    await sshPane("viewer", `tmux -S '${sock}' attach -t f`);
    const clientsOfF = async () =>
      (await run("tmux", ["-S", sock, "list-clients", "-t", "f", "-F", "#{client_pid}"])).stdout.trim();
    await until(async () => (await clientsOfF()) !== "", 30_000, "tab B's client on session f");
    await refusesUnchanged(row, "no tmux client on the host shows its session from that ssh connection");
  }, 90_000);

  it("refuses, changing nothing, when two local tabs share the connection through a ControlMaster", async () => {
    const master = ["-o", "ControlMaster=auto", "-o", `ControlPath=${local.home}/c%p`, "-o", "ControlPersist=no"];
    await sshPane("master", "sleep 600", master);
    await until(async () => existsSync(`${local.home}/c${sshd.port}`), 30_000, "the ControlMaster socket");
    await agentOverSsh("muxed", (c) => c, master);
    const row = await rowOf("muxed", (r) => r.localTabProblem !== undefined);
    expect(row.localTab).toBeUndefined();
    expect(row.localTabProblem).toContain("ControlMaster");
    await tmux.cmd("select-window", "-t", "jump:0");
    await refusesUnchanged(row, "ControlMaster");
  }, 90_000);
});
