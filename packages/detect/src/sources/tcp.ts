// Reads which TCP connections given local processes hold (the parsers are in ../sockets.ts): Linux from
// /proc/<pid>/fd and /proc/net/{tcp,tcp6,unix}, no process started; macOS with `lsof`.
import { readFile } from "node:fs/promises";
import type { Exec } from "../effects.js";
import { socketInodesOf } from "./proc.js";
import { connectionsOf, listeningUnixInodes, parseLsofTcp, parseProcNetTcp, type TcpConnection } from "../sockets.js";

/**
 * The two effects, asked separately because they cost differently and are needed for different processes:
 * every new ssh client's connections (once per client: the kernel's TCP table costs tens of ms to list),
 * and whether the one client a remote agent matched is a ControlMaster (every poll, for that client only).
 */
export interface SocketReader {
  /** pid → its established TCP connections; a pid that exited or is not ours is left out. */
  connections(pids: readonly number[]): Promise<Map<number, TcpConnection[]>>;
  /**
   * Whether it holds a listening unix socket: an ssh ControlMaster, whose connection other `ssh` runs share.
   * False when it exited, is not ours, or the platform cannot tell.
   */
  listensOnUnix(pid: number): Promise<boolean>;
}

/** Off the event loop: the kernel walks its whole TCP hash table for /proc/net/tcp (tens of ms). */
function readOr(file: string): Promise<string> {
  // No such table here (no IPv6, a container): it adds no sockets.
  return readFile(file, "utf8").catch(() => "");
}

export function procSocketReader(root = "/proc"): SocketReader {
  return {
    async connections(pids) {
      const found = new Map<number, TcpConnection[]>();
      if (pids.length === 0) return found;
      const [v4, v6] = await Promise.all([readOr(`${root}/net/tcp`), readOr(`${root}/net/tcp6`)]);
      const tcp = [...parseProcNetTcp(v4), ...parseProcNetTcp(v6)];
      for (const pid of pids) {
        const inodes = socketInodesOf(pid, root);
        if (inodes) found.set(pid, connectionsOf(tcp, inodes));
      }
      return found;
    },
    async listensOnUnix(pid) {
      const inodes = socketInodesOf(pid, root);
      if (!inodes || inodes.size === 0) return false;
      const listening = listeningUnixInodes(await readOr(`${root}/net/unix`));
      for (const inode of inodes) if (listening.has(inode)) return true;
      return false;
    },
  };
}

/**
 * macOS: lsof lists TCP only; a ControlMaster is told by its `[mux]` title or `-M` (docs/remote.md#jump-to-a-remote-agent),
 * so `listensOnUnix` is always false here.
 */
export function lsofSocketReader(exec: Exec, lsof = "/usr/sbin/lsof"): SocketReader {
  return {
    async connections(pids) {
      // One call per pid (lsof exits 1 when a pid holds no TCP socket, which would lose the others'
      // lines), all at once: a poll waits for the slowest, not for their sum.
      const texts = await Promise.all(
        pids.map((pid) => exec(lsof, ["-a", "-nP", "-iTCP", "-p", String(pid)]).catch(() => "")),
      );
      return new Map(pids.map((pid, i) => [pid, parseLsofTcp(texts[i]!).get(pid) ?? []]));
    },
    listensOnUnix: () => Promise.resolve(false),
  };
}

export function defaultSocketReader(platform: NodeJS.Platform, exec: Exec): SocketReader {
  return platform === "linux" ? procSocketReader() : lsofSocketReader(exec);
}
