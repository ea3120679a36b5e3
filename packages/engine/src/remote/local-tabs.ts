// Keeps each remote agent's local tab current (docs/remote.md#jump-to-a-remote-agent): after every local
// scan, the local `ssh` clients' sockets are read (only while some remote agent is listed) and matched to
// the agents' SSH_CONNECTION by local-tab.ts; the one match's tty is located like an agent's.
// An ssh client keeps its one connection for life, so its sockets are read once (the kernel's TCP table
// costs tens of ms to list); a client seen without a connection yet is read again after a while.
import { defaultExec, defaultSocketReader, withinTree } from "@mytty-bar/detect";
import type { HeldSockets, JoinResult, ProcessInfo, Scanner, SocketReader } from "@mytty-bar/detect";
import type { EngineCore } from "../core.js";
import { LOCAL_TAB_TEXT, matchLocalTab, parseSshConnection, type LocalSshClient } from "./local-tab.js";

export interface LocalTab {
  pid: number;
  tty: string;
  terminal: NonNullable<JoinResult["terminal"]>;
}
export type LocalTabResult = { tab: LocalTab } | { problem: string };

export interface LocalTabsDeps {
  readSockets: SocketCache;
  locate(pid: number, processes: readonly ProcessInfo[]): Promise<JoinResult | undefined>;
  /** The engine's own pid: the ssh it runs for watched hosts (its descendants) are never a user's tab. */
  selfPid: number;
}

function isSsh(p: ProcessInfo): boolean {
  const name = (p.executable ?? p.argv[0] ?? "").split("/").pop();
  return name === "ssh" || (p.argv[0]?.startsWith("ssh: ") ?? false);
}

/** The engine's own: this platform's socket reader (cached), the scanner's locate, this process's pid. */
export function localTabsDeps(scanner: Partial<Pick<Scanner, "locateProcess">>, reader?: SocketReader): LocalTabsDeps {
  return {
    readSockets: socketCache(reader ?? defaultSocketReader(process.platform, defaultExec)),
    locate: scanner.locateProcess?.bind(scanner) ?? (() => Promise.resolve(undefined)),
    selfPid: process.pid,
  };
}

/** How long a client's "no connection" answer is reused (a muxed client never gets one). */
export const UNCONNECTED_RECHECK_MS = 30_000;

export interface SocketCache {
  read(ssh: readonly ProcessInfo[], now: number): Promise<Map<number, HeldSockets>>;
}

/**
 * Per process (pid and start time): a TCP connection once seen is kept until the process is gone. Whether
 * it listens on a unix socket (a ControlMaster) is read every time: a master binds it only after it logged in.
 */
export function socketCache(readSockets: SocketReader): SocketCache {
  let kept = new Map<string, { connections: HeldSockets["connections"]; at: number }>();
  const keyOf = (p: ProcessInfo) => `${p.pid}@${p.startTime}`;
  return {
    async read(ssh, now) {
      const stale = (p: ProcessInfo) => {
        const e = kept.get(keyOf(p));
        return e === undefined || (e.connections.length === 0 && now - e.at >= UNCONNECTED_RECHECK_MS);
      };
      const tcpFor = new Set(ssh.filter(stale).map((p) => p.pid));
      const read =
        ssh.length > 0
          ? await readSockets(
              ssh.map((p) => p.pid),
              tcpFor,
            )
          : new Map<number, HeldSockets>();
      const next = new Map<string, { connections: HeldSockets["connections"]; at: number }>();
      const found = new Map<number, HeldSockets>();
      for (const p of ssh) {
        const got = read.get(p.pid);
        if (!got) continue; // exited, or not ours
        const entry = tcpFor.has(p.pid) ? { connections: got.connections, at: now } : kept.get(keyOf(p))!;
        next.set(keyOf(p), entry);
        found.set(p.pid, { connections: entry.connections, listensOnUnix: got.listensOnUnix });
      }
      kept = next;
      return found;
    },
  };
}

/** Recomputes core.localTabs; true when any remote row's local tab changed (the snapshot must be republished). */
export async function refreshLocalTabs(
  core: EngineCore,
  processes: readonly ProcessInfo[],
  deps: LocalTabsDeps,
  now = Date.now(),
): Promise<boolean> {
  const remote = [...core.agents.values()].filter((a) => a.host !== undefined);
  const next = new Map<string, LocalTabResult>();
  if (remote.length > 0) {
    const ours = new Set(withinTree(processes, deps.selfPid).map((p) => p.pid));
    const ssh = processes.filter((p) => isSsh(p) && !ours.has(p.pid));
    const sockets = await deps.readSockets.read(ssh, now);
    const clients: LocalSshClient[] = ssh.flatMap((p) => {
      const held = sockets.get(p.pid);
      return held ? [{ pid: p.pid, argv: p.argv, sockets: held }] : [];
    });
    for (const record of remote) {
      const match = matchLocalTab(parseSshConnection(record.terminal.hints?.ssh_connection), clients);
      if (!match.ok) {
        const inTmux = match.reason === LOCAL_TAB_TEXT.noMatch && record.terminal.tmuxPane !== undefined;
        next.set(record.key, { problem: inTmux ? match.reason + LOCAL_TAB_TEXT.staleInTmux : match.reason });
        continue;
      }
      const where = await deps.locate(match.pid, processes);
      next.set(
        record.key,
        where?.tty
          ? { tab: { pid: match.pid, tty: where.tty, terminal: where.terminal } }
          : { problem: LOCAL_TAB_TEXT.noTty },
      );
    }
  }
  const changed = JSON.stringify([...core.localTabs]) !== JSON.stringify([...next]);
  core.localTabs.clear();
  for (const [key, value] of next) core.localTabs.set(key, value);
  return changed;
}
