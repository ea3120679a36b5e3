// compareItems orders Attention items newest first by comparing canonical ISO strings without Date.parse;
// the order must be the one Date.parse gives, for canonical and any other time form alike.
import { expect, it } from "vitest";
import type { AttentionItem } from "../src/attention.js";
import { compareItems } from "../src/attention-reducer.js";

const item = (id: string, createdAt: string) => ({ id, runId: "r", kind: "failure", createdAt }) as AttentionItem;

it("orders newest first, ties by id descending, the same as by Date.parse, across time forms", () => {
  const times = [
    "2026-11-02T08:00:00.000Z",
    "2026-11-02T08:00:00.001Z",
    "2026-11-02T09:00:00.000+01:00", // the same instant as the first, not canonical
    "2026-11-01T23:59:59.999Z",
    "2026-11-02T08:00:00Z",
    "2027-01-01T00:00:00.000Z",
  ];
  const items = times.flatMap((t, i) => [item(`a${i}`, t), item(`b${i}`, t)]);
  const byParse = [...items].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
  expect([...items].sort(compareItems).map((i) => i.id)).toEqual(byParse.map((i) => i.id));
  expect(compareItems(item("x", times[0]!), item("x", times[0]!))).toBe(0);
});
