// Every cell of the run state machine (docs/architecture.md#runs-and-attention, Mytty's table plus our changes), driven
// through applyEvent so generations and "ignored" are checked as the engine will see them.
import { describe, expect, it } from "vitest";
import {
  applyEvent,
  emptyTracker,
  generationRunId,
  nextRunState,
  runId,
  EVENT_KINDS,
  RUN_STATES,
} from "@mytty-bar/protocol";
import type { EventKind, Run, RunState, TrackerState } from "@mytty-bar/protocol";
import { at, ev } from "./events.js";

// "-" = ignored; "+running" = a new generation of the run key opens and is running.
// Deviations from Mytty's table on purpose: succeeded/failed from waiting-* (b) and from unknown (d);
// running on running is applied; started/running on a terminal run opens a generation (a);
// an approval/input request is never dropped (unknown, idle, the other waiting state, or a new generation).
const MATRIX = `
from             | started  | running  | input-requested   | approval-requested   | succeeded | failed | idle | disconnected
unknown          | running  | running  | waiting-input     | waiting-approval     | succeeded | failed | idle | disconnected
idle             | running  | running  | waiting-input     | waiting-approval     | -         | -      | idle | disconnected
running          | -        | running  | waiting-input     | waiting-approval     | succeeded | failed | idle | disconnected
waiting-input    | -        | running  | -                 | waiting-approval     | succeeded | failed | idle | disconnected
waiting-approval | -        | running  | waiting-input     | -                    | succeeded | failed | idle | disconnected
succeeded        | +running | +running | +waiting-input    | +waiting-approval    | -         | -      | idle | disconnected
failed           | +running | +running | +waiting-input    | +waiting-approval    | -         | -      | idle | disconnected
disconnected     | +running | +running | +waiting-input    | +waiting-approval    | -         | -      | idle | -
`;

function parseMatrix(): { from: RunState; kind: EventKind; cell: string }[] {
  const [head, ...rows] = MATRIX.trim()
    .split("\n")
    .map((line) => line.split("|").map((c) => c.trim()));
  const kinds = head!.slice(1) as EventKind[];
  return rows.flatMap((row) => kinds.map((kind, i) => ({ from: row[0] as RunState, kind, cell: row[i + 1]! })));
}

const BASE = runId("claude-code", "prompt-1");

function stateWith(from: RunState): TrackerState {
  if (from === "unknown") return emptyTracker();
  const run: Run = {
    id: BASE,
    provider: "claude-code",
    runKey: "prompt-1",
    generation: 0,
    sessionId: "session-1",
    state: from,
    startedAt: at(0),
    updatedAt: at(0),
  };
  return { ...emptyTracker(), runs: { [BASE]: run } };
}

describe("run state machine", () => {
  const cells = parseMatrix();

  it("the matrix covers every state × every event kind", () => {
    expect(cells).toHaveLength(RUN_STATES.length * EVENT_KINDS.length);
    expect(new Set(cells.map((c) => `${c.from}/${c.kind}`)).size).toBe(RUN_STATES.length * EVENT_KINDS.length);
  });

  it.each(cells.map((c) => [c.from, c.kind, c.cell, c] as const))(
    "%s + %s → %s",
    (_f, _k, _c, { from, kind, cell }) => {
      const result = applyEvent(stateWith(from), ev(kind, { t: 1000 }), {});
      if (cell === "-") {
        expect(result.status).toBe("ignored");
        expect(result.state.runs).toEqual(stateWith(from).runs);
        return;
      }
      expect(result.status).toBe("applied");
      const newGeneration = cell.startsWith("+");
      const expectedId = newGeneration ? generationRunId(BASE, 1) : BASE;
      expect(result.run?.id).toBe(expectedId);
      expect(result.run?.generation).toBe(newGeneration ? 1 : 0);
      expect(result.state.runs[expectedId]?.state).toBe(newGeneration ? cell.slice(1) : cell);
      if (newGeneration) expect(result.state.runs[BASE]?.state).toBe(from);
    },
  );

  it("nextRunState leaves started/running on terminal runs to the tracker's generations", () => {
    for (const from of ["succeeded", "failed", "disconnected"] as const) {
      expect(nextRunState(from, "started")).toBeUndefined();
      expect(nextRunState(from, "running")).toBeUndefined();
    }
  });
});
