// Jump on a watched host's agent (docs/remote.md#jump-to-a-remote-agent): the engine has matched the
// agent's SSH_CONNECTION to one local ssh client (the row's `localTab`); here the local tab is focused
// like a local agent's, and when the agent sits in a tmux pane on the host, the host's tmux first confirms
// that a client attached from that very ssh connection shows the pane's session, then selects the pane
// for that client. Any doubt is a refusal that changes nothing.
import { parseDestination, remoteInvocation } from "@mytty-bar/remote";
import type { AgentRow } from "@mytty-bar/engine";
import { socketFromTmuxEnv, sshConnectionParts } from "@mytty-bar/engine/client";
import { isPaneId } from "./tmux.js";
import type { Command } from "./types.js";

/**
 * $1 pane id (%N), $2 tmux socket path or "", $3 the agent's SSH_CONNECTION. Exit 0: selected; 3: no such
 * pane; 4: no client of its session came from that connection; 5: a select failed.
 */
export const REMOTE_PANE_SCRIPT = `p=$1 s=$2 c=$3
t() { if [ -n "$s" ]; then tmux -S "$s" "$@"; else tmux "$@"; fi; }
n=$(t display-message -p -t "$p" '#{session_id}' 2>/dev/null) && [ -n "$n" ] || exit 3
for x in $(t list-clients -t "$n" -F '#{client_pid}:#{client_tty}' 2>/dev/null); do
  q=\${x%%:*} y=\${x#*:}
  case $q in '' | *[!0-9]*) continue ;; esac
  e=$(tr '\\000' '\\n' <"/proc/$q/environ" 2>/dev/null | sed -n 's/^SSH_CONNECTION=//p')
  [ "$e" = "$c" ] || continue
  t select-window -t "$p" && t select-pane -t "$p" && t switch-client -c "$y" -t "$p" && exit 0
  exit 5
done
exit 4
`;

const SOCKET = /^\/[A-Za-z0-9_./@+-]{1,255}$/;

export type RemotePaneStep = { command: Command } | { none: true } | { refuse: string };

/** The host-side command for a remote agent in a tmux pane; none outside tmux; refuse on a hint we cannot use. */
export function remotePaneCommand(row: Pick<AgentRow, "host" | "terminal">, env: NodeJS.ProcessEnv): RemotePaneStep {
  const pane = row.terminal.tmuxPane;
  if (!row.host || pane === undefined) return { none: true };
  const hints = row.terminal.hints ?? {};
  const connection = hints.ssh_connection ?? "";
  const socket = socketFromTmuxEnv(hints.tmux) ?? "";
  if (!isPaneId(pane) || sshConnectionParts(connection) === undefined || (socket !== "" && !SOCKET.test(socket)))
    return { refuse: "its tmux pane or connection hint is not one we can pass on" };
  const parsed = parseDestination(row.host);
  if (!parsed.ok) return { refuse: parsed.message };
  const { file, args } = remoteInvocation(parsed.destination, REMOTE_PANE_SCRIPT, [pane, socket, connection], env);
  return { command: { argv: [file, ...args] } };
}

export function remotePaneFailure(code: number | null, stderr: string): string {
  if (code === 3) return "its tmux pane is gone on the host";
  if (code === 4)
    return "no tmux client on the host shows its session from that ssh connection (attached from another tab, or not at all)";
  if (code === 5) return "the host's tmux did not select the pane";
  const line = stderr.trim().split("\n").at(-1);
  return `the host's tmux could not be asked${line ? `: ${line}` : ` (exit ${String(code)})`}`;
}
