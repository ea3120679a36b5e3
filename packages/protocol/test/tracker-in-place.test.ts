// applyEvent's `inPlace` mode (the engine's) must give exactly what the copying mode gives, event by
// event; restoreRun must rebuild from runs what replaying their events built.
import { describe, expect, it } from "vitest";
import { acknowledge, applyEvent, emptyTracker, pruneAttention, restoreRun } from "@mytty-bar/protocol";
import type { AgentEvent, EventKind, TrackerState } from "@mytty-bar/protocol";
import { ev } from "./events.js";

const KINDS: EventKind[] = [
  "started",
  "approval-requested",
  "running",
  "input-requested",
  "running",
  "succeeded",
  "failed",
  "idle",
  "disconnected",
];

/** A deterministic mixed stream: 6 agents, reused run keys, retries, supersedes, sessions switching. */
function stream(length: number): { event: AgentEvent; scope: string }[] {
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const out: { event: AgentEvent; scope: string }[] = [];
  for (let i = 0; i < length; i += 1) {
    const agent = rnd(6);
    const prev = out[out.length - 1];
    if (prev && rnd(10) === 0) {
      out.push(prev); // a retried hook call
      continue;
    }
    const event = ev(KINDS[rnd(KINDS.length)]!, {
      runKey: `a${agent}-k${rnd(4)}`,
      sessionId: `s${agent}-${rnd(2)}`,
      t: i * 1000,
      message: `m${i}`,
    });
    out.push({ event, scope: `agent-${agent}` });
  }
  return out;
}

describe("tracker in place", () => {
  it("gives the same results and state as the copying mode, event by event", () => {
    let pure: TrackerState = emptyTracker();
    const owned: TrackerState = emptyTracker();
    const options = { completionThresholdMs: 3000, seenLimit: 50 };
    for (const [i, { event, scope }] of stream(1500).entries()) {
      const a = applyEvent(pure, event, options, scope);
      const b = applyEvent(owned, event, { ...options, inPlace: true }, scope);
      expect(b.state).toBe(owned);
      expect([b.status, b.run, b.created, b.synthetic.map((s) => s.id).sort(), b.event]).toEqual([
        a.status,
        a.run,
        a.created,
        a.synthetic.map((s) => s.id).sort(),
        a.event,
      ]);
      pure = a.state;
      if (i % 200 === 199) {
        // What the engine does between events: acknowledgements and pruning replace the lists.
        const item = pure.attention[0];
        if (item) {
          pure = acknowledge(pure, item.id, new Date(Date.parse(event.at)));
          Object.assign(owned, acknowledge(owned, item.id, new Date(Date.parse(event.at))));
        }
        pure = pruneAttention(pure, new Date(Date.parse(event.at)));
        Object.assign(owned, pruneAttention(owned, new Date(Date.parse(event.at))));
      }
      expect(owned.attention).toEqual(pure.attention);
    }
    expect(owned.runs).toEqual(pure.runs);
    expect(owned.seen).toEqual(pure.seen);
    expect(owned.heads).toEqual(pure.heads);
  });

  it("restoreRun puts back runs, heads, items and the last ids seen", () => {
    let state: TrackerState = emptyTracker();
    for (const { event, scope } of stream(400))
      state = applyEvent(state, event, { completionThresholdMs: 3000 }, scope).state;
    const restored = emptyTracker();
    for (const run of Object.values(state.runs).reverse()) {
      restoreRun(
        restored,
        run,
        state.attention.filter((i) => i.runId === run.id),
      );
    }
    expect(restored.runs).toEqual(state.runs);
    expect(restored.attention).toEqual(state.attention);
    for (const run of Object.values(state.runs)) if (run.lastEventId) expect(restored.seen).toContain(run.lastEventId);
    const latestHeads = Object.fromEntries(Object.entries(state.heads ?? {}).filter(([, id]) => id in state.runs));
    expect(restored.heads ?? {}).toEqual(latestHeads);
  });
});
