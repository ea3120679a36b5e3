// tmux focus commands (docs/terminals.md#tmux): select the pane's window and the pane for the session,
// then move the right client there so the outer terminal tab shows it.
import type { Command } from "./types.js";

export interface TmuxTarget {
  /** Stable pane id, "%3". */
  pane: string;
  /** Server socket path; absent = the default server. */
  socket?: string;
  /** tty of the client to switch, when known. */
  clientTty?: string;
}

const PANE_ID = /^%\d+$/;

export function isPaneId(value: string | undefined): value is string {
  return value !== undefined && PANE_ID.test(value);
}

function base(tmux: string, socket?: string): string[] {
  // -u: an app started by launchd often has no UTF-8 locale, and tmux then prints a format's tabs as "_".
  return socket ? [tmux, "-u", "-S", socket] : [tmux, "-u"];
}

/** select-window + select-pane (every client of the session sees it), then switch-client for one client. */
export function tmuxFocusCommands(tmux: string, target: TmuxTarget): Command[] {
  if (!isPaneId(target.pane)) throw new Error(`not a tmux pane id: ${target.pane}`);
  const b = base(tmux, target.socket);
  const commands: Command[] = [
    { argv: [...b, "select-window", "-t", target.pane] },
    { argv: [...b, "select-pane", "-t", target.pane] },
  ];
  if (target.clientTty) commands.push({ argv: [...b, "switch-client", "-c", target.clientTty, "-t", target.pane] });
  return commands;
}

/** Lists clients with what pickClient needs; `#{client_tty}` is empty in list-panes, so ask list-clients. */
export function tmuxListClientsCommand(tmux: string, socket?: string): Command {
  return {
    argv: [...base(tmux, socket), "list-clients", "-F", "#{client_tty}\t#{client_session}\t#{client_activity}"],
  };
}

/** Asks which session a pane belongs to (the row may not carry it). */
export function tmuxPaneSessionCommand(tmux: string, target: TmuxTarget): Command {
  return { argv: [...base(tmux, target.socket), "display-message", "-p", "-t", target.pane, "#{session_name}"] };
}

/** The client attached to that session with the most recent activity; undefined when none is attached. */
export function pickClient(listClientsOutput: string, session: string): string | undefined {
  let best: { tty: string; activity: number } | undefined;
  for (const line of listClientsOutput.split("\n")) {
    const [tty, clientSession, activity] = line.split("\t");
    if (!tty || clientSession !== session) continue;
    const at = Number(activity) || 0;
    if (!best || at > best.activity) best = { tty, activity: at };
  }
  return best?.tty;
}
