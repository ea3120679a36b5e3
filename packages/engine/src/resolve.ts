// Finding an agent from what a user or a worker typed: id, label, pid, tty or tmux pane.
import type { AgentRow } from "./snapshot.js";

export type Resolved =
  { ok: true; row: AgentRow } | { ok: false; code: "unknown-agent" | "ambiguous-agent"; message: string };

/** `TMUX=<socket>,<server pid>,<session>` inside a pane; the socket path itself may hold commas. */
export function socketFromTmuxEnv(value: string | undefined): string | undefined {
  if (value === undefined || value === "") return undefined;
  const parts = value.split(",");
  return parts.length >= 3 ? parts.slice(0, -2).join(",") : value;
}

/** The tmux server of a row: detection names it; a hook-only row has it in the TMUX hint. */
export function rowTmuxSocket(row: AgentRow): string | undefined {
  return row.terminal.tmuxSocket ?? socketFromTmuxEnv(row.terminal.hints?.tmux);
}

/** Where the asker is: a label or pane id repeated on several tmux servers resolves to the one on theirs. */
export interface Nearness {
  tmuxSocket?: string;
}

export function resolveAgent(rows: readonly AgentRow[], query: string, near: Nearness = {}): Resolved {
  const q = query.trim();
  // A label names a running agent: once its agent is gone (closed, exited) the row keeps the label a
  // while for context, but a new agent may take it. Ids and session ids still find the old row.
  const live = (r: AgentRow) => r.state !== "disconnected";
  const tests: Array<(r: AgentRow) => boolean> = [
    (r) => r.id === q,
    (r) => r.label !== undefined && r.label === q && live(r),
    (r) => /^\d+$/.test(q) && r.pid === Number(q),
    (r) => r.tty !== null && (r.tty === q || `/dev/${r.tty}` === q),
    (r) => r.terminal.tmuxPane !== undefined && r.terminal.tmuxPane === q,
    (r) => r.sessionId !== undefined && r.sessionId === q,
  ];
  for (const test of tests) {
    const hits = rows.filter(test);
    if (hits.length === 1) return { ok: true, row: hits[0]! };
    if (hits.length > 1) {
      // Two projects each with an "implementer" in their own tmux server: the asker's server decides.
      const mine = near.tmuxSocket !== undefined ? hits.filter((h) => rowTmuxSocket(h) === near.tmuxSocket) : [];
      if (mine.length === 1) return { ok: true, row: mine[0]! };
      return {
        ok: false,
        code: "ambiguous-agent",
        message: `"${q}" matches ${hits.length} agents (${hits.map((h) => h.id).join(", ")}); use an id.`,
      };
    }
  }
  return { ok: false, code: "unknown-agent", message: `No agent "${q}". Run \`mytty-team list\` to see ids.` };
}
