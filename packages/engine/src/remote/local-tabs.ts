// Keeps each remote agent's local tab current (docs/remote.md#jump-to-a-remote-agent): after every local
// scan, the local `ssh` clients' connections are read (only while some remote agent is listed) and matched
// to the agents' SSH_CONNECTION by local-tab.ts; the one match's tty is located like an agent's.
// An ssh client keeps its one connection for life, so its connections are read once (the kernel's TCP table
// costs tens of ms to list); a client seen without a connection yet is read again after a while. Whether a
// client is a ControlMaster is read every poll, for the matched client only.
import { defaultExec, defaultSocketReader, withinTree } from "@mytty-bar/detect";
import type { JoinResult, ProcessInfo, Scanner, SocketReader, TcpConnection } from "@mytty-bar/detect";
import type { CoreMaps, LocalTabResult } from "../core-types.js";
import { LOCAL_TAB_TEXT, matchLocalTab, parseSshConnection, type LocalSshClient } from "./local-tab.js";

export type { LocalTab, LocalTabResult } from "../core-types.js";

export interface LocalTabsDeps {
  readSockets: SocketCache;
  locate(pid: number, processes: readonly ProcessInfo[]): Promise<JoinResult | undefined>;
  /** The engine's own pid: the ssh it runs for watched hosts (its descendants) are never a user's tab. */
  selfPid: number;
  /** The engine's uid: another local user's ssh is never our tab (undefined: rows without an owner are everyone's). */
  uid?: number;
}

/**
 * An ssh client by the kernel's command name, which a retitled master ("ssh: <path> [mux]") keeps: no exe
 * link or cmdline read for the thousands of other processes. A source without comm (`ps` on macOS) lists
 * argv with the row anyway.
 */
export function isSsh(p: ProcessInfo): boolean {
  if (p.comm !== undefined) return p.comm === "ssh";
  const argv0 = p.argv[0] ?? "";
  return argv0.split("/").pop() === "ssh" || argv0.startsWith("ssh: ");
}

/** The engine's own: this platform's socket reader (cached), the scanner's locate, this process's pid. */
export function localTabsDeps(scanner: Partial<Pick<Scanner, "locateProcess">>, reader?: SocketReader): LocalTabsDeps {
  return {
    readSockets: socketCache(reader ?? defaultSocketReader(process.platform, defaultExec)),
    locate: scanner.locateProcess?.bind(scanner) ?? (() => Promise.resolve(undefined)),
    selfPid: process.pid,
    ...(typeof process.getuid === "function" ? { uid: process.getuid() } : {}),
  };
}

/** How long a client's "no connection" answer is reused (a muxed client never gets one). */
export const UNCONNECTED_RECHECK_MS = 30_000;

export interface SocketCache {
  /** pid → the connections of each of `ssh` (none for one that exited or is not ours). */
  connections(ssh: readonly ProcessInfo[], now: number): Promise<Map<number, readonly TcpConnection[]>>;
  /** Read each time: a master binds its socket only after it logged in. */
  listensOnUnix(pid: number): Promise<boolean>;
}

/**
 * Per process (pid and start time): a TCP connection once seen is kept until the process is gone; "none"
 * (not connected yet, or not ours to read) is asked again after UNCONNECTED_RECHECK_MS.
 */
export function socketCache(reader: SocketReader): SocketCache {
  type Entry = { connections: readonly TcpConnection[]; at: number };
  let kept = new Map<string, Entry>();
  const keyOf = (p: ProcessInfo) => `${p.pid}@${p.startTime}`;
  return {
    async connections(ssh, now) {
      const stale = new Set(
        ssh.filter((p) => {
          const e = kept.get(keyOf(p));
          return e === undefined || (e.connections.length === 0 && now - e.at >= UNCONNECTED_RECHECK_MS);
        }),
      );
      const read = stale.size > 0 ? await reader.connections([...stale].map((p) => p.pid)) : new Map();
      const next = new Map<string, Entry>();
      const found = new Map<number, readonly TcpConnection[]>();
      for (const p of ssh) {
        const entry = stale.has(p) ? { connections: read.get(p.pid) ?? [], at: now } : kept.get(keyOf(p))!;
        next.set(keyOf(p), entry);
        found.set(p.pid, entry.connections);
      }
      kept = next;
      return found;
    },
    listensOnUnix: (pid) => reader.listensOnUnix(pid),
  };
}

/** Recomputes core.localTabs; true when any remote row's local tab changed (the snapshot must be republished). */
export async function refreshLocalTabs(
  core: Pick<CoreMaps, "agents" | "localTabs">,
  processes: readonly ProcessInfo[],
  deps: LocalTabsDeps,
  now = Date.now(),
): Promise<boolean> {
  const remote = [...core.agents.values()].filter((a) => a.host !== undefined);
  const next = new Map<string, LocalTabResult>();
  if (remote.length > 0) {
    const ours = new Set(withinTree(processes, deps.selfPid).map((p) => p.pid));
    const mine = (p: ProcessInfo) => deps.uid === undefined || p.uid === undefined || p.uid === deps.uid;
    const ssh = processes.filter((p) => isSsh(p) && !ours.has(p.pid) && mine(p));
    const held = await deps.readSockets.connections(ssh, now);
    const clients: LocalSshClient[] = ssh.flatMap((p) => {
      const connections = held.get(p.pid) ?? [];
      return connections.length > 0 ? [{ pid: p.pid, argv: p.argv, connections }] : [];
    });
    // Several agents in one tab match one client: its listener is read once per poll.
    const listens = new Map<number, Promise<boolean>>();
    for (const record of remote) {
      const match = matchLocalTab(parseSshConnection(record.terminal.hints?.ssh_connection), clients);
      if (!match.ok) {
        const inTmux = match.reason === LOCAL_TAB_TEXT.noMatch && record.terminal.tmuxPane !== undefined;
        next.set(record.key, { problem: inTmux ? match.reason + LOCAL_TAB_TEXT.staleInTmux : match.reason });
        continue;
      }
      if (!listens.has(match.pid)) listens.set(match.pid, deps.readSockets.listensOnUnix(match.pid));
      if (await listens.get(match.pid)) {
        next.set(record.key, { problem: LOCAL_TAB_TEXT.controlMaster });
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
