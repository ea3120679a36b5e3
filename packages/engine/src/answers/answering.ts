// Answering held requests (docs/answering.md): takes the holds the intake announces, gives an answer to the one
// helper that waits for it, logs who answered, and lets every other hold go back to the terminal. engine.ts
// composes it; the registry (held.ts) decides, the files (files.ts) are the only effect on the helper.
import {
  AnswerSchema,
  AnswerSourceSchema,
  formatAnswer,
  syntheticId,
  type AgentEvent,
  type Answer,
  type AnswerResult,
  type AnswerSource,
  type Answered,
  type HeldRequest,
  type SpoolEnvelope,
} from "@mytty-bar/protocol";
import type { Change, EngineCore } from "../core.js";
import { refOf } from "../agents.js";
import type { RowAnswers } from "../rows.js";
import type { AnswerFiles } from "./files.js";
import { HeldRequests, heldInputOf, heldRequestOf } from "./held.js";
import { localSink, type AnswerSink } from "./sink.js";

export interface AnsweringDeps {
  core: EngineCore;
  files: AnswerFiles;
  clock(): Date;
  /** settings.answerWaitSeconds as it is now. */
  waitSeconds(): number;
  newId(): string;
  helperAlive(pid: number): boolean;
  commit(change: Change, now: Date): void;
  publish(): void;
  failed(kind: string): (error: unknown) => undefined;
  /** The hold helpers may use changed (0: none): watched hosts mirror it (remote/hosts.ts). */
  onHold?(seconds: number): void;
}

export interface Answering {
  /**
   * A spool file was ingested: hold its request, or — when it must not be held — release its helper at once.
   * `sink`: where its answer goes (sink.ts); by default the local answers folder under the hold's name.
   */
  ingested(
    envelope: SpoolEnvelope | undefined,
    hold: string | undefined,
    joined: { event: AgentEvent; payload: Record<string, unknown>; agentKey: string | undefined } | undefined,
    sink?: AnswerSink,
  ): void;
  answer(requestId: string, answer: Answer, by: AnswerSource): AnswerResult;
  rows: RowAnswers;
  /** The setting changed (or the engine started): tell the helper how long to hold (holdSeconds, one source). */
  setWait(): void;
  /** How long helpers may hold now (0 once stopped): what a newly connected host is told. */
  holdSeconds(): number;
  /** Every hold goes back to the terminal, and no new ones start. */
  stop(): void;
}

const DONE: Record<Answer["decision"], string> = {
  allow: "Allowed from Mytty Bar",
  deny: "Denied from Mytty Bar",
  option: "Answered from Mytty Bar",
  terminal: "Handed to the terminal from Mytty Bar",
};

export function createAnswering(deps: AnsweringDeps): Answering {
  const { core, files } = deps;
  const held = new HeldRequests();
  /** agent key → the last answer, shown while its run has not moved since. */
  const answered = new Map<string, { answered: Answered; runId: string; runUpdatedAt: string | undefined }>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** What the `wait` file says (setWait writes this); nothing once stopped. */
  const holdSeconds = () => (stopped ? 0 : Math.max(0, Math.floor(deps.waitSeconds())));

  const release = (sink: AnswerSink) => releaseTo(sink, deps.failed);

  /** Ends holds that ran out or lost their helper; their files (if any) have nobody to read them. */
  const sweep = () => {
    const ended = held.sweep(deps.clock().getTime());
    for (const entry of ended) entry.sink.remove();
    if (ended.length > 0) deps.publish();
    arm();
  };

  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const next = held.nextDeadline();
    if (next === undefined || stopped) return;
    // Also every second: a helper killed mid-hold takes its request off the row within a second.
    timer = setTimeout(sweep, Math.min(1000, Math.max(0, next - deps.clock().getTime())));
    timer.unref();
  };

  return {
    ingested(envelope, hold, joined, given) {
      if (hold === undefined) return;
      const sink = given ?? localSink(files, hold, envelope?.pid, deps.helperAlive);
      const now = deps.clock();
      // A helper already gone (a file from before a restart) waits for nothing.
      const request =
        !stopped && sink.alive() && envelope && joined && joined.agentKey !== undefined
          ? heldRequestOf(envelope, joined.event, joined.payload, deps.newId(), now.getTime(), deps.waitSeconds())
          : undefined;
      if (!request || !joined?.agentKey) {
        release(sink);
        return;
      }
      held.add({
        request,
        provider: joined.event.provider,
        agentKey: joined.agentKey,
        // The run the event landed in (a new generation of a reused run key has its own id).
        runId: core.agents.get(joined.agentKey)?.lastRunId ?? joined.event.runId,
        file: hold,
        sink,
        input: heldInputOf(joined.event.provider, joined.payload),
      });
      arm();
    },

    answer(requestId, given, by) {
      const valid = validAnswer(requestId, given, by);
      if (!valid.ok) return valid;
      const { answer, source } = valid;
      const now = deps.clock();
      const checked = held.check(requestId, answer, now.getTime());
      if (!checked.ok) return checked;
      const { entry } = checked;
      try {
        entry.sink.write(formatAnswer(entry.provider, { ...entry.request, input: entry.input }, answer));
      } catch (error) {
        deps.failed("answer-write")(error);
        return {
          ok: false,
          reason: "refused",
          message: `Could not write the answer to ${entry.file} in ${entry.sink.where}: answer in the terminal.`,
        };
      }
      held.settle(requestId, "answered");
      const change = recordAnswer(core, entry, answer, source, now);
      const run = core.tracker.runs[entry.runId];
      answered.set(entry.agentKey, {
        answered: { by: source, decision: answer.decision, at: now.getTime() },
        runId: entry.runId,
        runUpdatedAt: run?.updatedAt,
      });
      deps.commit(change, now);
      arm();
      return { ok: true };
    },

    rows(agentKey, runId) {
      const request = offered(core, held.forAgent(agentKey));
      const last = answered.get(agentKey);
      const current = last && runId === last.runId && core.tracker.runs[runId]?.updatedAt === last.runUpdatedAt;
      if (last && !current) answered.delete(agentKey);
      return { ...(request ? { request } : {}), ...(current ? { answered: last.answered } : {}) };
    },

    setWait() {
      if (stopped) return;
      const seconds = holdSeconds();
      try {
        files.setWait(seconds);
      } catch (error) {
        deps.failed("answer-wait")(error); // without the file the helper holds nothing: the safe side
      }
      deps.onHold?.(seconds);
    },
    holdSeconds,

    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      files.close();
      deps.onHold?.(0);
      for (const entry of held.entries()) {
        held.settle(entry.request.id, "expired");
        release(entry.sink);
      }
    },
  };
}

/** Hands a hold back to the terminal: the helper prints nothing. */
/**
 * Answered in the terminal, Claude Code moves on but leaves its hook running out the hold: a request is
 * offered only while the run it was held for still waits.
 */
function offered(
  core: EngineCore,
  entry: { request: HeldRequest; runId: string } | undefined,
): HeldRequest | undefined {
  const state = entry !== undefined ? core.tracker.runs[entry.runId]?.state : undefined;
  return state === "waiting-approval" || state === "waiting-input" ? entry?.request : undefined;
}

function releaseTo(sink: AnswerSink, failed: AnsweringDeps["failed"]): void {
  try {
    sink.write("");
  } catch (error) {
    failed("answer-release")(error); // the helper then waits out its hold: still nothing allowed
  }
}

/** An answer as the front ends (or a socket client) gave it, checked before anything is looked up. */
function validAnswer(
  requestId: unknown,
  given: unknown,
  by: unknown,
): { ok: true; answer: Answer; source: AnswerSource } | Extract<AnswerResult, { ok: false }> {
  const parsed = AnswerSchema.safeParse(given);
  const source = AnswerSourceSchema.safeParse(by);
  if (typeof requestId === "string" && parsed.success && source.success)
    return { ok: true, answer: parsed.data, source: source.data };
  return { ok: false, reason: "refused", message: "Not an answer: give a request id and allow, deny or terminal." };
}

/** The answer as state (the run goes on for allow, deny and an option) and as a log line: who, what, when. */
function recordAnswer(
  core: EngineCore,
  entry: { request: { id: string; tool: string }; provider: AgentEvent["provider"]; agentKey: string; runId: string },
  answer: Answer,
  by: AnswerSource,
  now: Date,
): Change {
  const change: Change = {
    created: [],
    log: [
      {
        t: "answer",
        key: entry.agentKey,
        request: entry.request.id,
        provider: entry.provider,
        runId: entry.runId,
        tool: entry.request.tool,
        by,
        decision: answer.decision,
        at: now.toISOString(),
      },
    ],
  };
  const record = core.agents.get(entry.agentKey);
  const run = core.tracker.runs[entry.runId];
  if (answer.decision === "terminal" || !record || !run) return change;
  const event: AgentEvent = {
    v: 1,
    id: syntheticId("answer", entry.request.id),
    provider: run.provider,
    kind: "running",
    runKey: run.runKey,
    runId: run.id,
    ...(run.sessionId !== undefined ? { sessionId: run.sessionId } : {}),
    hook: "mytty-bar.answer",
    at: now.toISOString(),
    message: DONE[answer.decision],
    synthetic: true,
  };
  const applied = core.apply(event, refOf(record), now, false);
  return { created: applied.created, log: [...change.log, ...applied.log] };
}
