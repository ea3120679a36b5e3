// Keeping remote rows' local tabs current (docs/remote.md#jump-to-a-remote-agent): the local ssh clients
// of the latest listing (never the engine's own links), their sockets, the match, and where the one lives.
import { describe, expect, it } from "vitest";
import type { HeldSockets, ProcessInfo } from "@mytty-bar/detect";
import type { EngineCore } from "../src/core.js";
import {
  refreshLocalTabs,
  socketCache,
  UNCONNECTED_RECHECK_MS,
  type LocalTabResult,
} from "../src/remote/local-tabs.js";

const proc = (pid: number, ppid: number, argv: string[]): ProcessInfo => ({
  pid,
  ppid,
  pgid: pid,
  tpgid: pid,
  tty: "pts/4",
  startTime: "1",
  argv,
});
const held = (port: number): HeldSockets => ({
  connections: [{ local: { addr: "127.0.0.1", port }, remote: { addr: "127.0.0.1", port: 22 } }],
  listensOnUnix: false,
});

function core(agents: Array<{ key: string; host?: string; terminal: Record<string, unknown> }>) {
  return { agents: new Map(agents.map((a) => [a.key, a])), localTabs: new Map<string, LocalTabResult>() };
}

describe("refreshLocalTabs", () => {
  it("matches remote agents to the users' ssh clients, never to the engine's own links", async () => {
    const c = core([
      { key: "a", host: "devbox", terminal: { hints: { ssh_connection: "127.0.0.1 5000 127.0.0.1 22" } } },
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
    const asked: number[][] = [];
    const changed = await refreshLocalTabs(c as unknown as EngineCore, processes, {
      selfPid: 500,
      readSockets: socketCache(async (pids) => {
        asked.push([...pids]);
        return new Map([
          [11, held(5000)],
          [502, held(6000)],
        ]);
      }),
      locate: async (pid) => ({ tty: "pts/4", terminal: { app: "tmux", tmuxPane: `%${pid}` } }),
    });
    expect(changed).toBe(true);
    expect(asked).toEqual([[11]]);
    expect(c.localTabs.get("a")).toEqual({
      tab: { pid: 11, tty: "pts/4", terminal: { app: "tmux", tmuxPane: "%11" } },
    });
    expect(c.localTabs.get("b")).toEqual({ problem: expect.stringContaining("the tmux server was started from") });
    expect(c.localTabs.has("local")).toBe(false);
  });

  it("reads no sockets while no remote agent is listed, and says when nothing changed", async () => {
    const c = core([{ key: "local", terminal: {} }]);
    const deps = {
      selfPid: 1,
      readSockets: socketCache(async () => {
        throw new Error("not asked");
      }),
      locate: async () => undefined,
    };
    expect(await refreshLocalTabs(c as unknown as EngineCore, [proc(11, 1, ["ssh", "x"])], deps)).toBe(false);
  });

  it("lists a client's TCP connection once; an unconnected one again after a while; a master's listener always", async () => {
    const asked: Array<[number[], number[]]> = [];
    let listens = false;
    const cache = socketCache(async (pids, tcpFor) => {
      asked.push([[...pids], [...(tcpFor ?? [])]]);
      return new Map(
        pids.map((pid) => [
          pid,
          { connections: pid === 11 && tcpFor?.has(pid) ? held(5000).connections : [], listensOnUnix: listens },
        ]),
      );
    });
    const ssh = [proc(11, 1, ["ssh", "a"]), proc(12, 1, ["ssh", "b"])];
    await cache.read(ssh, 0);
    listens = true;
    expect((await cache.read(ssh, 1000)).get(11)).toEqual({ ...held(5000), listensOnUnix: true });
    await cache.read(ssh, UNCONNECTED_RECHECK_MS + 1);
    // A new process under a reused pid is read afresh.
    await cache.read([{ ...ssh[0]!, startTime: "2" }], UNCONNECTED_RECHECK_MS + 2);
    expect(asked.map(([, tcp]) => tcp)).toEqual([[11, 12], [], [12], [11]]);
  });
});
