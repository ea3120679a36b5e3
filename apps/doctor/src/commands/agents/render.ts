// Views of a scan: the JSON contract (docs/architecture.md#contracts) and a table for people. Wording lives here.
import { agentName } from "@mytty-bar/protocol";
import type { DetectedAgent, TerminalLocation } from "@mytty-bar/detect";

export interface AgentRow {
  tty: string | null;
  pid: number;
  provider: DetectedAgent["provider"];
  via: DetectedAgent["via"];
  executable: string;
  variant?: "gemini" | "antigravity";
  argv: string[];
  startTime: string;
  terminal: TerminalLocation;
}

/** `mytty-doctor agents --json` rows: the contract's fields first, extras after. */
export function toRows(agents: readonly DetectedAgent[]): AgentRow[] {
  return agents.map((a) => {
    const row: AgentRow = {
      tty: a.tty,
      pid: a.pid,
      provider: a.provider,
      via: a.via,
      executable: a.executable,
      argv: a.argv,
      startTime: a.startTime,
      terminal: a.terminal,
    };
    if (a.variant) row.variant = a.variant;
    return row;
  });
}

const VIA_TEXT: Record<DetectedAgent["via"], string> = {
  process: "process",
  descendant: "under wrapper",
  hint: "MYTTY_AGENT",
};

export function whereText(t: TerminalLocation): string {
  const parts: string[] = [];
  if (t.app && t.app !== "tmux") parts.push(t.app);
  if (t.tmuxPane)
    parts.push(`tmux ${t.tmuxPane}${t.tmuxSession !== undefined ? ` (${t.tmuxSession}:${t.tmuxWindow ?? "?"})` : ""}`);
  else if (t.app === "tmux") parts.push("tmux");
  if (t.remote) parts.push(`remote ${t.remote}`);
  return parts.length > 0 ? parts.join(" · ") : "unknown host";
}

const EMPTY = [
  "No coding agents found in any terminal.",
  "If one runs through a wrapper we cannot see through (docker, a custom launcher), start it with",
  "MYTTY_AGENT=<provider> (codex, claude-code, opencode, antigravity, cursor) in its environment.",
].join("\n");

// The command line tells a script-launched agent apart better than its interpreter's path.
function command(a: DetectedAgent): string {
  const text = a.argv.length > 0 ? a.argv.join(" ") : a.executable;
  return text.length > 72 ? `${text.slice(0, 71)}…` : text;
}

/** An aligned table; `bold` adds ANSI emphasis for the header (TTY only). */
/** The line saying what the scan left out: other users' agents are never shown or joined (docs/detection.md). */
export function otherUsersLine(count: number, uid: number): string {
  const what = count === 1 ? "1 agent process of another user was" : `${count} agent processes of other users were`;
  return `${what} left out: only uid ${uid}'s processes are watched (mytty-doctor agents --all lists them).`;
}

export function renderTable(
  agents: readonly DetectedAgent[],
  options: { bold: boolean; at?: Date; otherUsers?: { count: number; uid: number } },
): string {
  const others = options.otherUsers !== undefined && options.otherUsers.count > 0 ? options.otherUsers : undefined;
  const tail = others !== undefined ? `${otherUsersLine(others.count, others.uid)}\n` : "";
  if (agents.length === 0) return `${EMPTY}\n${tail}`;
  const header = ["TTY", "PID", "AGENT", "FOUND BY", "WHERE", "COMMAND"];
  const rows = agents.map((a) => [
    a.tty ?? "-",
    String(a.pid),
    agentName(a),
    VIA_TEXT[a.via],
    whereText(a.terminal),
    command(a),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const head = line(header);
  const out = [options.bold ? `\x1b[1m${head}\x1b[0m` : head, ...rows.map(line)];
  const count = `${agents.length} agent${agents.length === 1 ? "" : "s"}`;
  out.push("", options.at ? `${count} · scanned ${options.at.toLocaleTimeString()}` : count);
  return `${out.join("\n")}\n${tail}`;
}
