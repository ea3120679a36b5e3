// Reads which TCP connections given local processes hold (the parsers are in ../sockets.ts): Linux from
// /proc/<pid>/fd and /proc/net/{tcp,tcp6,unix}, no process started; macOS with one `lsof` call.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import type { Exec } from "../effects.js";
import { connectionsOf, listeningUnixInodes, parseLsofTcp, parseProcNetTcp, type TcpConnection } from "../sockets.js";

export interface HeldSockets {
  connections: TcpConnection[];
  /** It holds a listening unix socket: an ssh ControlMaster, whose connection other `ssh` runs share. */
  listensOnUnix: boolean;
}

/** The one effect: pid → its sockets (a pid that exited or is not ours is left out). */
export type SocketReader = (pids: readonly number[]) => Promise<Map<number, HeldSockets>>;

function readOr(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return ""; // no such table here (no IPv6, a container): it adds no sockets
  }
}

function socketInodes(root: string, pid: number): Set<string> | undefined {
  let fds: string[];
  try {
    fds = readdirSync(`${root}/${pid}/fd`);
  } catch {
    return undefined; // exited or not ours
  }
  const inodes = new Set<string>();
  for (const fd of fds) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`${root}/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // fd closed meanwhile: not a socket it holds now
    }
  }
  return inodes;
}

export function procSocketReader(root = "/proc"): SocketReader {
  return (pids) => {
    const found = new Map<number, HeldSockets>();
    if (pids.length === 0) return Promise.resolve(found);
    const tcp = [...parseProcNetTcp(readOr(`${root}/net/tcp`)), ...parseProcNetTcp(readOr(`${root}/net/tcp6`))];
    const listening = listeningUnixInodes(readOr(`${root}/net/unix`));
    for (const pid of pids) {
      const inodes = socketInodes(root, pid);
      if (!inodes) continue;
      found.set(pid, {
        connections: connectionsOf(tcp, inodes),
        listensOnUnix: [...inodes].some((i) => listening.has(i)),
      });
    }
    return Promise.resolve(found);
  };
}

/**
 * macOS: lsof lists TCP only; a ControlMaster is told by its `[mux]` title or `-M` (docs/remote.md#jump-to-a-remote-agent),
 * so `listensOnUnix` stays false here.
 */
export function lsofSocketReader(exec: Exec, lsof = "/usr/sbin/lsof"): SocketReader {
  return async (pids) => {
    const found = new Map<number, HeldSockets>();
    if (pids.length === 0) return found;
    // One call per pid: lsof exits 1 when a pid holds no TCP socket, which would lose the others' lines.
    for (const pid of pids) {
      const text = await exec(lsof, ["-a", "-nP", "-iTCP", "-p", String(pid)]).catch(() => "");
      found.set(pid, { connections: parseLsofTcp(text).get(pid) ?? [], listensOnUnix: false });
    }
    return found;
  };
}

export function defaultSocketReader(platform: NodeJS.Platform, exec: Exec): SocketReader {
  return platform === "linux" ? procSocketReader() : lsofSocketReader(exec);
}
