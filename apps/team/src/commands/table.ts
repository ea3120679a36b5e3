// `mytty-team list` as a table: pure rows → text, so tests compare exact output.
import type { AgentRow } from "@mytty-bar/engine/client";
import { say } from "../messages.js";

const COLUMNS: Array<{ title: string; cell: (r: AgentRow) => string; max: number }> = [
  { title: "ID", cell: (r) => r.id, max: 32 },
  { title: "LABEL", cell: (r) => r.label ?? "-", max: 24 },
  { title: "STATE", cell: (r) => r.state + (r.attention ? " !" : ""), max: 20 },
  { title: "TTY", cell: (r) => r.tty ?? "-", max: 12 },
  { title: "WHERE", cell: (r) => [r.terminal.app, r.terminal.tmuxPane].filter(Boolean).join(" ") || "-", max: 20 },
  { title: "CWD", cell: (r) => r.cwd ?? "-", max: 32 },
  { title: "MESSAGE", cell: (r) => r.note ?? r.message ?? "", max: 60 },
];

export function formatTable(rows: readonly AgentRow[]): string {
  if (rows.length === 0) return say.noAgents();
  const cells = rows.map((r) => COLUMNS.map((c) => clip(c.cell(r).replace(/[\p{Cc}]/gu, " "), c.max)));
  const widths = COLUMNS.map((c, i) => Math.max(c.title.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(COLUMNS.map((c) => c.title)), ...cells.map(line)].join("\n");
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}
