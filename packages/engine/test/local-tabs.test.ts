// Keeping remote rows' local tabs current (docs/remote.md#jump-to-a-remote-agent): the local ssh clients
// of the latest listing (never the engine's own links), their sockets, the match, and where the one lives.
import { describe, expect, it } from "vitest";
import type { HeldSockets, ProcessInfo } from "@mytty-bar/detect";
import type { EngineCore } from "../src/core.js";
import { refreshLocalTabs, type LocalTabResult } from "../src/remote/local-tabs.js";

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
      readSockets: async (pids) => {
        asked.push([...pids]);
        return new Map([
          [11, held(5000)],
          [502, held(6000)],
        ]);
      },
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
      readSockets: async () => {
        throw new Error("not asked");
      },
      locate: async () => undefined,
    };
    expect(await refreshLocalTabs(c as unknown as EngineCore, [proc(11, 1, ["ssh", "x"])], deps)).toBe(false);
  });
});
