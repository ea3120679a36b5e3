// A long day (or week) of hook calls for the log soak test and the week bench: `sessions` Codex
// sessions coming and going over the stream (about `concurrent` at a time), each running turns of
// prompt → tools → approval → tool → stop, from the repository's real payload fixtures.
import type { Paths } from "@mytty-bar/paths";
import { formatSpoolFile } from "@mytty-bar/protocol";
import { payload } from "./helpers.js";

const TURN = ["UserPromptSubmit", "PostToolUse", "PostToolUse", "PermissionRequest", "PostToolUse", "Stop"] as const;

export interface WorkloadOptions {
  events: number;
  sessions: number;
  concurrent?: number;
}

export interface WorkloadEvent {
  bytes: Uint8Array;
  session: number;
  turnId: string;
}

const templates = new Map<string, Record<string, unknown>>(
  TURN.map((name) => [name, JSON.parse(payload("codex", name)) as Record<string, unknown>]),
);

export function sessionId(session: number): string {
  return `${String(session).padStart(8, "0")}-0000-4000-8000-000000000000`;
}

/** The stream, lazily: event k belongs to one of the sessions active at k (a window sliding over all of them). */
export function* workload(options: WorkloadOptions): Generator<WorkloadEvent> {
  const concurrent = Math.min(options.concurrent ?? 20, options.sessions);
  const step = new Map<number, number>();
  let seed = 12345;
  for (let k = 0; k < options.events; k += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const first = Math.floor((k / options.events) * (options.sessions - concurrent + 1));
    const session = Math.min(options.sessions - 1, first + (seed % concurrent));
    const n = step.get(session) ?? 0;
    step.set(session, n + 1);
    const name = TURN[n % TURN.length]!;
    const turnId = `${sessionId(session)}-turn-${Math.floor(n / TURN.length)}`;
    const body = {
      ...templates.get(name),
      session_id: sessionId(session),
      turn_id: turnId,
      tool_use_id: `call-${session}-${n}`,
    };
    yield { bytes: formatSpoolFile({ provider: "codex", env: {} }, JSON.stringify(body)), session, turnId };
  }
}

/**
 * createEngine options for a workload run: an empty fake process table, no insights, a simulated
 * clock (`clock.t`, epoch ms) and a slow spool poll, so what is measured is the engine's own cost.
 */
export function simulatedEngine(paths: Paths, clock: { t: number }) {
  return {
    paths,
    scanner: {
      scan: async () => ({ processes: [], agents: [], at: new Date(clock.t) }),
      join: async () => ({ tty: null, terminal: {} }),
    },
    source: { cwd: async () => undefined },
    cpu: async () => new Map<number, number>(),
    insights: false as const,
    now: () => new Date(clock.t),
    spoolPollMs: 60_000,
  };
}
