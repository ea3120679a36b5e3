// Attention items (docs/architecture.md#runs-and-attention) as applyEvent produces them, plus acknowledge/prune/order.
import { describe, expect, it } from "vitest";
import {
  acknowledge,
  actionableItems,
  applyEvent,
  emptyTracker,
  pruneAttention,
  runId,
  DEFAULT_COMPLETION_THRESHOLD_MS,
} from "@mytty-bar/protocol";
import type { AgentEvent, AttentionItem, TrackerOptions, TrackerState } from "@mytty-bar/protocol";
import { T0, at, ev } from "./events.js";

function applyAll(events: AgentEvent[], options: TrackerOptions = {}): TrackerState {
  return events.reduce((state, event) => applyEvent(state, event, options).state, emptyTracker());
}

const HOUR = 3600_000;
const item = (id: string, createdAt: string, extra: Partial<AttentionItem> = {}): AttentionItem => ({
  id,
  kind: "failure",
  provider: "codex",
  runId: "r",
  createdAt,
  ...extra,
});

describe("items per applied event kind", () => {
  it("approval and input requests create request items carrying message and tool", () => {
    const approval = ev("approval-requested", { t: 1, message: "Bash requires approval", toolName: "Bash" });
    const state = applyAll([ev("started"), approval]);
    expect(state.attention).toEqual([
      {
        id: approval.id,
        kind: "approval-request",
        provider: "claude-code",
        runId: runId("claude-code", "prompt-1"),
        message: "Bash requires approval",
        toolName: "Bash",
        createdAt: at(1),
      },
    ]);
    const input = applyAll([ev("started"), ev("input-requested", { t: 1 })]);
    expect(input.attention.map((i) => i.kind)).toEqual(["input-request"]);
  });

  it("a failure always creates an item", () => {
    expect(
      applyAll([ev("started"), ev("failed", { t: 1, message: "529" })]).attention.map((i) => [i.kind, i.message]),
    ).toEqual([["failure", "529"]]);
  });

  it("a completion counts only after the threshold of work (default 5 min, inclusive)", () => {
    const done = (ms: number, options: TrackerOptions = {}) =>
      applyAll([ev("started"), ev("succeeded", { t: ms })], options).attention.map((i) => i.kind);
    expect(DEFAULT_COMPLETION_THRESHOLD_MS).toBe(300_000);
    expect(done(299_999)).toEqual([]);
    expect(done(300_000)).toEqual(["completion"]);
    expect(done(1_000, { completionThresholdMs: 1_000 })).toEqual(["completion"]);
    expect(done(999, { completionThresholdMs: 1_000 })).toEqual([]);
  });

  it("started, running, idle and disconnected create nothing; an ignored second approval neither", () => {
    const state = applyAll([
      ev("idle"),
      ev("started", { t: 1 }),
      ev("running", { t: 2 }),
      ev("approval-requested", { t: 3 }),
      ev("approval-requested", { t: 4 }),
      ev("disconnected", { t: 5 }),
    ]);
    expect(state.attention.map((i) => [i.kind, i.createdAt])).toEqual([["approval-request", at(3)]]);
  });
});

describe("resolution", () => {
  it("a request resolves at the first later applied event of its run that leaves the waiting state", () => {
    const state = applyAll([
      ev("started"),
      ev("approval-requested", { t: 1 }),
      ev("approval-requested", { t: 2 }), // ignored by the state machine: resolves nothing
      ev("running", { runKey: "other-run", t: 3 }),
      ev("running", { t: 4 }),
    ]);
    expect(state.attention.map((i) => i.resolvedAt)).toEqual([at(4)]);
  });

  it("failure and completion items never resolve", () => {
    const state = applyAll([
      ev("started"),
      ev("failed", { t: 1 }),
      ev("idle", { t: 2 }),
      ev("started", { runKey: "p2", t: 3 }),
    ]);
    expect(state.attention.map((i) => [i.kind, i.resolvedAt])).toEqual([["failure", undefined]]);
  });
});

describe("acknowledge, actionable, prune", () => {
  const base: TrackerState = {
    ...emptyTracker(),
    attention: [
      item("b", at(0)),
      item("a", at(0)),
      item("c", at(HOUR)),
      item("d", at(2 * HOUR), { resolvedAt: at(3 * HOUR) }),
    ],
  };

  it("the earliest acknowledgement wins", () => {
    const later = acknowledge(acknowledge(base, "a", new Date(T0 + 10)), "a", new Date(T0 + 20));
    const earlier = acknowledge(acknowledge(base, "a", new Date(T0 + 20)), "a", new Date(T0 + 10));
    expect(later.attention.find((i) => i.id === "a")?.acknowledgedAt).toBe(at(10));
    expect(earlier.attention.find((i) => i.id === "a")?.acknowledgedAt).toBe(at(10));
    expect(acknowledge(base, "nope", new Date(T0)).attention).toEqual(base.attention);
  });

  it("actionable = neither resolved nor acknowledged, newest first, ties by id descending", () => {
    expect(actionableItems(base).map((i) => i.id)).toEqual(["c", "b", "a"]);
    expect(actionableItems(acknowledge(base, "b", new Date(T0))).map((i) => i.id)).toEqual(["c", "a"]);
  });

  it("prunes 24 h after min(resolvedAt, acknowledgedAt); open items never expire", () => {
    const acked = acknowledge(base, "d", new Date(T0 + 2.5 * HOUR)); // before its resolvedAt
    const keep = pruneAttention(acked, new Date(T0 + 26.5 * HOUR - 1));
    const drop = pruneAttention(acked, new Date(T0 + 26.5 * HOUR));
    expect(keep.attention.map((i) => i.id)).toContain("d");
    expect(drop.attention.map((i) => i.id)).toEqual(["b", "a", "c"]);
    expect(pruneAttention(base, new Date(T0 + 1000 * HOUR)).attention.map((i) => i.id)).toEqual(["b", "a", "c"]);
  });

  it("items in state are kept newest first as they are created", () => {
    const state = applyAll([
      ev("started", { runKey: "x" }),
      ev("failed", { runKey: "x", t: 1 }),
      ev("started", { runKey: "y", t: 2 }),
      ev("failed", { runKey: "y", t: 3 }),
    ]);
    expect(state.attention.map((i) => i.createdAt)).toEqual([at(3), at(1)]);
  });
});
