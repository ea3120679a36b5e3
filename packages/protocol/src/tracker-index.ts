// Indexes over a TrackerState the caller owns (applyEvent's `inPlace`): the seen ids as a Set, the open
// runs of each scope, the Attention items by id and the open requests by run. Kept beside the state in
// WeakMaps keyed by the very array/record they describe, so a state replaced by a copy (prune, ack) is
// indexed again on first use and the JSON shape of TrackerState stays what it was.
import type { AttentionItem } from "./attention.js";
import type { Run } from "./run.js";
import { isTerminal } from "./kinds.js";

const seenSets = new WeakMap<readonly string[], Set<string>>();
const scopeIndexes = new WeakMap<Record<string, Run>, Map<string, Set<string>>>();
const itemIndexes = new WeakMap<readonly AttentionItem[], ItemIndex>();

export interface ItemIndex {
  ids: Set<string>;
  /** runId → its unresolved approval/input requests. */
  open: Map<string, Set<AttentionItem>>;
}

const REQUEST_KINDS: ReadonlySet<AttentionItem["kind"]> = new Set(["approval-request", "input-request"]);

export function seenSet(seen: readonly string[]): Set<string> {
  let set = seenSets.get(seen);
  if (!set) seenSets.set(seen, (set = new Set(seen)));
  return set;
}

/** Appends `id` to the caller-owned list, forgetting the oldest beyond `limit` (the list never repeats an id). */
export function rememberInPlace(seen: string[], id: string, limit: number): void {
  const set = seenSet(seen);
  if (set.has(id)) return;
  seen.push(id);
  set.add(id);
  while (seen.length > limit) set.delete(seen.shift()!);
}

/** Open runs (supersede candidates): worked on, not finished, not closed by a rule. */
export function isOpenRun(run: Run): boolean {
  return run.state !== "unknown" && !isTerminal(run.state) && run.closedBy === undefined;
}

function scopeIndex(runs: Record<string, Run>): Map<string, Set<string>> {
  let index = scopeIndexes.get(runs);
  if (!index) {
    index = new Map();
    for (const run of Object.values(runs)) if (run.scope !== undefined && isOpenRun(run)) add(index, run.scope, run.id);
    scopeIndexes.set(runs, index);
  }
  return index;
}

/** Ids of the open runs of `scope` (may name runs pruned since: callers look each one up). */
export function openRunIds(runs: Record<string, Run>, scope: string): string[] {
  return [...(scopeIndex(runs).get(scope) ?? [])];
}

/** Keeps the scope index right after `run` was written into `runs`. */
export function indexRun(runs: Record<string, Run>, run: Run): void {
  if (run.scope === undefined) return;
  const index = scopeIndex(runs);
  if (isOpenRun(run)) add(index, run.scope, run.id);
  else index.get(run.scope)?.delete(run.id);
}

export function itemIndex(items: readonly AttentionItem[]): ItemIndex {
  let index = itemIndexes.get(items);
  if (!index) {
    index = { ids: new Set(), open: new Map() };
    for (const item of items) indexItem(index, item);
    itemIndexes.set(items, index);
  }
  return index;
}

export function indexItem(index: ItemIndex, item: AttentionItem): void {
  index.ids.add(item.id);
  if (item.resolvedAt === undefined && REQUEST_KINDS.has(item.kind)) add(index.open, item.runId, item);
}

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}
