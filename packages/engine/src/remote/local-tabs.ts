// Keeps each remote agent's local tab current (docs/remote.md#jump-to-a-remote-agent): after every local
// scan, the local `ssh` clients' sockets are read (only while some remote agent is listed) and matched to
// the agents' SSH_CONNECTION by local-tab.ts; the one match's tty is located like an agent's.
import type { JoinResult, ProcessInfo, SocketReader } from "@mytty-bar/detect";
import type { EngineCore } from "../core.js";
import { LOCAL_TAB_TEXT, matchLocalTab, parseSshConnection, type LocalSshClient } from "./local-tab.js";

export interface LocalTab {
  pid: number;
  tty: string;
  terminal: NonNullable<JoinResult["terminal"]>;
}
export type LocalTabResult = { tab: LocalTab } | { problem: string };

export interface LocalTabsDeps {
  readSockets: SocketReader;
  locate(pid: number, processes: readonly ProcessInfo[]): Promise<JoinResult | undefined>;
  /** The engine's own pid: the ssh it runs for watched hosts (its descendants) are never a user's tab. */
  selfPid: number;
}

function isSsh(p: ProcessInfo): boolean {
  const name = (p.executable ?? p.argv[0] ?? "").split("/").pop();
  return name === "ssh" || (p.argv[0]?.startsWith("ssh: ") ?? false);
}

/** Processes below `root` in `processes` (the engine's own link children). */
function descendantsOf(processes: readonly ProcessInfo[], root: number): Set<number> {
  const below = new Set<number>([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of processes) {
      if (!below.has(p.pid) && below.has(p.ppid)) {
        below.add(p.pid);
        grew = true;
      }
    }
  }
  return below;
}

/** Recomputes core.localTabs; true when any remote row's local tab changed (the snapshot must be republished). */
export async function refreshLocalTabs(
  core: EngineCore,
  processes: readonly ProcessInfo[],
  deps: LocalTabsDeps,
): Promise<boolean> {
  const remote = [...core.agents.values()].filter((a) => a.host !== undefined);
  const next = new Map<string, LocalTabResult>();
  if (remote.length > 0) {
    const ours = descendantsOf(processes, deps.selfPid);
    const ssh = processes.filter((p) => isSsh(p) && !ours.has(p.pid));
    const sockets = await deps.readSockets(ssh.map((p) => p.pid));
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
