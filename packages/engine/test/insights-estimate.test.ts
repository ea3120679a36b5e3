// Turns → synthetic events: the same run ids the hooks use, settle rule, baseline, ESC idempotence.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { applyEvent, emptyTracker, runId, syntheticId } from "@mytty-bar/protocol";
import type { AgentEvent } from "@mytty-bar/protocol";
import {
  appearedEvent,
  emptyEstimate,
  estimateEvents,
  exitedEvent,
  nodeTranscriptSource,
  transcriptEvent,
  type EstimateInput,
  type EstimateState,
  type Turn,
} from "../src/insights/index.js";
import { DEFAULT_HEAD_BYTES, DEFAULT_TAIL_BYTES, readCodex } from "../src/insights/read.js";

const now = new Date("2026-11-29T10:00:00.000Z");
const base = { provider: "claude-code" as const, estimateRuns: true, settled: true, sessionId: "s1", now };

function step(state: EstimateState, input: Partial<EstimateInput> & { turns: Turn[] }) {
  return estimateEvents(state, { ...base, ...input });
}
const kinds = (events: AgentEvent[]) => events.map((e) => `${e.kind}:${e.runKey}`);

describe("estimateEvents", () => {
  it("reports only a turn still working on the first read (history is not replayed)", () => {
    const history: Turn[] = [
      { key: "p1", status: "finished", endedBy: "u1" },
      { key: "p2", status: "open" },
    ];
    const first = step(emptyEstimate(), { turns: history });
    expect(kinds(first.events)).toEqual(["started:p2"]);
    expect(first.events[0]).toMatchObject({
      provider: "claude-code",
      runId: runId("claude-code", "p2"),
      hook: "mytty-bar.transcript.started",
      synthetic: true,
      sessionId: "s1",
      at: "2026-11-29T10:00:00.000Z",
    });
    const quiet = step(emptyEstimate(), { turns: [{ key: "p1", status: "finished", endedBy: "u1" }] });
    expect(quiet.events).toEqual([]);
  });

  it("reports a finish only once the file held still, then never again", () => {
    let state = step(emptyEstimate(), { turns: [] }).state;
    const open = step(state, { turns: [{ key: "p1", status: "open" }] });
    expect(kinds(open.events)).toEqual(["started:p1"]);
    state = open.state;
    const unsettled = step(state, { turns: [{ key: "p1", status: "finished", endedBy: "u9" }], settled: false });
    expect(unsettled.events).toEqual([]);
    expect(unsettled.pending).toBe(true);
    const settled = step(unsettled.state, { turns: [{ key: "p1", status: "finished", endedBy: "u9" }] });
    expect(kinds(settled.events)).toEqual(["succeeded:p1"]);
    expect(settled.events[0]?.id).toBe(syntheticId("claude-code", "transcript", "succeeded", "p1", "u9"));
    expect(settled.pending).toBe(false);
    expect(step(settled.state, { turns: [{ key: "p1", status: "finished", endedBy: "u9" }] }).events).toEqual([]);
  });

  it("reports a whole turn that started and finished between two reads", () => {
    const state = step(emptyEstimate(), { turns: [] }).state;
    const result = step(state, { turns: [{ key: "p1", status: "finished", endedBy: "u1" }] });
    expect(kinds(result.events)).toEqual(["started:p1", "succeeded:p1"]);
  });

  it("does not wait for the settle time when a newer turn proves the older one over", () => {
    const state = step(step(emptyEstimate(), { turns: [] }).state, { turns: [{ key: "p1", status: "open" }] }).state;
    const result = step(state, {
      turns: [
        { key: "p1", status: "finished", endedBy: "u1" },
        { key: "p2", status: "open" },
      ],
      settled: false,
    });
    expect(kinds(result.events)).toEqual(["succeeded:p1", "started:p2"]);
  });

  it("closes a reported run the transcript moved past without an end line", () => {
    const state = step(step(emptyEstimate(), { turns: [] }).state, { turns: [{ key: "p1", status: "open" }] }).state;
    const result = step(state, { turns: [{ key: "p2", status: "open" }] });
    expect(kinds(result.events)).toEqual(["started:p2", "idle:p1"]);
    expect(result.events[1]?.hook).toBe("mytty-bar.transcript.superseded");
  });

  it("ends an ESC-interrupted prompt with the fixed id, also with hooks installed; re-reading is a no-op", () => {
    const interruption = { promptId: "p1", interruptedMessageId: "m1" };
    const turns: Turn[] = [{ key: "p1", status: "interrupted", endedBy: "u2", interruptedMessageId: "m1" }];
    const first = step(emptyEstimate(), { turns, interruption, estimateRuns: false });
    expect(first.events).toHaveLength(1);
    expect(first.events[0]).toMatchObject({
      kind: "idle",
      runKey: "p1",
      runId: runId("claude-code", "p1"),
      id: syntheticId("claude-code", "interrupted", "p1", "m1"),
      hook: "mytty-bar.transcript.interrupted",
    });
    expect(step(first.state, { turns, interruption, estimateRuns: false }).events).toEqual([]);
    // A second interrupt of the same prompt (another message) ends it again.
    const again = step(first.state, {
      turns,
      interruption: { promptId: "p1", interruptedMessageId: "m2" },
      estimateRuns: false,
    });
    expect(again.events.map((e) => e.id)).toEqual([syntheticId("claude-code", "interrupted", "p1", "m2")]);
  });

  it("with hooks installed reports no starts or finishes", () => {
    const turns: Turn[] = [{ key: "p1", status: "open" }];
    const state = step(emptyEstimate(), { turns: [], estimateRuns: false }).state;
    expect(step(state, { turns, estimateRuns: false }).events).toEqual([]);
    expect(
      step(state, { turns: [{ key: "p1", status: "finished", endedBy: "x" }], estimateRuns: false }).events,
    ).toEqual([]);
  });

  it("drives the protocol tracker running → succeeded and never into a waiting state", () => {
    let tracker = emptyTracker();
    let state = step(emptyEstimate(), { turns: [] }).state;
    const seen: string[] = [];
    for (const turns of [
      [{ key: "p1", status: "open" }],
      [{ key: "p1", status: "finished", endedBy: "u" }],
    ] as Turn[][]) {
      const result = step(state, { turns });
      state = result.state;
      for (const event of result.events) {
        const applied = applyEvent(tracker, event, { completionThresholdMs: 300_000 });
        tracker = applied.state;
        seen.push(applied.run?.state ?? "none");
      }
    }
    expect(seen).toEqual(["running", "succeeded"]);
    expect(tracker.attention).toEqual([]);
  });
});

describe("process lifecycle events", () => {
  it("puts a newly seen hookless agent idle on its session run and disconnects its newest run on exit", () => {
    const appeared = appearedEvent({ provider: "codex", processTag: "42@1", sessionId: "s9", now });
    expect(appeared).toMatchObject({
      kind: "idle",
      runKey: "s9",
      runId: runId("codex", "s9"),
      hook: "mytty-bar.transcript.processAppeared",
    });
    const exited = exitedEvent({ provider: "codex", processTag: "42@1", runKey: "t7", now });
    expect(exited).toMatchObject({
      kind: "disconnected",
      runKey: "t7",
      runId: runId("codex", "t7"),
      message: "Process exited",
    });
    expect(exitedEvent({ provider: "codex", processTag: "43@2", runKey: "t7", now }).id).not.toBe(exited.id);
  });
});

describe("a Codex API error, which fires no hook (Codex 0.169/0.171 have no StopFailure)", () => {
  const fixture = fileURLToPath(
    new URL(
      "../../../fixtures/transcripts/codex/rollout-2026-12-01T10-15-00-019d9a10-3b2c-7d40-8e51-6f7a8b9c0d1e.jsonl",
      import.meta.url,
    ),
  );
  const TURN = "019d9a10-5c31-7e52-9f63-7a8b9c0d1e2f";

  it("ends the hook-started turn failed with the rollout's error message, once", async () => {
    const source = nodeTranscriptSource();
    const stamp = (await source.stat(fixture))!;
    const summary = await readCodex(source, fixture, stamp, undefined, {
      tailBytes: DEFAULT_TAIL_BYTES,
      headBytes: DEFAULT_HEAD_BYTES,
    });
    expect(summary.turns).toEqual([
      {
        key: TURN,
        status: "failed",
        endedBy: "2026-12-01T10:15:41.500Z",
        errorMessage: "unexpected status 502 Bad Gateway: upstream connect error",
      },
    ]);
    // What UserPromptSubmit put there: the run of turn_id, running.
    let tracker = applyEvent(
      emptyTracker(),
      transcriptEvent({
        provider: "codex",
        kind: "started",
        runKey: TURN,
        id: "hook-started",
        hook: "UserPromptSubmit",
        now,
      }),
    ).state;
    const input = { provider: "codex" as const, turns: summary.turns, failure: summary.failure, estimateRuns: false };
    const result = step(emptyEstimate(), input);
    expect(result.events).toHaveLength(1);
    for (const event of result.events) tracker = applyEvent(tracker, event).state;
    expect(tracker.runs[runId("codex", TURN)]).toMatchObject({
      state: "failed",
      message: "unexpected status 502 Bad Gateway: upstream connect error",
    });
    expect(step(result.state, input).events).toEqual([]);
  });
});
