// Reads which TCP connections given local processes hold (the parsers are in ../sockets.ts): Linux from
// /proc/<pid>/fd and /proc/net/{tcp,tcp6,unix}, no process started; macOS with one `lsof` call.
import { readFile } from "node:fs/promises";
import type { Exec } from "../effects.js";
import { socketInodesOf } from "./proc.js";
import { connectionsOf, listeningUnixInodes, parseLsofTcp, parseProcNetTcp, type TcpConnection } from "../sockets.js";

export interface HeldSockets {
  connections: TcpConnection[];
  /** It holds a listening unix socket: an ssh ControlMaster, whose connection other `ssh` runs share. */
  listensOnUnix: boolean;
}

/**
 * The one effect: pid → its sockets (a pid that exited or is not ours is left out). TCP connections are
 * listed only for `tcpFor` (default: every pid), the others get none: listing the kernel's TCP table is
 * the costly part, the listening unix sockets are cheap and always read.
 */
export type SocketReader = (pids: readonly number[], tcpFor?: ReadonlySet<number>) => Promise<Map<number, HeldSockets>>;

/** Off the event loop: the kernel walks its whole TCP hash table for /proc/net/tcp (tens of ms). */
function readOr(file: string): Promise<string> {
  // No such table here (no IPv6, a container): it adds no sockets.
  return readFile(file, "utf8").catch(() => "");
}

export function procSocketReader(root = "/proc"): SocketReader {
  return async (pids, tcpFor) => {
    const found = new Map<number, HeldSockets>();
    if (pids.length === 0) return found;
    const wantTcp = (pid: number) => tcpFor === undefined || tcpFor.has(pid);
    const tables = pids.some(wantTcp) ? ["tcp", "tcp6", "unix"] : ["unix"];
    const texts = await Promise.all(tables.map((t) => readOr(`${root}/net/${t}`)));
    const tcp = tables.length === 3 ? [...parseProcNetTcp(texts[0]!), ...parseProcNetTcp(texts[1]!)] : [];
    const listening = listeningUnixInodes(texts.at(-1)!);
    for (const pid of pids) {
      const inodes = socketInodesOf(pid, root);
      if (!inodes) continue;
      found.set(pid, {
        connections: wantTcp(pid) ? connectionsOf(tcp, inodes) : [],
        listensOnUnix: [...inodes].some((i) => listening.has(i)),
      });
    }
    return found;
  };
}

/**
 * macOS: lsof lists TCP only; a ControlMaster is told by its `[mux]` title or `-M` (docs/remote.md#jump-to-a-remote-agent),
 * so `listensOnUnix` stays false here.
 */
export function lsofSocketReader(exec: Exec, lsof = "/usr/sbin/lsof"): SocketReader {
  return async (pids, tcpFor) => {
    const found = new Map<number, HeldSockets>();
    // One call per pid: lsof exits 1 when a pid holds no TCP socket, which would lose the others' lines.
    for (const pid of pids) {
      const text =
        tcpFor === undefined || tcpFor.has(pid)
          ? await exec(lsof, ["-a", "-nP", "-iTCP", "-p", String(pid)]).catch(() => "")
          : "";
      found.set(pid, { connections: parseLsofTcp(text).get(pid) ?? [], listensOnUnix: false });
    }
    return found;
  };
}

export function defaultSocketReader(platform: NodeJS.Platform, exec: Exec): SocketReader {
  return platform === "linux" ? procSocketReader() : lsofSocketReader(exec);
}
