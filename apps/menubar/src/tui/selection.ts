// Where the dashboard's cursor is, and when a new held request takes it. Pure: rows and `now` in, the
// next selection out; app.tsx keeps the state and feeds it every snapshot and every key.
import type { HeldRequest } from "@mytty-bar/engine";
import { keepSelection, selectable, type SelectableRow, type TuiRow } from "./model.js";

/** A move this recent means the user is on their way somewhere: a new request does not take the cursor. */
export const MOVED_RECENTLY_MS = 3000;

export interface Selection {
  index: number;
  key?: string;
  /** When the user last moved the cursor (epoch ms). */
  movedAt?: number;
  /** Held request ids already seen: only a request not seen before takes the cursor. */
  seen: readonly string[];
}

export const START: Selection = { index: 0, seen: [] };

/** The rows in "Needs you" whose agent holds a request, newest item first (as tuiRows orders them by kind). */
function heldRows(rows: readonly TuiRow[]): Array<Extract<SelectableRow, { type: "attention" }>> {
  return rows
    .filter((r): r is Extract<SelectableRow, { type: "attention" }> => r.type === "attention" && !!r.agent?.request)
    .sort((a, b) => b.item.createdAt.localeCompare(a.item.createdAt));
}

/**
 * After a snapshot: the newest held request not seen before takes the cursor, unless the user moved
 * it in the last MOVED_RECENTLY_MS. Either way it is seen then (the cursor never jumps later, out of the blue).
 */
export function followNewRequest(rows: readonly TuiRow[], selection: Selection, now: number): Selection {
  const held = heldRows(rows);
  const ids = held.map((r) => (r.agent?.request as HeldRequest).id);
  const fresh = held.find((r) => !selection.seen.includes((r.agent?.request as HeldRequest).id));
  const same = ids.length === selection.seen.length && ids.every((id, i) => selection.seen[i] === id);
  // Nothing new: the very same object, so React skips the update (the effect runs on every snapshot).
  if (!fresh && same) return selection;
  // Only the requests still held are remembered: the list stays as short as "Needs you".
  const next: Selection = { ...selection, seen: ids };
  if (!fresh) return next;
  const moving = selection.movedAt !== undefined && now - selection.movedAt < MOVED_RECENTLY_MS;
  if (moving) return next;
  const index = selectable(rows).findIndex((r) => r.key === fresh.key);
  return { ...next, index, key: fresh.key };
}

/** The user moved the cursor by `delta` rows (from where it is now in `rows`). */
export function moveSelection(rows: readonly TuiRow[], selection: Selection, delta: number, now: number): Selection {
  const list = selectable(rows);
  const from = keepSelection(rows, selection.key, selection.index);
  const index = Math.min(Math.max(0, from + delta), Math.max(0, list.length - 1));
  const key = list[index]?.key;
  return { index, seen: selection.seen, movedAt: now, ...(key !== undefined ? { key } : {}) };
}
