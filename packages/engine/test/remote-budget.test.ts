// What one watched host may send per second (remote/host-budget.ts, docs/remote.md#what-a-host-can-send).
import { describe, expect, it } from "vitest";
import { createHostBudget, REMOTE_FILES_PER_SECOND, REMOTE_LISTINGS_PER_SECOND } from "../src/remote/host-budget.js";

describe("a host's budget", () => {
  it("takes the cap of each kind within one second, refuses the next, and starts again the next second", () => {
    const budget = createHostBudget();
    const t = 1_700_000_000_000;
    const listings = Array.from({ length: REMOTE_LISTINGS_PER_SECOND + 1 }, (_, i) => budget.take("ps", t + i));
    expect(listings).toEqual([...Array<boolean>(REMOTE_LISTINGS_PER_SECOND).fill(true), false]);
    // Files have their own count: listings used up take none of theirs.
    const files = Array.from({ length: REMOTE_FILES_PER_SECOND + 1 }, () => budget.take("file", t + 500));
    expect(files.filter(Boolean)).toHaveLength(REMOTE_FILES_PER_SECOND);
    expect(files.at(-1)).toBe(false);
    expect(budget.take("ps", t + 1000)).toBe(true);
  });
});
