// Pane rows read back from tmux, and the pure choice of where the next worker pane goes.
import { PANE_FIELDS, type SplitDirection } from "./argv.js";

export interface PaneInfo {
  paneId: string;
  pid: number | null;
  sessionId: string;
  windowId: string;
  width: number;
  height: number;
  dead: boolean;
  label?: string;
  /** Agent id written by `spawn` (`<provider>-<pid>`). */
  agentId?: string;
}

export function parsePanes(stdout: string): PaneInfo[] {
  const panes: PaneInfo[] = [];
  for (const line of stdout.split("\n")) {
    const cells = line.split("\t");
    if (cells.length < PANE_FIELDS.length || !/^%\d+$/.test(cells[0] ?? "")) continue;
    const [paneId = "", pid, sessionId = "", windowId = "", width, height, dead, label, agentId] = cells;
    panes.push({
      paneId,
      pid: /^\d+$/.test(pid ?? "") ? Number(pid) : null,
      sessionId,
      windowId,
      width: Number(width) || 0,
      height: Number(height) || 0,
      dead: dead === "1",
      ...(label ? { label } : {}),
      ...(agentId ? { agentId } : {}),
    });
  }
  return panes;
}

export interface SplitChoice {
  target: string;
  direction: SplitDirection;
}

/**
 * Explicit direction: split the caller's pane that way. `auto`: the caller keeps its half; later
 * workers split the largest worker pane, each along its longer side (a cell is ~twice as tall as
 * wide), so N workers end up in an even grid beside the caller.
 */
export function chooseSplit(
  window: readonly PaneInfo[],
  caller: string,
  direction: SplitDirection | "auto",
): SplitChoice {
  if (direction !== "auto") return { target: caller, direction };
  const workers = window.filter((pane) => pane.agentId !== undefined && pane.paneId !== caller && !pane.dead);
  const pool = workers.length > 0 ? workers : window.filter((pane) => pane.paneId === caller);
  let target = pool[0];
  for (const pane of pool)
    if (target === undefined || pane.width * pane.height > target.width * target.height) target = pane;
  if (target === undefined) return { target: caller, direction: "right" };
  return { target: target.paneId, direction: target.width >= target.height * 2 ? "right" : "down" };
}
