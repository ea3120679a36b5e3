// What one watched host may send per second (docs/remote.md#what-a-host-can-send). Pure: the link asks with
// its clock's time. Past the budget a frame is dropped, so a flooding host costs the engine a count, not a
// parse and a scan: the local intake and the control socket keep their turn on the loop.

/** Listings handled per second: the engine asks for one a poll, and one more when a hook's parent is new. */
export const REMOTE_LISTINGS_PER_SECOND = 4;
/** Spool files handled per second: far over what hooks write; the excess stays on the host unacknowledged. */
export const REMOTE_FILES_PER_SECOND = 200;

export type BudgetKind = "ps" | "file";

export interface HostBudget {
  /** True when one more frame of this kind fits the current second. */
  take(kind: BudgetKind, nowMs: number): boolean;
}

const PER_SECOND: Record<BudgetKind, number> = { ps: REMOTE_LISTINGS_PER_SECOND, file: REMOTE_FILES_PER_SECOND };

export function createHostBudget(): HostBudget {
  const windows: Record<BudgetKind, { second: number; used: number }> = {
    ps: { second: -1, used: 0 },
    file: { second: -1, used: 0 },
  };
  return {
    take(kind, nowMs) {
      const window = windows[kind];
      const second = Math.floor(nowMs / 1000);
      if (window.second !== second) {
        window.second = second;
        window.used = 0;
      }
      if (window.used >= PER_SECOND[kind]) return false;
      window.used += 1;
      return true;
    },
  };
}
