// The dashboard's rows: what needs you first, then every agent by terminal app and tab/pane.
// Pure: a snapshot in, rows out; the ink view and the key handling both read these rows.
import type { AgentRow, HeldRequest, Snapshot } from "@mytty-bar/engine";
import { agentFor, groupAgents, orderAttention, type AttentionRow } from "../view-model/model.js";

export type TuiRow =
  | { type: "heading"; text: string }
  | { type: "place"; text: string }
  | { type: "empty"; text: string }
  | { type: "attention"; key: string; item: AttentionRow; agent?: AgentRow }
  | { type: "agent"; key: string; agent: AgentRow };

export type SelectableRow = Extract<TuiRow, { key: string }>;

export function tuiRows(snapshot: Snapshot): TuiRow[] {
  const rows: TuiRow[] = [{ type: "heading", text: "Needs you" }];
  const items = orderAttention(snapshot.attention).filter((i) => i.actionable);
  if (items.length === 0) rows.push({ type: "empty", text: "Nothing needs you." });
  for (const item of items) {
    const agent = agentFor(snapshot, item);
    rows.push({ type: "attention", key: `item:${item.id}`, item, ...(agent ? { agent } : {}) });
  }
  rows.push({ type: "heading", text: "Agents" });
  if (snapshot.agents.length === 0) rows.push({ type: "empty", text: "No agents running." });
  for (const group of groupAgents(snapshot.agents)) {
    for (const place of group.places) {
      rows.push({ type: "place", text: group.app === "tmux" ? place.place : `${group.app} · ${place.place}` });
      for (const agent of place.agents) rows.push({ type: "agent", key: `agent:${agent.id}`, agent });
    }
  }
  return rows;
}

export function selectable(rows: readonly TuiRow[]): SelectableRow[] {
  return rows.filter((r): r is SelectableRow => "key" in r);
}

/** Keeps the selection on the same row across snapshots; falls back to the nearest index. */
export function keepSelection(rows: readonly TuiRow[], previousKey: string | undefined, previousIndex: number): number {
  const list = selectable(rows);
  if (list.length === 0) return 0;
  const found = previousKey ? list.findIndex((r) => r.key === previousKey) : -1;
  return found >= 0 ? found : Math.min(Math.max(0, previousIndex), list.length - 1);
}

/** The agent Enter jumps to for a selected row. */
export function jumpTarget(row: SelectableRow | undefined): AgentRow | undefined {
  return row?.agent;
}

/** The items A acknowledges: the item itself, or every actionable item of the selected agent. */
export function acknowledgeTargets(row: SelectableRow | undefined, snapshot: Snapshot): string[] {
  if (!row) return [];
  if (row.type === "attention") return [row.item.id];
  return snapshot.attention.filter((i) => i.actionable && i.agentId === row.agent.id).map((i) => i.id);
}

/**
 * The held request the answer keys act on: the selected row's agent's, read from the newest snapshot (a row
 * drawn a moment ago may already have been answered elsewhere; the engine refuses a stale id anyway).
 */
export function answerTarget(row: SelectableRow | undefined, snapshot: Snapshot): HeldRequest | undefined {
  const id = row?.agent?.id;
  return id === undefined ? undefined : snapshot.agents.find((a) => a.id === id)?.request;
}

/**
 * The rows that fit in `height` lines, keeping the selected row in view. Headings and places count
 * one line each; a cut is marked by a "more" line so the user knows to scroll.
 */
export function visibleRows(rows: readonly TuiRow[], selectedKey: string | undefined, height: number): TuiRow[] {
  if (rows.length <= height) return [...rows];
  const room = Math.max(1, height - 2);
  const at = Math.max(
    0,
    rows.findIndex((r) => "key" in r && r.key === selectedKey),
  );
  const start = Math.min(Math.max(0, at - Math.floor(room / 2)), rows.length - room);
  const out: TuiRow[] = rows.slice(start, start + room);
  if (start > 0) out.unshift({ type: "empty", text: `↑ ${start} more` });
  const below = rows.length - (start + room);
  if (below > 0) out.push({ type: "empty", text: `↓ ${below} more` });
  return out;
}
