// The engine's compacted log holds runs as they were rather than every event: restoreRun puts one back
// into a tracker state the caller owns.
import type { AttentionItem } from "./attention.js";
import { compareItems } from "./attention-reducer.js";
import { runId } from "./ids.js";
import type { Run } from "./run.js";
import { DEFAULT_SEEN_LIMIT, type TrackerOptions, type TrackerState } from "./tracker.js";
import { indexItem, indexRun, itemIndex, rememberInPlace } from "./tracker-index.js";

/**
 * Puts back a run as it was when the log was compacted (the engine's snapshot lines), with its
 * Attention items; the state is the caller's and is updated in place. Its last event id is seen again,
 * so a retry of that hook call still dedupes after a restart.
 */
export function restoreRun(
  state: TrackerState,
  run: Run,
  items: readonly AttentionItem[],
  options: Pick<TrackerOptions, "seenLimit"> = {},
): void {
  state.runs[run.id] = run;
  indexRun(state.runs, run);
  if (run.generation > 0) {
    const base = runId(run.provider, run.runKey);
    const head = state.heads?.[base];
    if (head === undefined || (state.runs[head]?.generation ?? -1) < run.generation)
      (state.heads ??= {})[base] = run.id;
  }
  if (run.lastEventId !== undefined)
    rememberInPlace(state.seen, run.lastEventId, options.seenLimit ?? DEFAULT_SEEN_LIMIT);
  const index = itemIndex(state.attention);
  for (const item of items) {
    if (index.ids.has(item.id)) continue;
    // Binary search for the place (newest first): a restore of thousands of items stays n log n.
    let lo = 0;
    let hi = state.attention.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareItems(state.attention[mid]!, item) < 0) lo = mid + 1;
      else hi = mid;
    }
    state.attention.splice(lo, 0, item);
    indexItem(index, item);
  }
}
