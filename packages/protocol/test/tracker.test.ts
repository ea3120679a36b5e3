// applyEvent beyond single transitions: dedupe, session ids, timestamps, and the improvements over
// Mytty's reducer — (a) key reuse opens generations, (b) completions close waiting runs,
// (c) a new started supersedes the scope's open runs, (d) completion of a never-started run.
import { beforeEach, describe, expect, it } from "vitest";
import {
  acknowledge,
  actionableItems,
  applyEvent,
  currentRun,
  emptyTracker,
  generationRunId,
  mapPayload,
  runId,
  syntheticId,
} from "@mytty-bar/protocol";
import type { AgentEvent, ApplyResult, ProviderId, TrackerOptions, TrackerState } from "@mytty-bar/protocol";
import { at, ev } from "./events.js";
import { fixtureEvent, loadFixture } from "./fixtures.js";

/**
 * Every test runs in both of applyEvent's modes: copying (the default) and in place, the one the engine runs
 * (core.ts), whose indexes over the caller's state must give the same answers.
 */
let inPlace = false;
function apply(state: TrackerState, event: AgentEvent, options: TrackerOptions = {}, scope?: string): ApplyResult {
  return applyEvent(state, event, { ...options, inPlace }, scope);
}

function applyAll(
  events: AgentEvent[],
  options: TrackerOptions = {},
  scope?: string,
  state = emptyTracker(),
): { state: TrackerState; results: ApplyResult[] } {
  const results: ApplyResult[] = [];
  for (const event of events) {
    const result = apply(state, event, options, scope);
    results.push(result);
    state = result.state;
  }
  return { state, results };
}

function mapped(provider: ProviderId, name: string, t: number, patch: Record<string, unknown> = {}): AgentEvent {
  const r = mapPayload({
    provider,
    event: fixtureEvent(provider, name),
    payload: { ...loadFixture(provider, name), ...patch },
    now: new Date(Date.parse(at(t))),
  });
  if (r.status !== "mapped") throw new Error(`${provider}/${name} did not map: ${JSON.stringify(r)}`);
  return r.event;
}

describe.each([
  { mode: "copying", inPlace: false },
  { mode: "in place (the engine's)", inPlace: true },
])("applyEvent, $mode", (mode) => {
  beforeEach(() => {
    inPlace = mode.inPlace;
  });

  describe("dedupe and bookkeeping", () => {
    it("drops a retried event (same id) and leaves the state as it was", () => {
      const e = ev("started");
      const first = apply(emptyTracker(), e, {});
      const second = apply(first.state, { ...e, at: at(5000) }, {});
      expect(second.status).toBe("duplicate");
      expect(second.state).toBe(first.state);
    });

    it("a retried hook payload with keys in another order dedupes", () => {
      const payload = loadFixture("codex", "UserPromptSubmit");
      const reordered = Object.fromEntries(Object.entries(payload).reverse());
      const a = mapPayload({ provider: "codex", payload, now: new Date(Date.parse(at(0))) });
      const b = mapPayload({ provider: "codex", payload: reordered, now: new Date(Date.parse(at(900))) });
      if (a.status !== "mapped" || b.status !== "mapped") throw new Error("expected mapped");
      const { results } = applyAll([a.event, b.event]);
      expect(results.map((r) => r.status)).toEqual(["applied", "duplicate"]);
    });

    it("remembers at most seenLimit ids, oldest forgotten first", () => {
      const events = [ev("idle", { runKey: "a" }), ev("idle", { runKey: "b" }), ev("idle", { runKey: "c" })];
      const { state } = applyAll(events, { seenLimit: 2 });
      expect(state.seen).toEqual([events[1]!.id, events[2]!.id]);
      expect(apply(state, events[0]!, { seenLimit: 2 }).status).toBe("applied");
    });

    it("ignores events of another schema version", () => {
      const result = apply(emptyTracker(), { ...ev("started"), v: 2 as 1 }, {});
      expect(result.status).toBe("ignored");
      expect(result.state.runs).toEqual({});
    });

    it("keeps an approval that is the first thing seen of its run (engine started mid-turn)", () => {
      const result = apply(emptyTracker(), ev("approval-requested"), {});
      expect(result.status).toBe("applied");
      expect(result.run?.state).toBe("waiting-approval");
      expect(result.created.map((item) => item.kind)).toEqual(["approval-request"]);
    });

    it("the first non-nil session id sticks; an event from another session is ignored", () => {
      const { state, results } = applyAll([
        ev("started", { sessionId: null }),
        ev("running", { sessionId: "s-A", t: 1 }),
        ev("approval-requested", { sessionId: "s-B", t: 2 }),
        ev("approval-requested", { sessionId: null, t: 3 }),
      ]);
      expect(results.map((r) => r.status)).toEqual(["applied", "applied", "ignored", "applied"]);
      expect(currentRun(state, runId("claude-code", "prompt-1"))).toMatchObject({
        sessionId: "s-A",
        state: "waiting-approval",
      });
    });

    it("sets startedAt when work begins from rest; updatedAt, message and tool on every applied event", () => {
      const { results } = applyAll([
        ev("idle", { t: 0, message: "ready" }),
        ev("started", { t: 1000 }),
        ev("approval-requested", { t: 2000, message: "Bash requires approval", toolName: "Bash" }),
        ev("running", { t: 3000 }),
      ]);
      const runs = results.map((r) => r.run!);
      expect(runs.map((r) => r.startedAt)).toEqual([undefined, at(1000), at(1000), at(1000)]);
      expect(runs.map((r) => r.updatedAt)).toEqual([at(0), at(1000), at(2000), at(3000)]);
      expect(runs.map((r) => [r.message, r.toolName])).toEqual([
        ["ready", undefined],
        [undefined, undefined],
        ["Bash requires approval", "Bash"],
        [undefined, undefined],
      ]);
      expect(Object.keys(runs[3]!)).not.toContain("message");
    });

    it("returns the applied event with the run id of the generation it landed in", () => {
      const { results } = applyAll([ev("started"), ev("succeeded", { t: 1 }), ev("started", { t: 2 })]);
      expect(results[2]!.event?.runId).toBe(generationRunId(runId("claude-code", "prompt-1"), 1));
    });
  });

  describe("the same payload again: a retry right away, a new event once the run moved on", () => {
    // Codex: `cargo add` needs approval, runs, and needs approval again in the same turn (identical payloads).
    const turn = (): AgentEvent[] => [
      mapped("codex", "UserPromptSubmit", 0),
      mapped("codex", "PermissionRequest", 1000),
      mapped("codex", "PostToolUse", 2000),
      mapped("codex", "PermissionRequest", 3000),
    ];

    it("shows the second identical approval request of a turn as a new, actionable item", () => {
      const events = turn();
      const { state: afterFirst } = applyAll(events.slice(0, 2), {}, "agent");
      const firstItem = afterFirst.attention[0]!;
      const acked = acknowledge(afterFirst, firstItem.id, new Date(Date.parse(at(1500))));
      const { state, results } = applyAll(events.slice(2), {}, "agent", acked);
      expect(results.map((r) => r.status)).toEqual(["applied", "applied"]);
      expect(currentRun(state, events[0]!.runId)?.state).toBe("waiting-approval");
      const second = results[1]!.created[0]!;
      expect(second.kind).toBe("approval-request");
      expect(second.id).not.toBe(firstItem.id);
      expect(actionableItems(state).map((i) => i.id)).toEqual([second.id]);
    });

    it("makes a new item for every further repeat too, also when what comes between repeats as well", () => {
      const again = (t: number) => [mapped("codex", "PostToolUse", t), mapped("codex", "PermissionRequest", t + 500)];
      const events = [...turn(), ...again(4000), ...again(5000)];
      const { state, results } = applyAll(events, {}, "agent");
      expect(results.map((r) => r.status)).toEqual(Array(8).fill("applied"));
      const items = results.flatMap((r) => r.created).map((i) => i.id);
      expect(items).toHaveLength(4);
      expect(new Set(items).size).toBe(4);
      expect(actionableItems(state).map((i) => i.id)).toEqual([items[3]]);
    });

    it("shows the same request again after a Stop a hook blocked (Claude Code goes on with the same prompt id)", () => {
      const events = [
        mapped("claude-code", "UserPromptSubmit", 0),
        mapped("claude-code", "PermissionRequest", 1000),
        mapped("claude-code", "Notification-permission_prompt", 1100),
        mapped("claude-code", "PostToolBatch", 2000),
        mapped("claude-code", "Stop", 3000),
        mapped("claude-code", "PermissionRequest", 4000),
        mapped("claude-code", "Notification-permission_prompt", 4100),
      ];
      const { state, results } = applyAll(events, {}, "agent");
      expect(currentRun(state, events[0]!.runId)).toMatchObject({ state: "waiting-approval", generation: 1 });
      expect(results[5]!.created.map((i) => i.kind)).toEqual(["approval-request"]);
      expect(actionableItems(state).map((i) => i.id)).toEqual([results[5]!.created[0]!.id]);
    });

    it("still drops a retry of that repeated request", () => {
      const events = turn();
      const { results } = applyAll([...events, mapped("codex", "PermissionRequest", 3100)], {}, "agent");
      expect(results.map((r) => r.status)).toEqual(["applied", "applied", "applied", "applied", "duplicate"]);
    });

    it("keeps a synthetic event a duplicate forever: an estimator re-reading a finished turn does not reopen it", () => {
      const started = { ...ev("started", { runKey: "turn-1", t: 0 }), synthetic: true };
      const done = { ...ev("succeeded", { runKey: "turn-1", t: 1000 }), synthetic: true };
      const { state, results } = applyAll([started, done, { ...started, at: at(5000) }], {}, "agent");
      expect(results.map((r) => r.status)).toEqual(["applied", "applied", "duplicate"]);
      expect(currentRun(state, started.runId)?.state).toBe("succeeded");
    });

    it("derives the same ids when the log is replayed into a fresh tracker", () => {
      const a = applyAll(turn(), {}, "agent");
      const b = applyAll(turn(), {}, "agent");
      expect(b.state).toEqual(a.state);
      expect(b.results.map((r) => r.event?.id)).toEqual(a.results.map((r) => r.event?.id));
    });

    it("a session-keyed Claude turn repeated word for word opens a new generation and completes it", () => {
      // Claude before prompt_id: the run key is the session id, and "continue" twice gives identical payloads.
      const noPromptId = { prompt_id: undefined };
      const prompt = () => mapped("claude-code", "UserPromptSubmit-no-prompt-id", 0, { prompt: "continue" });
      const stop = () => mapped("claude-code", "Stop", 1000, { ...noPromptId, last_assistant_message: "Done." });
      const { state, results } = applyAll([prompt(), stop(), prompt(), stop()], {}, "agent");
      expect(results.map((r) => r.status)).toEqual(["applied", "applied", "applied", "applied"]);
      const base = prompt().runId;
      expect(currentRun(state, base)).toMatchObject({ id: generationRunId(base, 1), state: "succeeded" });
      expect(state.runs[base]?.state).toBe("succeeded");
    });
  });

  describe("(a) a run key reused across turns opens a new generation", () => {
    it("Antigravity conversationId: every turn gets its own run", () => {
      const turn = (t: number, executionNum: number) => [
        mapped("antigravity", "PreInvocation", t, { initialNumSteps: executionNum * 10 }),
        mapped("antigravity", "PostInvocation", t + 1000, { initialNumSteps: executionNum * 10 + 3 }),
        mapped("antigravity", "Stop", t + 2000, { executionNum }),
      ];
      const { state, results } = applyAll([...turn(0, 1), ...turn(10_000, 2), ...turn(20_000, 3)]);
      expect(results.map((r) => r.status)).toEqual(Array(9).fill("applied"));
      const base = runId("antigravity", "5e6f7081-92a3-4b4c-8d5e-6f708192a3b4");
      const ids = [0, 1, 2].map((g) => generationRunId(base, g));
      expect(ids.map((id) => [state.runs[id]?.generation, state.runs[id]?.state, state.runs[id]?.startedAt])).toEqual([
        [0, "succeeded", at(0)],
        [1, "succeeded", at(10_000)],
        [2, "succeeded", at(20_000)],
      ]);
      expect(currentRun(state, base)?.id).toBe(ids[2]);
    });

    it("Codex without turn_id (session-id fallback) does not freeze after the first turn", () => {
      const events = [
        mapped("codex", "UserPromptSubmit-no-turn-id", 0),
        mapped("codex", "Stop-no-turn-id", 1000),
        mapped("codex", "UserPromptSubmit-no-turn-id", 2000, { prompt: "second turn" }),
        mapped("codex", "PermissionRequest", 2500, { turn_id: undefined }),
      ];
      const { state } = applyAll(events);
      const run = currentRun(state, runId("codex", "01b2c3d4-7e8f-7a10-9b21-c3d4e5f60718"));
      expect([run?.generation, run?.state]).toEqual([1, "waiting-approval"]);
    });

    it("a pruned head falls back to the key's own run", () => {
      const { state } = applyAll([ev("started"), ev("succeeded", { t: 1 }), ev("started", { t: 2 })]);
      const head = generationRunId(runId("claude-code", "prompt-1"), 1);
      const pruned = { ...state, runs: Object.fromEntries(Object.entries(state.runs).filter(([id]) => id !== head)) };
      const result = apply(pruned, ev("idle", { t: 3 }), {});
      expect([result.status, result.run?.id, result.run?.state]).toEqual([
        "applied",
        runId("claude-code", "prompt-1"),
        "idle",
      ]);
    });
  });

  describe("(b) a completion landing while waiting is not lost", () => {
    it("OpenCode: question asked, then session.idle closes the run and resolves the request", () => {
      const { state, results } = applyAll([
        mapped("opencode", "message.updated", 0),
        mapped("opencode", "question.asked", 1000),
        mapped("opencode", "session.idle", 2000),
      ]);
      expect(results[2]!.status).toBe("applied");
      expect(results[2]!.run?.state).toBe("succeeded");
      expect(state.attention.map((i) => [i.kind, i.resolvedAt])).toEqual([["input-request", at(2000)]]);
    });

    it("Codex: approved tool without PostToolUse, then Stop", () => {
      const { results } = applyAll([
        mapped("codex", "UserPromptSubmit", 0),
        mapped("codex", "PermissionRequest", 1),
        mapped("codex", "StopFailure", 2),
      ]);
      expect(results.map((r) => r.run?.state)).toEqual(["running", "waiting-approval", "failed"]);
    });
  });

  describe("(c) a new started supersedes the scope's other open runs", () => {
    it("closes a waiting Claude run with a synthetic idle and resolves its request", () => {
      const oldKey = "prompt-old";
      const { state, results } = applyAll([
        ev("started", { runKey: oldKey, t: 0 }),
        ev("approval-requested", { runKey: oldKey, t: 1000, toolName: "Bash" }),
        ev("started", { runKey: "prompt-new", t: 2000 }),
      ]);
      const oldId = runId("claude-code", oldKey);
      const newId = runId("claude-code", "prompt-new");
      expect(results[2]!.synthetic).toEqual([
        {
          v: 1,
          id: syntheticId("run-superseded", oldId, newId),
          provider: "claude-code",
          kind: "idle",
          runKey: oldKey,
          runId: oldId,
          sessionId: "session-1",
          hook: "mytty-bar.runSuperseded",
          at: at(2000),
          synthetic: true,
        },
      ]);
      expect(state.runs[oldId]).toMatchObject({ state: "idle", closedBy: "superseded", updatedAt: at(2000) });
      expect(state.runs[newId]?.state).toBe("running");
      expect(state.attention[0]?.resolvedAt).toBe(at(2000));
      expect(state.seen).toContain(syntheticId("run-superseded", oldId, newId));
    });

    it("works for every provider (Cursor here), and leaves terminal runs alone", () => {
      const p = { provider: "cursor" as const };
      const { state, results } = applyAll([
        ev("started", { ...p, runKey: "g1" }),
        ev("started", { ...p, runKey: "g2", t: 1 }),
        ev("succeeded", { ...p, runKey: "g2", t: 2 }),
        ev("started", { ...p, runKey: "g3", t: 3 }),
      ]);
      expect(results[1]!.synthetic.map((e) => e.runKey)).toEqual(["g1"]);
      expect(results[3]!.synthetic).toEqual([]);
      expect(state.runs[runId("cursor", "g2")]?.state).toBe("succeeded");
    });

    it("uses the engine's scope when given: another agent's runs stay open, other sessions of the same agent close", () => {
      let state = apply(emptyTracker(), ev("started", { runKey: "a", sessionId: "s1" }), {}, "pid:1").state;
      state = apply(state, ev("started", { runKey: "b", sessionId: "s2", t: 1 }), {}, "pid:2").state;
      const result = apply(state, ev("started", { runKey: "c", sessionId: "s3", t: 2 }), {}, "pid:1");
      expect(result.synthetic.map((e) => e.runKey)).toEqual(["a"]);
      expect(result.state.runs[runId("claude-code", "b")]?.state).toBe("running");
    });

    it("falls back to provider + session id without a scope, and does nothing without either", () => {
      const withSession = applyAll([
        ev("started", { runKey: "a" }),
        ev("started", { runKey: "b", sessionId: "other", t: 1 }),
        ev("started", { runKey: "c", t: 2 }),
      ]);
      expect(withSession.results.map((r) => r.synthetic.map((e) => e.runKey))).toEqual([[], [], ["a"]]);
      const without = applyAll([
        ev("started", { runKey: "a", sessionId: null }),
        ev("started", { runKey: "b", sessionId: null, t: 1 }),
      ]);
      expect(without.results[1]!.synthetic).toEqual([]);
    });

    it("closes an idle session-start run once, and a replayed synthetic event is a duplicate", () => {
      const { state, results } = applyAll([
        ev("idle", { runKey: "session-1" }),
        ev("started", { runKey: "p1", t: 1 }),
        ev("succeeded", { runKey: "p1", t: 2 }),
        ev("started", { runKey: "p2", t: 3 }),
      ]);
      expect(results[1]!.synthetic.map((e) => e.runKey)).toEqual(["session-1"]);
      expect(results[3]!.synthetic).toEqual([]);
      expect(apply(state, results[1]!.synthetic[0]!, {}).status).toBe("duplicate");
    });

    it("a synthetic started never supersedes", () => {
      const { results } = applyAll([
        ev("started", { runKey: "a" }),
        { ...ev("started", { runKey: "b", t: 1 }), synthetic: true },
      ]);
      expect(results[1]!.synthetic).toEqual([]);
    });
  });

  describe("(d) completion of a run that never saw started", () => {
    it("reports succeeded and failed from unknown; no completion item without a start", () => {
      const ok = apply(emptyTracker(), mapped("cursor", "stop", 0), {});
      expect([ok.status, ok.run?.state, ok.created]).toEqual(["applied", "succeeded", []]);
      const bad = apply(emptyTracker(), mapped("cursor", "stop-error", 0), {});
      expect([bad.run?.state, bad.created.map((i) => i.kind)]).toEqual(["failed", ["failure"]]);
    });
  });

  describe("closedBy", () => {
    it("an engine synthetic close names its rule; the next real event clears it", () => {
      const exited = { ...ev("disconnected", { t: 1, hook: "mytty-bar.processExited" }), synthetic: true };
      const { results } = applyAll([ev("started"), exited, ev("idle", { t: 2 })]);
      expect(results[1]!.run?.closedBy).toBe("process-exited");
      expect(results[2]!.run?.closedBy).toBeUndefined();
    });
  });
});
