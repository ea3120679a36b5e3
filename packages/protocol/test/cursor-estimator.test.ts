// Cursor approval estimate (docs/providers.md#cursor-cli) with a fake clock: times are explicit `now` values.
import { describe, expect, it } from "vitest";
import {
  dueCursorApprovals,
  emptyEstimator,
  mapPayload,
  nextCursorDeadline,
  observeCursorEvent,
  syntheticId,
  CURSOR_APPROVAL_DELAY_MS,
} from "@mytty-bar/protocol";
import type { AgentEvent, CursorEstimatorState } from "@mytty-bar/protocol";
import { T0 } from "./events.js";
import { fixtureEvent, loadFixture } from "./fixtures.js";

const now = (ms: number) => new Date(T0 + ms);

function cursor(name: string, patch: Record<string, unknown> = {}): AgentEvent {
  const r = mapPayload({
    provider: "cursor",
    event: fixtureEvent("cursor", name),
    payload: { ...loadFixture("cursor", name), ...patch },
    now: now(0),
  });
  if (r.status !== "mapped") throw new Error(`cursor/${name} did not map`);
  return r.event;
}

function feed(events: [number, AgentEvent][], state: CursorEstimatorState = emptyEstimator()): CursorEstimatorState {
  return events.reduce((s, [t, e]) => observeCursorEvent(s, e, now(t)), state);
}

describe("cursor approval estimate", () => {
  it("fires once, 10 s after a preToolUse without postToolUse", () => {
    const pre = cursor("preToolUse");
    const state = feed([[0, pre]]);
    expect(nextCursorDeadline(state)).toBe(T0 + CURSOR_APPROVAL_DELAY_MS);
    expect(dueCursorApprovals(state, now(9_999)).events).toEqual([]);
    const due = dueCursorApprovals(state, now(10_000));
    expect(due.events).toEqual([
      {
        v: 1,
        id: syntheticId("cursor-approval", pre.runId, "toolu_del_01"),
        provider: "cursor",
        kind: "approval-requested",
        runKey: pre.runKey,
        runId: pre.runId,
        sessionId: pre.sessionId,
        hook: "mytty-bar.cursorApprovalPending",
        at: now(10_000).toISOString(),
        message: "Delete requires approval",
        toolName: "Delete",
        toolUseId: "toolu_del_01",
        synthetic: true,
      },
    ]);
    expect(due.state.pending).toEqual([]);
    expect(nextCursorDeadline(due.state)).toBeUndefined();
    expect(dueCursorApprovals(due.state, now(60_000)).events).toEqual([]);
  });

  it("postToolUse and postToolUseFailure cancel their own call only", () => {
    const a = cursor("preToolUse");
    const b = cursor("preToolUse", { tool_use_id: "toolu_sh_02", tool_name: "Shell" });
    const state = feed([
      [0, a],
      [1, b],
      [2_000, cursor("postToolUseFailure")],
    ]);
    expect(dueCursorApprovals(state, now(20_000)).events.map((e) => e.toolUseId)).toEqual(["toolu_del_01"]);
    const both = feed([[3_000, cursor("postToolUse")]], state);
    expect(dueCursorApprovals(both, now(20_000)).events).toEqual([]);
  });

  it("pairs ids sanitised the same way (newline in tool_use_id)", () => {
    const state = feed([
      [0, cursor("preToolUse-newline-id")],
      [500, cursor("postToolUse-newline-id")],
    ]);
    expect(state.pending).toEqual([]);
    expect(dueCursorApprovals(state, now(20_000)).events).toEqual([]);
  });

  it("strips control characters from hand-fed ids instead of rejecting them", () => {
    const pre = { ...cursor("preToolUse"), toolUseId: "id\u0007-1" };
    const post = { ...cursor("postToolUse"), toolUseId: "id-1" };
    expect(feed([[0, pre]]).pending.map((p) => p.toolUseId)).toEqual(["id-1"]);
    expect(
      feed([
        [0, pre],
        [1, post],
      ]).pending,
    ).toEqual([]);
  });

  it("a stop of any outcome cancels every key of the run, and a later preToolUse of it does not arm", () => {
    for (const stop of ["stop", "stop-error", "stop-aborted"]) {
      const state = feed([
        [0, cursor("preToolUse")],
        [1, cursor("preToolUse", { tool_use_id: "t2" })],
        [2, cursor(stop)],
        [3, cursor("preToolUse", { tool_use_id: "t3" })],
      ]);
      expect(state.pending).toEqual([]);
    }
  });

  it("keys per tool call: back-to-back preToolUse calls each fire; re-registration keeps the first deadline", () => {
    const state = feed([
      [0, cursor("preToolUse")],
      [4_000, cursor("preToolUse", { tool_use_id: "t2" })],
      [8_000, cursor("preToolUse")],
    ]);
    expect(state.pending.map((p) => [p.toolUseId, p.deadline - T0])).toEqual([
      ["toolu_del_01", 10_000],
      ["t2", 14_000],
    ]);
    const first = dueCursorApprovals(state, now(10_000));
    expect(first.events.map((e) => e.toolUseId)).toEqual(["toolu_del_01"]);
    expect(nextCursorDeadline(first.state)).toBe(T0 + 14_000);
    expect(dueCursorApprovals(first.state, now(14_000)).events.map((e) => e.toolUseId)).toEqual(["t2"]);
  });

  it("a retried preToolUse after its call finished or fired does not arm again", () => {
    const finished = feed([
      [0, cursor("preToolUse")],
      [1, cursor("postToolUse")],
      [2, cursor("preToolUse")],
    ]);
    expect(finished.pending).toEqual([]);
    const fired = dueCursorApprovals(feed([[0, cursor("preToolUse")]]), now(10_000)).state;
    expect(feed([[11_000, cursor("preToolUse")]], fired).pending).toEqual([]);
  });

  it("ignores synthetic events fed back, other providers, and preToolUse without an id", () => {
    const pre = cursor("preToolUse");
    const synthetic = dueCursorApprovals(feed([[0, pre]]), now(10_000)).events[0]!;
    const empty = emptyEstimator();
    expect(observeCursorEvent(empty, synthetic, now(0))).toBe(empty);
    expect(observeCursorEvent(empty, { ...pre, provider: "codex" }, now(0))).toBe(empty);
    expect(observeCursorEvent(empty, { ...pre, toolUseId: "\n" }, now(0))).toBe(empty);
    const { toolUseId: _drop, ...noId } = pre;
    expect(observeCursorEvent(empty, noId, now(0))).toBe(empty);
  });
});
