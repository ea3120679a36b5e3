// Attention items (docs/architecture.md#runs-and-attention): what deserves the user's eye, derived from applied events.
import type { AgentEvent } from "./event.js";
import type { Run } from "./run.js";
import type { RunState } from "./kinds.js";
import { isWaiting } from "./kinds.js";
import { ATTENTION_RETENTION_MS } from "./attention.js";
import type { AttentionItem, AttentionKind } from "./attention.js";
import { indexItem, itemIndex } from "./tracker-index.js";

const REQUEST_KINDS: readonly AttentionKind[] = ["approval-request", "input-request"];

function ms(iso: string): number {
  return Date.parse(iso);
}

/**
 * The item an applied event creates, if any. Completions count only when the run worked at least
 * `completionThresholdMs` (a quick answer needs no banner); an unknown start means no completion item.
 */
export function itemKindFor(event: AgentEvent, run: Run, completionThresholdMs: number): AttentionKind | undefined {
  switch (event.kind) {
    case "input-requested":
      return "input-request";
    case "approval-requested":
      return "approval-request";
    case "failed":
      return "failure";
    case "succeeded":
      return run.startedAt !== undefined && ms(event.at) - ms(run.startedAt) >= completionThresholdMs
        ? "completion"
        : undefined;
    default:
      return undefined;
  }
}

/** `toISOString()`'s form (UTC, milliseconds): two of these order as strings exactly as in time. */
const canonical = (iso: string) => iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ && iso.charCodeAt(10) === 84;

/** b's time minus a's, by comparing the strings when both are canonical (no Date.parse in sorts and scans). */
function newerFirst(a: string, b: string): number {
  if (canonical(a) && canonical(b)) return a === b ? 0 : b > a ? 1 : -1;
  return ms(b) - ms(a);
}

/** Newest first; ties by id descending (a stable order for lists and tests). */
export function compareItems(a: AttentionItem, b: AttentionItem): number {
  const byTime = newerFirst(a.createdAt, b.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Updates items for one applied event of `run` (its state after the event) that left `previous`:
 * resolves the run's open requests when the run leaves a waiting state, then adds the new item.
 */
export function reduceAttention(
  items: readonly AttentionItem[],
  event: AgentEvent,
  run: Run,
  previous: RunState,
  completionThresholdMs: number,
): { items: AttentionItem[]; created: AttentionItem[] } {
  const next = isWaiting(previous)
    ? items.map((item) =>
        item.runId === run.id && item.resolvedAt === undefined && REQUEST_KINDS.includes(item.kind)
          ? { ...item, resolvedAt: event.at }
          : item,
      )
    : [...items];
  const kind = itemKindFor(event, run, completionThresholdMs);
  if (kind === undefined || next.some((item) => item.id === event.id)) return { items: next, created: [] };
  const item: AttentionItem = { id: event.id, kind, provider: event.provider, runId: run.id, createdAt: event.at };
  if (event.message !== undefined) item.message = event.message;
  if (event.toolName !== undefined) item.toolName = event.toolName;
  // New items are almost always the newest: insert in place instead of re-sorting the list.
  let index = 0;
  while (index < next.length && compareItems(next[index]!, item) < 0) index += 1;
  next.splice(index, 0, item);
  return { items: next, created: [item] };
}

/**
 * reduceAttention on a list the caller owns (the engine's tracker): the same result, written into
 * `items`, at a cost that does not grow with the items retained (the run's open requests are indexed).
 */
export function reduceAttentionInPlace(
  items: AttentionItem[],
  event: AgentEvent,
  run: Run,
  previous: RunState,
  completionThresholdMs: number,
): AttentionItem[] {
  const index = itemIndex(items);
  const open = isWaiting(previous) ? index.open.get(run.id) : undefined;
  if (open) {
    index.open.delete(run.id);
    for (const item of open) {
      // Newest first, and a run's open request is recent: the search stops near the front.
      const at = items.indexOf(item);
      if (at !== -1) items[at] = { ...item, resolvedAt: event.at };
    }
  }
  const kind = itemKindFor(event, run, completionThresholdMs);
  if (kind === undefined || index.ids.has(event.id)) return [];
  const item: AttentionItem = { id: event.id, kind, provider: event.provider, runId: run.id, createdAt: event.at };
  if (event.message !== undefined) item.message = event.message;
  if (event.toolName !== undefined) item.toolName = event.toolName;
  let at = 0;
  while (at < items.length && compareItems(items[at]!, item) < 0) at += 1;
  items.splice(at, 0, item);
  indexItem(index, item);
  return [item];
}

/** Marks an item acknowledged; several acks → the earliest wins. Unknown ids change nothing. */
export function acknowledgeItem(items: readonly AttentionItem[], itemId: string, at: Date): AttentionItem[] {
  const iso = at.toISOString();
  return items.map((item) => {
    if (item.id !== itemId) return item;
    if (item.acknowledgedAt !== undefined && ms(item.acknowledgedAt) <= at.getTime()) return item;
    return { ...item, acknowledgedAt: iso };
  });
}

/** Items survive until 24 h after min(resolvedAt, acknowledgedAt); open items never expire. */
export function retainedItems(items: readonly AttentionItem[], now: Date): AttentionItem[] {
  return items.filter((item) => {
    const ends = [item.resolvedAt, item.acknowledgedAt].filter((t): t is string => t !== undefined).map(ms);
    if (ends.length === 0) return true;
    return now.getTime() < Math.min(...ends) + ATTENTION_RETENTION_MS;
  });
}

export function isActionable(item: AttentionItem): boolean {
  return item.resolvedAt === undefined && item.acknowledgedAt === undefined;
}
