// Answering a request held on a watched host (docs/remote.md#answers-for-remote-requests), end to end: a
// real sshd (test/support/sshd.ts), Claude Code's hooks installed on the "host" by the real doctor, the
// installed hook run by a fake `claude` in the host's tmux, and the real `mytty-bar --headless` answering
// over the control socket. The answer travels back over the engine's one ssh session.
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request, type AgentRow } from "@mytty-bar/engine";
import { BIN, Engine, fixture, runCli, Tmux, until, type FakePane, type World } from "./engine-harness.js";
import { startSshd, type SshdFixture } from "./support/sshd.js";
import { linkConnected, localWorld, remoteWorld, sshSide } from "./support/remote-world.js";
import { alive } from "../packages/engine/test/helpers.js";

const WAIT_SECONDS = 120;
/** Far below the hold: a hook back within this did not wait its hold out. */
const RETURNED_EARLY_MS = 20_000;

let sshd: SshdFixture;
let local: World;
let remote: World;
let tmux: Tmux;
let engine: Engine;
let pane: FakePane;
let caller: ChildProcess | undefined;
const stray: number[] = [];

interface Reply {
  ok: boolean;
  reason?: string;
  message?: string;
}

function processes(): Array<{ pid: number; ppid: number; argv: string[] }> {
  const found: Array<{ pid: number; ppid: number; argv: string[] }> = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean);
      found.push({ pid: Number(name), ppid, argv });
    } catch {
      // Exited while we looked: not one of ours any more.
    }
  }
  return found;
}

function descendants(root: number): Array<{ pid: number; argv: string[] }> {
  const all = processes();
  const out: Array<{ pid: number; argv: string[] }> = [];
  const walk = (parent: number) => {
    for (const p of all)
      if (p.ppid === parent) {
        out.push(p);
        walk(p.pid);
      }
  };
  walk(root);
  return out;
}

const hostFile = (name: string) => path.join(remote.paths.dataDir, name);
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

async function hostRow(): Promise<AgentRow | undefined> {
  const out = await runCli(local, BIN.team, ["list", "--json"]);
  return (JSON.parse(out.stdout) as AgentRow[]).find(
    (r) => r.host === sshd.destination && r.provider === "claude-code",
  );
}

/** A held remote request on the row: waiting-approval, host set, answerable. */
async function heldRow(): Promise<AgentRow> {
  return until(
    async () => {
      const row = await hostRow();
      return row?.answerable && row.request ? row : undefined;
    },
    20_000,
    "a held remote request",
  );
}

/** A local process the engine can place (under sshd, which bounds its scan here) with a terminal of its own. */
let callerSleep: number | undefined;
async function callerPid(): Promise<number> {
  if (callerSleep !== undefined && alive(callerSleep)) return callerSleep;
  caller?.kill("SIGKILL");
  caller = spawn("sh", ["-c", `exec ${sshd.sshCommand} -tt ${sshd.destination} 'exec sleep 600'`], {
    stdio: ["pipe", "ignore", "ignore"],
  });
  callerSleep = await until(
    async () => descendants(sshd.pid).find((p) => p.argv[0] === "sleep" && p.argv[1] === "600")?.pid,
    20_000,
    "the caller's session",
  );
  return callerSleep;
}

const answer = (requestId: string, decision: "allow" | "deny", pid: number) =>
  request<Reply>(local.paths.controlSocket, { op: "answer", requestId, answer: { decision }, pid });

const permission = () => fixture("claude-code", "PermissionRequest");

beforeAll(async () => {
  sshd = await startSshd();
  remote = await remoteWorld(sshSide(sshd));
  tmux = new Tmux(remote);
  pane = await tmux.pane("claude-code", "remote-claude");
  local = await localWorld(sshSide(sshd), await tmux.cmd("display-message", "-p", "#{pid}"));
  await fs.mkdir(local.paths.dataDir, { recursive: true });
  await fs.writeFile(
    local.paths.settingsFile,
    JSON.stringify({ answerWaitSeconds: WAIT_SECONDS, allowAgentAnswers: true }),
  );
  expect((await runCli(local, BIN.bar, ["remote", "add", sshd.destination])).code).toBe(0);
  engine = new Engine(local);
  await engine.start();
  await linkConnected(local);
  await pane.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit"));
}, 90_000);

afterAll(async () => {
  await engine?.stop();
  caller?.kill("SIGKILL");
  await tmux?.kill();
  for (const pid of stray) if (alive(pid)) process.kill(pid, "SIGKILL");
  const keeper = Number(await fs.readFile(hostFile("remote-streamer.pid"), "utf8").catch(() => ""));
  if (keeper > 0 && alive(keeper)) process.kill(keeper, "SIGKILL");
  await sshd?.stop();
});

describe("answering a request held on a watched host", () => {
  it("holds it under the host's lease, answers allow over the link exactly once", async () => {
    // The host's engine.pid carries the lease and its hold mirrors the local setting.
    expect((await fs.stat(hostFile("engine.pid"))).mtimeMs).toBeGreaterThan(Date.now() + 60_000);
    expect(await fs.readFile(path.join(remote.paths.dataDir, "answers", "wait"), "utf8")).toBe(`${WAIT_SECONDS}\n`);
    const hook = pane.hookCall("PermissionRequest", permission(), { timeoutMs: 150_000 });
    const row = await heldRow();
    expect(row).toMatchObject({ state: "waiting-approval", host: sshd.destination, answerable: true });
    expect(row.request).toMatchObject({ kind: "approval", tool: "Bash", summary: "rm -rf target" });
    const pid = await callerPid();
    expect(await answer(row.request!.id, "allow", pid)).toEqual({ ok: true });
    expect(await hook).toEqual({
      out: JSON.stringify({
        hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
      }),
      code: 0,
    });
    expect(await answer(row.request!.id, "deny", pid)).toMatchObject({ ok: false, reason: "answered" });
    const log = await fs.readFile(local.paths.eventLog, "utf8");
    expect(log).toMatch(new RegExp(`"request":"${row.request!.id}"[^\\n]*"by":"socket"[^\\n]*"decision":"allow"`));
  }, 120_000);

  it("mirrors a changed hold on the host, and answers deny the same way", async () => {
    await fs.writeFile(
      local.paths.settingsFile,
      JSON.stringify({
        ...(JSON.parse(await fs.readFile(local.paths.settingsFile, "utf8")) as object),
        answerWaitSeconds: 90,
      }),
    );
    const wait = path.join(remote.paths.dataDir, "answers", "wait");
    await until(async () => (await fs.readFile(wait, "utf8")) === "90\n", 20_000, "the host's hold to follow");
    const hook = pane.hookCall("PermissionRequest", permission(), { timeoutMs: 150_000 });
    const row = await heldRow();
    const pid = await callerPid();
    expect(await answer(row.request!.id, "deny", pid)).toEqual({ ok: true });
    expect(await hook).toEqual({
      out: JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "Denied by the user from Mytty Bar." },
        },
      }),
      code: 0,
    });
  }, 120_000);

  it("lets a hold lapse when the link is cut: the hook returns at once printing nothing", async () => {
    const hook = pane.hookCall("PermissionRequest", permission(), { timeoutMs: RETURNED_EARLY_MS });
    const row = await heldRow();
    // The link stays down (sshd refuses the key), so no new streamer ends the hold for us.
    const keys = await fs.readFile(sshd.authorizedKeys);
    await fs.writeFile(sshd.authorizedKeys, "");
    const links = descendants(engine.child!.pid!).filter((c) => path.basename(c.argv[0] ?? "") === "ssh");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) process.kill(link.pid, "SIGKILL");
    expect(await hook).toEqual({ out: "", code: 0 });
    expect(await exists(path.join(remote.paths.dataDir, "answers", "wait"))).toBe(false);
    // The keeper's engine.pid carries no lease.
    expect((await fs.stat(hostFile("engine.pid"))).mtimeMs).toBeLessThanOrEqual(Date.now() + 1000);
    await fs.writeFile(sshd.authorizedKeys, keys);
    // The engine offers it no more, and an answer now is refused.
    await until(async () => !(await hostRow())?.answerable, 10_000, "the request to leave the row");
    const pid = await callerPid();
    expect((await answer(row.request!.id, "allow", pid)).ok).toBe(false);
    await linkConnected(local);
  }, 120_000);

  it("leaves no lease and no keeper when the engine is killed, and the host's helper holds nothing", async () => {
    await linkConnected(local);
    const streamer = Number(await fs.readFile(hostFile("remote-streamer.pid"), "utf8"));
    const links = descendants(engine.child!.pid!).filter((c) => path.basename(c.argv[0] ?? "") === "ssh");
    stray.push(...links.map((l) => l.pid));
    await engine.stop("SIGKILL");
    // The session was intact when the engine died: the streamer cleans up at once, no keeper stays.
    await until(async () => !alive(streamer) && !(await exists(hostFile("engine.pid"))), 10_000, "the streamer to go");
    expect(await exists(hostFile("remote-streamer.pid"))).toBe(false);
    expect(await exists(path.join(remote.paths.dataDir, "answers", "wait"))).toBe(false);
    expect(await pane.hookCall("PermissionRequest", permission(), { timeoutMs: RETURNED_EARLY_MS })).toEqual({
      out: "",
      code: 0,
    });
  }, 120_000);

  it("lets the lease go when the engine stops, and the host's helper holds nothing", async () => {
    engine = new Engine(local);
    await engine.start();
    await linkConnected(local);
    expect((await fs.stat(hostFile("engine.pid"))).mtimeMs).toBeGreaterThan(Date.now() + 60_000);
    await engine.stop();
    expect(await exists(hostFile("engine.pid"))).toBe(false);
    expect(await exists(path.join(remote.paths.dataDir, "answers", "wait"))).toBe(false);
    expect(await pane.hookCall("PermissionRequest", permission(), { timeoutMs: RETURNED_EARLY_MS })).toEqual({
      out: "",
      code: 0,
    });
  }, 120_000);
});
