// Watching a host end to end (docs/remote.md#watching-a-host): a real sshd on 127.0.0.1 with its own
// "remote" HOME (test/support/sshd.ts), Claude Code's hooks installed there by the real doctor, a fake
// `claude` in a private tmux server of the remote user firing real payloads (fixtures/payloads/claude-code,
// sources in its README), and the real `mytty-bar --headless` watching the host through MYTTY_BAR_SSH.
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentRow } from "@mytty-bar/engine";
import { BIN, Engine, fixture, runCli, Tmux, until, type FakePane, type World } from "./engine-harness.js";
import { SSHD, startSshd, type SshdFixture } from "./support/sshd.js";
import { linkConnected, localWorld, remoteWorld, sshSide } from "./support/remote-world.js";
import { alive } from "../packages/engine/test/helpers.js";

let sshd: SshdFixture;
let local: World;
let remote: World;
let tmux: Tmux;
let engine: Engine;
let pane: FakePane;
let restarted: ChildProcess | undefined;

function children(pid: number): Array<{ pid: number; argv: string[] }> {
  const found: Array<{ pid: number; argv: string[] }> = [];
  const walk = (parent: number) => {
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== parent) continue;
        const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean);
        found.push({ pid: Number(name), argv });
        walk(Number(name));
      } catch {
        // Exited while we looked: not one of the link's processes any more.
      }
    }
  };
  walk(pid);
  return found;
}

async function hostRow(): Promise<AgentRow | undefined> {
  const out = await runCli(local, BIN.team, ["list", "--json"]);
  return (JSON.parse(out.stdout) as AgentRow[]).find(
    (r) => r.host === sshd.destination && r.provider === "claude-code",
  );
}

async function rowIn(state: AgentRow["state"], extra: (r: AgentRow) => boolean = () => true): Promise<AgentRow> {
  let last: AgentRow | undefined;
  try {
    return await until(
      async () => {
        last = await hostRow();
        return last?.state === state && extra(last) ? last : undefined;
      },
      20_000,
      `remote claude to be ${state}`,
    );
  } catch {
    const stats = JSON.stringify(await engine.stats());
    const spool = await fs.readdir(remote.paths.spoolNew).catch(() => []);
    throw new Error(
      `expected ${state}, still ${last ? `${last.state} (${last.id})` : "not listed"}; stats ${stats}; host spool ${spool.join(" ")}\n${engine.output}`,
    );
  }
}

function streamerPid(): number | undefined {
  try {
    const text = readFileSync(path.join(remote.paths.dataDir, "remote-streamer.pid"), "utf8").trim();
    return /^\d+$/.test(text) ? Number(text) : undefined;
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  sshd = await startSshd();
  remote = await remoteWorld(sshSide(sshd));
  tmux = new Tmux(remote);
  pane = await tmux.pane("claude-code", "remote-claude");
  const server = await tmux.cmd("display-message", "-p", "#{pid}");
  local = await localWorld(sshSide(sshd), server);
  expect((await runCli(local, BIN.bar, ["remote", "add", sshd.destination])).code).toBe(0);
  engine = new Engine(local);
  await engine.start();
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await tmux?.kill();
  const keeper = streamerPid();
  if (keeper !== undefined) process.kill(keeper, "SIGKILL");
  if (restarted?.pid !== undefined) {
    for (const c of children(restarted.pid)) process.kill(c.pid, "SIGKILL");
    restarted.kill("SIGKILL");
  }
  await sshd?.stop();
});

describe("a watched host over a real sshd", () => {
  it("shows the remote claude running → waiting-approval → succeeded, with host set", async () => {
    expect(readFileSync(remote.paths.claudeSettings, "utf8")).toContain(remote.paths.helper);
    // Connected = the streamer greeted, so engine.pid on the host names it and the helper spools.
    await linkConnected(local);
    await pane.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit"));
    const running = await rowIn("running");
    expect(running.host).toBe(sshd.destination);
    expect(running.id).toMatch(new RegExp(`^claude-code-\\d+@${sshd.destination}$`));
    expect(running.terminal.tmuxPane).toBe(pane.id);
    await pane.hook("PermissionRequest", fixture("claude-code", "PermissionRequest"));
    expect((await rowIn("waiting-approval")).attention).toBe(true);
    await pane.hook("Stop", fixture("claude-code", "Stop"));
    await rowIn("succeeded");
    // Acknowledged files are gone from the host's spool.
    await until(
      async () => (await fs.readdir(path.join(remote.paths.spoolDir, "new"))).length === 0,
      10_000,
      "empty remote spool",
    );
    const list = await runCli(local, BIN.bar, ["remote", "list", "--json"]);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ host: sshd.destination, state: "connected" })]);
  }, 90_000);

  it("shows disconnected while the link is cut, then delivers what the host spooled meanwhile", async () => {
    await pane.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit", { prompt: "second turn" }));
    await rowIn("running");
    const before = (await engine.stats()).accepted;
    // Cut the link: no new connections (sshd's listener stops), then the engine's ssh client dies.
    process.kill(sshd.pid, "SIGKILL");
    const links = children(engine.child!.pid!).filter((c) => path.basename(c.argv[0] ?? "") === "ssh");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) process.kill(link.pid, "SIGKILL");
    const down = await rowIn("disconnected", (r) => r.linkDownSince !== undefined);
    expect(Date.parse(down.linkDownSince!)).not.toBeNaN();
    // Meanwhile the agent goes on: its hook calls wait in the host's bounded spool.
    await pane.hook("PermissionRequest", fixture("claude-code", "PermissionRequest"));
    await pane.hook("Stop", fixture("claude-code", "Stop"));
    expect((await fs.readdir(path.join(remote.paths.spoolDir, "new"))).length).toBe(2);
    expect((await hostRow())?.state).toBe("disconnected");
    // The link comes back (same port, same keys): both events arrive, none lost.
    restarted = spawn(SSHD, ["-D", "-e", "-f", path.join(sshd.dir, "sshd_config")], { stdio: "ignore" });
    await rowIn("succeeded");
    expect((await engine.stats()).accepted).toBe(before + 2);
    await until(
      async () => (await fs.readdir(path.join(remote.paths.spoolDir, "new"))).length === 0,
      10_000,
      "empty remote spool",
    );
  }, 120_000);

  it("remote remove leaves nothing of ours running on the host", async () => {
    const pid = await until(async () => streamerPid(), 10_000, "a streamer");
    expect((await runCli(local, BIN.bar, ["remote", "remove", sshd.destination])).code).toBe(0);
    await until(async () => !alive(pid), 10_000, "the streamer to exit");
    expect(streamerPid()).toBeUndefined();
    await expect(fs.access(path.join(remote.paths.dataDir, "engine.pid"))).rejects.toThrow();
    expect((await hostRow()) ?? null).toBeNull();
  }, 60_000);
});
