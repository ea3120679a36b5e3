// Keeping remote rows' local tabs current (docs/remote.md#jump-to-a-remote-agent): the local ssh clients
// of the latest listing (never the engine's own links), their sockets, the match, and where the one lives.
import { describe, expect, it } from "vitest";
import type { ProcessInfo, SocketReader, TcpConnection } from "@mytty-bar/detect";
import type { EngineCore } from "../src/core.js";
import {
  isSsh,
  refreshLocalTabs,
  socketCache,
  UNCONNECTED_RECHECK_MS,
  type LocalTabResult,
} from "../src/remote/local-tabs.js";

const proc = (pid: number, ppid: number, argv: string[], comm = argv[0]!.split("/").pop()!): ProcessInfo => ({
  pid,
  ppid,
  pgid: pid,
  tpgid: pid,
  tty: "pts/4",
  startTime: "1",
  argv,
  comm,
});
const conn = (port: number): TcpConnection[] => [
  { local: { addr: "127.0.0.1", port }, remote: { addr: "127.0.0.1", port: 22 } },
];

/** A reader answering from `byPid`, recording each call. */
function recordingReader(byPid: Map<number, TcpConnection[]>, listening: ReadonlySet<number> = new Set()) {
  const asked = { connections: [] as number[][], listensOnUnix: [] as number[] };
  const reader: SocketReader = {
    async connections(pids) {
      asked.connections.push([...pids]);
      return new Map(pids.flatMap((pid) => (byPid.has(pid) ? [[pid, byPid.get(pid)!] as const] : [])));
    },
    async listensOnUnix(pid) {
      asked.listensOnUnix.push(pid);
      return listening.has(pid);
    },
  };
  return { reader, asked };
}

function core(agents: Array<{ key: string; host?: string; terminal: Record<string, unknown> }>) {
  return { agents: new Map(agents.map((a) => [a.key, a])), localTabs: new Map<string, LocalTabResult>() };
}
const remoteAgent = (key: string, port: number) => ({
  key,
  host: "devbox",
  terminal: { hints: { ssh_connection: `127.0.0.1 ${port} 127.0.0.1 22` } },
});
const locate = async (pid: number) => ({ tty: "pts/4", terminal: { app: "tmux", tmuxPane: `%${pid}` } });

describe("refreshLocalTabs", () => {
  it("matches remote agents to the users' ssh clients, never to the engine's own links", async () => {
    const c = core([
      remoteAgent("a", 5000),
      {
        key: "b",
        host: "devbox",
        terminal: { tmuxPane: "%1", hints: { ssh_connection: "127.0.0.1 6000 127.0.0.1 22" } },
      },
      { key: "local", terminal: {} },
    ]);
    const processes = [
      proc(10, 1, ["/bin/zsh"]),
      proc(11, 10, ["ssh", "devbox"]),
      proc(500, 1, ["node", "mytty-bar"]),
      proc(501, 500, ["/bin/sh", "-c", "ssh …"]),
      proc(502, 501, ["ssh", "-o", "BatchMode=yes", "--", "devbox"]),
    ];
    const { reader, asked } = recordingReader(
      new Map([
        [11, conn(5000)],
        [502, conn(6000)],
      ]),
    );
    const changed = await refreshLocalTabs(c as unknown as EngineCore, processes, {
      selfPid: 500,
      readSockets: socketCache(reader),
      locate,
    });
    expect(changed).toBe(true);
    expect(asked.connections).toEqual([[11]]);
    expect(c.localTabs.get("a")).toEqual({
      tab: { pid: 11, tty: "pts/4", terminal: { app: "tmux", tmuxPane: "%11" } },
    });
    expect(c.localTabs.get("b")).toEqual({ problem: expect.stringContaining("the tmux server was started from") });
    expect(c.localTabs.has("local")).toBe(false);
  });

  it("never takes another local user's ssh for a tab, nor reads its sockets", async () => {
    const c = core([remoteAgent("a", 5000)]);
    const theirs = { ...proc(11, 1, ["ssh", "devbox"]), uid: 1001 };
    const { reader, asked } = recordingReader(new Map([[11, conn(5000)]]));
    const deps = { selfPid: 1, uid: 0, readSockets: socketCache(reader), locate };
    await refreshLocalTabs(c as unknown as EngineCore, [theirs], deps);
    expect(asked.connections).toEqual([]);
    expect(c.localTabs.get("a")).toEqual({ problem: expect.stringContaining("no local ssh client holds") });
    await refreshLocalTabs(c as unknown as EngineCore, [{ ...theirs, uid: 0 }], deps);
    expect(c.localTabs.get("a")).toMatchObject({ tab: { pid: 11 } });
  });

  it("reads no sockets while no remote agent is listed, and says when nothing changed", async () => {
    const c = core([{ key: "local", terminal: {} }]);
    const unasked: SocketReader = {
      connections: () => Promise.reject(new Error("not asked")),
      listensOnUnix: () => Promise.reject(new Error("not asked")),
    };
    const deps = { selfPid: 1, readSockets: socketCache(unasked), locate: async () => undefined };
    expect(await refreshLocalTabs(c as unknown as EngineCore, [proc(11, 1, ["ssh", "x"])], deps)).toBe(false);
  });

  it("per poll reads the matched client's listener only, no process's exe link, and argv of connected ssh only", async () => {
    const reads = new Map<string, number>();
    const count = (what: string) => reads.set(what, (reads.get(what) ?? 0) + 1);
    // Rows as the /proc source makes them: the exe link and the cmdline are read when asked for.
    const counted = (row: ProcessInfo): ProcessInfo => {
      const { argv, executable, ...rest } = row;
      const out = { ...rest } as ProcessInfo;
      Object.defineProperty(out, "argv", { enumerable: true, get: () => (count(`argv ${row.pid}`), argv) });
      Object.defineProperty(out, "executable", { enumerable: true, get: () => (count(`exe ${row.pid}`), executable) });
      return out;
    };
    const processes = [
      proc(10, 1, ["/bin/zsh"]),
      proc(11, 10, ["ssh", "devbox"]),
      proc(12, 10, ["ssh", "other"]),
      proc(13, 10, ["ssh", "third"]),
      proc(20, 1, ["node", "server.js"]),
      proc(21, 1, ["/usr/lib/firefox/firefox"], "firefox"),
    ].map(counted);
    const { reader, asked } = recordingReader(
      new Map([
        [11, conn(5000)],
        [12, conn(5001)],
        [13, []],
      ]),
    );
    const c = core([remoteAgent("a", 5000), remoteAgent("a2", 5000), remoteAgent("gone", 7000)]);
    const deps = { selfPid: 1, readSockets: socketCache(reader), locate };
    for (const now of [0, 2000, 4000]) await refreshLocalTabs(c as unknown as EngineCore, processes, deps, now);
    expect(c.localTabs.get("a")).toMatchObject({ tab: { pid: 11 } });
    expect(asked.connections).toEqual([[11, 12, 13]]);
    // Two agents in the one tab, three polls: the one matched client's listener, once a poll.
    expect(asked.listensOnUnix).toEqual([11, 11, 11]);
    expect([...reads.keys()].filter((k) => k.startsWith("exe"))).toEqual([]);
    expect([...reads.keys()].sort()).toEqual(["argv 11", "argv 12"]);
  });

  it("refuses a client that listens on a unix socket (a ControlMaster), read for that client", async () => {
    const { reader, asked } = recordingReader(
      new Map([
        [11, conn(5000)],
        [12, conn(5001)],
      ]),
      new Set([11]),
    );
    const c = core([remoteAgent("a", 5000)]);
    const processes = [proc(11, 1, ["ssh", "devbox"]), proc(12, 1, ["ssh", "devbox"])];
    await refreshLocalTabs(c as unknown as EngineCore, processes, {
      selfPid: 1,
      readSockets: socketCache(reader),
      locate,
    });
    expect(c.localTabs.get("a")).toEqual({ problem: expect.stringContaining("ControlMaster") });
    expect(asked.listensOnUnix).toEqual([11]);
  });

  it("lists a client's TCP connection once; an unconnected or unreadable one again after a while", async () => {
    const { reader, asked } = recordingReader(new Map([[11, conn(5000)]]));
    const cache = socketCache(reader);
    const ssh = [proc(11, 1, ["ssh", "a"]), proc(12, 1, ["ssh", "b"])];
    await cache.connections(ssh, 0);
    expect((await cache.connections(ssh, 1000)).get(11)).toEqual(conn(5000));
    await cache.connections(ssh, UNCONNECTED_RECHECK_MS + 1);
    // A new process under a reused pid is read afresh.
    await cache.connections([{ ...ssh[0]!, startTime: "2" }], UNCONNECTED_RECHECK_MS + 2);
    expect(asked.connections).toEqual([[11, 12], [12], [11]]);
  });
});

describe("isSsh", () => {
  it("goes by the kernel's command name, which a retitled master keeps; by argv where a source has none", () => {
    expect(isSsh(proc(1, 0, ["ssh: /home/alex/.ssh/cm-devbox [mux]"], "ssh"))).toBe(true);
    expect(isSsh(proc(1, 0, ["/usr/sbin/sshd", "-D"]))).toBe(false);
    expect(isSsh({ ...proc(1, 0, ["/usr/bin/ssh", "devbox"]), comm: undefined })).toBe(true);
    expect(isSsh({ ...proc(1, 0, ["ssh: /tmp/cm [mux]"]), comm: undefined })).toBe(true);
    expect(isSsh({ ...proc(1, 0, ["/usr/bin/sshpass"]), comm: undefined })).toBe(false);
  });
});
