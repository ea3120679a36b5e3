// Other users' agent processes a scan left out, as the snapshot and stats carry them: this machine's in
// `stats.leftOut`, a watched host's in its `hosts` entry (docs/detection.md#whose-agents-are-shown). Pure.
import type { LeftOutAgent } from "@mytty-bar/detect";
import { LEFT_OUT_SHOWN, type LeftOut } from "./snapshot.js";

/** The count and the first LEFT_OUT_SHOWN by pid; undefined when nothing was left out. */
export function leftOutSummary(agents: readonly LeftOutAgent[] | undefined): LeftOut | undefined {
  const all = [...(agents ?? [])].sort((a, b) => a.pid - b.pid);
  return all.length > 0 ? { count: all.length, agents: all.slice(0, LEFT_OUT_SHOWN) } : undefined;
}
