// Only the user's own agents (docs/remote.md#whose-agents-are-shown, docs/detection.md#whose-agents-are-shown):
// a real sshd on 127.0.0.1 logging in as a second local user (test/support/users.ts), and three tmux servers
// on this machine, one per uid, each running a `claude` of its own: root's (the engine's user), the ssh
// user's and a third user's. The real `mytty-bar --headless` watches the "host" over that ssh session. Its
// local rows hold only root's claude; the host's rows only the ssh user's; the host's status counts the
// two it left out, and `mytty-doctor agents --all` names them.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promises as fs, existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostStatus } from "@mytty-bar/engine";
import { BIN, Engine, makeWorld, runCli, until, type World } from "./engine-harness.js";
import { startSshd, type SshdFixture } from "./support/sshd.js";
import { asUser, OTHER_USER, SSH_USER, systemUser, type SystemUser } from "./support/users.js";

const run = promisify(execFile);
const asRoot = process.platform === "linux" && process.getuid?.() === 0;
// A process named `claude` (argv[0]) needing no file (the other users cannot read the checkout), and the
// pane's own pid: each shell execs the next.
const CLAUDE = "exec bash -c 'exec -a claude sleep 3600'";

interface Server {
  user: SystemUser;
  socket: string;
}

describe.runIf(asRoot)("whose agents are shown, here and on a watched host (real sshd, three uids)", () => {
  let sshd: SshdFixture;
  let local: World;
  let engine: Engine;
  let parent: ChildProcess;
  let servers: Server[];
  const claudes = new Map<string, number>();

  const tmux = (s: Server, ...args: string[]) => {
    const [file, ...rest] = asUser(s.user, ["tmux", "-S", s.socket, ...args]);
    return run(file!, rest, { cwd: "/", env: { PATH: process.env.PATH, TERM: "screen" } });
  };

  beforeAll(async () => {
    const root: SystemUser = { name: "root", uid: 0, gid: 0 };
    const sshUser = systemUser(SSH_USER);
    const other = systemUser(OTHER_USER);
    sshd = await startSshd({ user: SSH_USER });
    const otherDir = path.join(sshd.dir, "other");
    await fs.mkdir(otherDir, { mode: 0o700 });
    await fs.chown(otherDir, other.uid, other.gid);
    servers = [
      { user: root, socket: path.join(sshd.dir, "root.sock") },
      { user: sshUser, socket: path.join(sshd.remoteHome, "tmux.sock") },
      { user: other, socket: path.join(otherDir, "tmux.sock") },
    ];
    // One parent for the three servers (tmux -D stays in the foreground): both scans keep to its tree.
    const script = servers
      .map((s) => `${asUser(s.user, ["tmux", "-D", "-f", "/dev/null", "-S", s.socket]).join(" ")} &`)
      .join("\n");
    parent = spawn("sh", ["-c", `${script}\nwait`], { cwd: "/", stdio: "ignore", env: { PATH: process.env.PATH } });
    for (const s of servers) {
      await until(async () => existsSync(s.socket), 10_000, `${s.user.name}'s tmux server`);
      await tmux(s, "new-session", "-d", "-s", "lab", "-x", "120", "-y", "30", CLAUDE);
      const pid = Number((await tmux(s, "list-panes", "-t", "lab", "-F", "#{pane_pid}")).stdout.trim());
      claudes.set(s.user.name, pid);
    }
    local = await makeWorld([]);
    local.env = {
      ...local.env,
      MYTTY_BAR_SSH: sshd.sshCommand,
      MYTTY_BAR_SCAN_UNDER: String(parent.pid),
      MYTTY_BAR_REMOTE_SCAN_UNDER: String(parent.pid),
    };
    expect((await runCli(local, BIN.bar, ["remote", "add", sshd.destination])).code).toBe(0);
    engine = new Engine(local);
    await engine.start();
  }, 60_000);

  afterAll(async () => {
    await engine?.stop();
    parent?.kill("SIGKILL");
    for (const s of servers ?? []) await tmux(s, "kill-server").catch(() => undefined);
    if (local) await fs.rm(local.home, { recursive: true, force: true });
    await sshd?.stop();
  });

  it("lists root's claude here and the ssh user's on the host; the others are left out and counted", async () => {
    const sshUser = systemUser(SSH_USER);
    const other = systemUser(OTHER_USER);
    let last = "";
    const host = await until(
      async () => {
        const rows = await engine.list();
        const stats = await engine.stats();
        last = JSON.stringify({ rows: rows.map((r) => [r.host, r.pid]), hosts: stats.hosts });
        const h = stats.hosts?.[0];
        const hostPids = rows.filter((r) => r.host === sshd.destination).map((r) => r.pid);
        const ready = h?.leftOut?.count === 2 && stats.leftOut?.count === 2 && hostPids.length > 0;
        return ready ? { rows, h, here: stats.leftOut! } : undefined;
      },
      20_000,
      "the host's rows and its left-out count",
    ).catch(() => {
      throw new Error(`never settled: ${last}\n${engine.output}`);
    });
    const pids = (where: string | null) =>
      host.rows.filter((r) => (r.host ?? null) === where && r.provider === "claude-code").map((r) => r.pid);
    // Here: only the engine's own uid. On the host: only the ssh user's, never the third user's.
    expect(pids(null)).toEqual([claudes.get("root")]);
    expect(pids(sshd.destination)).toEqual([claudes.get(SSH_USER)]);
    const status: HostStatus = host.h;
    expect(status.ownersUnknown).toBeUndefined();
    expect(status.leftOut!.agents.map((a) => [a.uid, a.pid, a.provider])).toEqual(
      [
        [0, claudes.get("root"), "claude-code"],
        [other.uid, claudes.get(OTHER_USER), "claude-code"],
      ].sort((a, b) => (a[1] as number) - (b[1] as number)),
    );
    expect(sshUser.uid).not.toBe(0);
    // Here, the engine's stats count the other two uids' claudes (the ssh user's is not root's either).
    const byPid = (rows: Array<[number, number | undefined]>) => rows.sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0));
    expect(host.here.agents.map((a) => [a.uid, a.pid])).toEqual(
      byPid([
        [sshUser.uid, claudes.get(SSH_USER)],
        [other.uid, claudes.get(OTHER_USER)],
      ]),
    );

    // The doctor says what was left out on the host and why.
    const doctor = await runCli(local, BIN.doctor, ["agents", "--all"]);
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toContain(`On ${sshd.destination}: 2 agent processes of other users left out: `);
    expect(doctor.stdout).toContain(`uid ${other.uid} (Claude Code, pid ${claudes.get(OTHER_USER)}`);
    expect(doctor.stdout).toContain("Only the ssh user's agents are shown.");
    const json = JSON.parse((await runCli(local, BIN.doctor, ["agents", "--all", "--json"])).stdout) as {
      hosts: Array<{ host: string; leftOut: { count: number } }>;
    };
    expect(json.hosts.map((h) => [h.host, h.leftOut.count])).toEqual([[sshd.destination, 2]]);
  }, 40_000);
});
