// Finding an agent from what a user or a worker typed: id, label, pid, tty or tmux pane.
import type { AgentRow } from "./snapshot.js";

export type Resolved = { ok: true; row: AgentRow } | { ok: false; code: "unknown-agent" | "ambiguous-agent"; message: string };

export function resolveAgent(rows: readonly AgentRow[], query: string): Resolved {
  const q = query.trim();
  const tests: Array<(r: AgentRow) => boolean> = [
    (r) => r.id === q,
    (r) => r.label !== undefined && r.label === q,
    (r) => /^\d+$/.test(q) && r.pid === Number(q),
    (r) => r.tty !== null && (r.tty === q || `/dev/${r.tty}` === q),
    (r) => r.terminal.tmuxPane !== undefined && r.terminal.tmuxPane === q,
    (r) => r.sessionId !== undefined && r.sessionId === q,
  ];
  for (const test of tests) {
    const hits = rows.filter(test);
    if (hits.length === 1) return { ok: true, row: hits[0]! };
    if (hits.length > 1) {
      return { ok: false, code: "ambiguous-agent", message: `"${q}" matches ${hits.length} agents (${hits.map((h) => h.id).join(", ")}); use an id.` };
    }
  }
  return { ok: false, code: "unknown-agent", message: `No agent "${q}". Run \`mytty-team list\` to see ids.` };
}
