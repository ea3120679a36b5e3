// scopedSource / withinTree: detection limited to one process tree (MYTTY_BAR_SCAN_UNDER).
import { expect, it } from "vitest";
import { scopedSource, withinTree, type ProcessInfo, type ProcessSource } from "../src/index.js";

const p = (pid: number, ppid: number): ProcessInfo => ({
  pid,
  ppid,
  pgid: pid,
  tpgid: -1,
  tty: null,
  startTime: "0",
  argv: [`p${pid}`],
});

// 1 ← 10 (root) ← 11 ← 12, 10 ← 13; 1 ← 20 ← 21 (someone else's); 30 ↔ 31 a parent loop.
const table = [p(1, 0), p(10, 1), p(11, 10), p(12, 11), p(13, 10), p(20, 1), p(21, 20), p(30, 31), p(31, 30)];

it("keeps the root and its descendants, nothing above or beside it, and survives a parent loop", () => {
  expect(withinTree(table, 10).map((x) => x.pid)).toEqual([10, 11, 12, 13]);
  expect(withinTree(table, 21).map((x) => x.pid)).toEqual([21]);
  expect(withinTree(table, 99)).toEqual([]);
});

it("filters what the source lists and passes environ and cwd through", async () => {
  const source: ProcessSource = {
    list: async () => table,
    environ: async (pid) => ({ PID: String(pid) }),
    cwd: async (pid) => `/w/${pid}`,
  };
  const scoped = scopedSource(source, 11);
  expect((await scoped.list()).map((x) => x.pid)).toEqual([11, 12]);
  expect(await scoped.environ(21)).toEqual({ PID: "21" });
  expect(await scoped.cwd(12)).toBe("/w/12");
});
