// Which local `ssh` runs the session a remote agent is in: pure, data in, data out
// (docs/remote.md#jump-to-a-remote-agent). The agent's SSH_CONNECTION ("client_ip client_port server_ip
// server_port", recorded by the hook helper) names the TCP connection as the host sees it; the local ssh
// client holding that connection is the one whose socket has the same client port and whose peer is the
// same server address and port. Anything short of exactly one such ssh, owning its connection alone, is a
// refusal with its reason: Jump never guesses a tab.
import { normaliseAddr, type Endpoint, type TcpConnection } from "@mytty-bar/detect";
import { sshConnectionParts } from "./ssh-connection.js";

export interface SshConnectionHint {
  client: Endpoint;
  server: Endpoint;
}

export function parseSshConnection(text: string | undefined): SshConnectionHint | undefined {
  // Exactly as the host holds it, untrimmed: the menu bar passes the same text to the host to compare.
  const parts = typeof text === "string" ? sshConnectionParts(text) : undefined;
  if (parts === undefined) return undefined;
  return {
    client: { addr: normaliseAddr(parts.clientAddr), port: parts.clientPort },
    server: { addr: normaliseAddr(parts.serverAddr), port: parts.serverPort },
  };
}

export interface LocalSshClient {
  pid: number;
  argv: readonly string[];
  connections: readonly TcpConnection[];
}

export type TabMatch = { ok: true; pid: number } | { ok: false; reason: string };

export const LOCAL_TAB_TEXT = {
  noHint: "its hook events carry no SSH_CONNECTION (not started from an ssh session, or no event yet)",
  noMatch:
    "no local ssh client holds its connection (through a jump host, NAT or port forwarding the ports differ; mosh and docker exec have none)",
  several: (n: number) => `${n} local ssh clients hold matching connections`,
  controlMaster:
    "its connection belongs to an ssh ControlMaster, which every tab using it shares (set ControlMaster no for that host to tell tabs apart)",
  noTty: "the local ssh client that holds its connection has no terminal",
  /** Added when the agent sits in the host's tmux: its SSH_CONNECTION is the one the tmux server started under. */
  staleInTmux: " (in the host's tmux it names the ssh session the tmux server was started from, which may have ended)",
};

/**
 * A ControlPersist master retitles itself "ssh: <path> [mux]"; `-M` starts one in the foreground. Its
 * listening unix socket, the third sign, is read for the matched client only (local-tabs.ts).
 */
function isMaster(client: LocalSshClient): boolean {
  if (client.argv.some((a) => a.endsWith("[mux]"))) return true;
  // A cluster of ssh's flag-only options holding M ("-M", "-NM"); not "-oControlMaster=no".
  return client.argv.slice(1).some((a) => /^-[46AaCfGgKkMNnqsTtVvXxYy]*M[46AaCfGgKkMNnqsTtVvXxYy]*$/.test(a));
}

export function matchLocalTab(hint: SshConnectionHint | undefined, clients: readonly LocalSshClient[]): TabMatch {
  if (!hint) return { ok: false, reason: LOCAL_TAB_TEXT.noHint };
  const holders = clients.filter((c) =>
    c.connections.some(
      (t) =>
        t.local.port === hint.client.port && t.remote.addr === hint.server.addr && t.remote.port === hint.server.port,
    ),
  );
  if (holders.length === 0) return { ok: false, reason: LOCAL_TAB_TEXT.noMatch };
  if (holders.length > 1) return { ok: false, reason: LOCAL_TAB_TEXT.several(holders.length) };
  const holder = holders[0]!;
  if (isMaster(holder)) return { ok: false, reason: LOCAL_TAB_TEXT.controlMaster };
  return { ok: true, pid: holder.pid };
}
