import { describe, expect, it } from "vitest";
import { acknowledgeTargets, jumpTarget, keepSelection, selectable, tuiRows, visibleRows } from "../src/tui/model.js";
import { busySnapshot, emptySnapshot } from "./fixtures/snapshots.js";

describe("dashboard rows", () => {
  it("lists actionable attention first, then agents by terminal and pane", () => {
    const rows = tuiRows(busySnapshot());
    expect(rows.map((r) => ("key" in r ? r.key : `${r.type}:${r.text}`))).toEqual([
      "heading:Needs you",
      "item:ev-approval-1",
      "item:ev-failure-1",
      "item:ev-done-1",
      "heading:Agents",
      "place:Ghostty · ttys012",
      "agent:antigravity-7070",
      "place:iTerm2 · tmux work:1 %3",
      "agent:codex-5151",
      "place:iTerm2 · ttys004",
      "agent:claude-code-4242",
      "place:Terminal · ttys010",
      "agent:cursor-6060",
    ]);
    expect(tuiRows(emptySnapshot()).map((r) => ("text" in r ? r.text : ""))).toEqual([
      "Needs you",
      "Nothing needs you.",
      "Agents",
      "No agents running.",
    ]);
  });

  it("keeps the selection on the same row when the list changes, else the nearest", () => {
    const rows = tuiRows(busySnapshot());
    expect(keepSelection(rows, "agent:codex-5151", 0)).toBe(4);
    expect(keepSelection(rows, "item:gone", 99)).toBe(selectable(rows).length - 1);
    expect(keepSelection(tuiRows(emptySnapshot()), "agent:codex-5151", 3)).toBe(0);
  });

  it("jumps to the item's agent and acknowledges the item, or all of an agent's items", () => {
    const snap = busySnapshot();
    const list = selectable(tuiRows(snap));
    expect(jumpTarget(list[1])?.id).toBe("cursor-6060");
    expect(acknowledgeTargets(list[0], snap)).toEqual(["ev-approval-1"]);
    expect(
      acknowledgeTargets(
        list.find((r) => r.key === "agent:claude-code-4242"),
        snap,
      ),
    ).toEqual(["ev-approval-1"]);
    expect(
      acknowledgeTargets(
        list.find((r) => r.key === "agent:codex-5151"),
        snap,
      ),
    ).toEqual([]);
  });

  it("shows a window of rows around the selection when the terminal is short", () => {
    const rows = tuiRows(busySnapshot());
    expect(visibleRows(rows, "item:ev-approval-1", 40)).toHaveLength(rows.length);
    const cut = visibleRows(rows, "agent:cursor-6060", 6);
    expect(cut.map((r) => ("key" in r ? r.key : `${r.type}:${r.text}`))).toEqual([
      "empty:↑ 9 more",
      "place:iTerm2 · ttys004",
      "agent:claude-code-4242",
      "place:Terminal · ttys010",
      "agent:cursor-6060",
    ]);
    const top = visibleRows(rows, "item:ev-approval-1", 6);
    expect(top.map((r) => ("key" in r ? r.key : `${r.type}:${r.text}`))).toEqual([
      "heading:Needs you",
      "item:ev-approval-1",
      "item:ev-failure-1",
      "item:ev-done-1",
      "empty:↓ 9 more",
    ]);
  });
});
