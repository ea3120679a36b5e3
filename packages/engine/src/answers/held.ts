// Requests a hook helper is holding right now, and what became of those it held (docs/answering.md).
// The registry decides whether an answer may go out; it writes nothing: answering.ts does the effects.
// Safety rules it keeps: only an exact id names a request, each request is answered at most once, and a
// request whose hold ended (deadline passed, helper gone) is expired, never answered.
import {
  isRecord,
  HELD_PROVIDERS,
  requestSummary,
  singleChoiceQuestion,
  type AgentEvent,
  type Answer,
  type AnswerResult,
  type HeldRequest,
  type ProviderId,
  type SpoolEnvelope,
} from "@mytty-bar/protocol";
import type { AnswerSink } from "./sink.js";

/**
 * The engine offers a request for this much less than the hold it asked of the helper: the helper's clock
 * starts a little before the engine reads its spool file, and an answer must never land after it gave up.
 */
export const HOLD_MARGIN_MS = 1000;
/** Outcomes remembered for ids no longer held, so a late or repeated answer is told why. */
const MAX_SETTLED = 1000;

export interface HeldEntry {
  request: HeldRequest;
  provider: ProviderId;
  agentKey: string;
  runId: string;
  /** The answer file's name under <data>/answers (the helper's spool name, SPOOL_HOLD_PATTERN). */
  file: string;
  /** Where its answer goes, and whether its helper still waits (sink.ts). */
  sink: AnswerSink;
  /** What a question's answer is built from (heldInputOf): the tool input, or OpenCode's event body. */
  input?: unknown;
}

export type Taken = { ok: true; entry: HeldEntry } | Extract<AnswerResult, { ok: false }>;

const MESSAGES = {
  unknown: "No held request has this id: it may have been answered in the terminal. Refresh the list and try again.",
  answered: "This request was already answered; an answer is given once.",
  expired: "The hold ended and the request went back to the terminal: answer it there.",
} as const;

export class HeldRequests {
  private readonly held = new Map<string, HeldEntry>();
  private readonly settled = new Map<string, "answered" | "expired">();

  add(entry: HeldEntry): void {
    this.held.set(entry.request.id, entry);
  }

  /** The request held for this agent (the newest when there are several). */
  forAgent(agentKey: string): HeldEntry | undefined {
    let found: HeldEntry | undefined;
    for (const entry of this.held.values()) if (entry.agentKey === agentKey) found = entry;
    return found;
  }

  entries(): HeldEntry[] {
    return [...this.held.values()];
  }

  /** Ends the holds that ran out or whose helper went away; returns them. */
  sweep(nowMs: number): HeldEntry[] {
    const ended: HeldEntry[] = [];
    for (const entry of this.held.values()) {
      if (!entry.sink.alive() || nowMs >= entry.request.heldUntil) ended.push(entry);
    }
    for (const entry of ended) this.settle(entry.request.id, "expired");
    return ended;
  }

  /** Epoch ms of the next hold to run out. */
  nextDeadline(): number | undefined {
    let next: number | undefined;
    for (const e of this.held.values())
      if (next === undefined || e.request.heldUntil < next) next = e.request.heldUntil;
    return next;
  }

  /** The entry `id` names if it may be answered with `answer` now; the request stays held until settle(). */
  check(id: string, answer: Answer, nowMs: number): Taken {
    this.sweep(nowMs);
    const entry = this.held.get(id);
    if (!entry) {
      const outcome = this.settled.get(id);
      return { ok: false, reason: outcome ?? "unknown", message: MESSAGES[outcome ?? "unknown"] };
    }
    const { kind, options } = entry.request;
    if (kind === "approval" && answer.decision === "option")
      return refused("This is a permission request: allow it, deny it or answer in the terminal.");
    if (kind === "question" && (answer.decision === "allow" || answer.decision === "deny"))
      return refused("This is a question: pick one of its options or answer in the terminal.");
    if (answer.decision === "option" && !(options ?? []).some((o) => o.label === answer.label))
      return refused(`"${answer.label.slice(0, 80)}" is not one of this question's options: pick one of them.`);
    return { ok: true, entry };
  }

  settle(id: string, outcome: "answered" | "expired"): void {
    this.held.delete(id);
    this.settled.set(id, outcome);
    if (this.settled.size > MAX_SETTLED) this.settled.delete(this.settled.keys().next().value!);
  }
}

function refused(message: string): Extract<AnswerResult, { ok: false }> {
  return { ok: false, reason: "refused", message };
}

/**
 * The held request a spool file announces (`hold=`), or undefined when this event must not be held:
 * only a PermissionRequest of Claude Code or Codex (docs/answering.md#what-is-held), and only with a hold set.
 */
export function heldRequestOf(
  envelope: SpoolEnvelope,
  event: AgentEvent,
  payload: Record<string, unknown>,
  id: string,
  nowMs: number,
  waitSeconds: number,
): HeldRequest | undefined {
  if (envelope.hold === undefined || waitSeconds <= 0) return undefined;
  if (event.provider === "opencode") return openCodeRequest(event, payload, id, nowMs, waitSeconds);
  if (!HELD_PROVIDERS.includes(event.provider) || event.hook !== "PermissionRequest") return undefined;
  if (event.kind !== "approval-requested" && event.kind !== "input-requested") return undefined;
  const question = event.kind === "input-requested" ? firstQuestion(payload.tool_input) : undefined;
  return {
    id,
    kind: event.kind === "input-requested" ? "question" : "approval",
    tool: event.toolName ?? "tool",
    summary: requestSummary(question?.text ?? payload.tool_input),
    ...(question?.options ? { options: question.options } : {}),
    heldUntil: nowMs + waitSeconds * 1000 - HOLD_MARGIN_MS,
  };
}

/** The input a question's answer is built from: Claude Code's tool input, OpenCode's event body. */
export function heldInputOf(provider: ProviderId, payload: Record<string, unknown>): unknown {
  if (provider !== "opencode") return payload.tool_input;
  const event = isRecord(payload.event) ? payload.event : {};
  return event.properties ?? event.data;
}

/** OpenCode events our plugin holds (docs/providers.md#answering-questions-and-opencode). */
const OPENCODE_HELD = new Set(["permission.asked", "permission.v2.asked", "question.asked"]);

function openCodeRequest(
  event: AgentEvent,
  payload: Record<string, unknown>,
  id: string,
  nowMs: number,
  waitSeconds: number,
): HeldRequest | undefined {
  if (event.hook === undefined || !OPENCODE_HELD.has(event.hook)) return undefined;
  const body = heldInputOf("opencode", payload);
  if (!isRecord(body)) return undefined;
  const heldUntil = nowMs + waitSeconds * 1000 - HOLD_MARGIN_MS;
  if (event.hook === "question.asked") {
    const question = firstQuestion(body);
    return {
      id,
      kind: "question",
      tool: "question",
      summary: requestSummary(question?.text ?? ""),
      ...(question?.options ? { options: question.options } : {}),
      heldUntil,
    };
  }
  const targets = Array.isArray(body.patterns) ? body.patterns : Array.isArray(body.resources) ? body.resources : [];
  return {
    id,
    kind: "approval",
    tool: event.toolName ?? "permission",
    summary: requestSummary(targets.filter((t): t is string => typeof t === "string").join(" ")),
    heldUntil,
  };
}

/**
 * A question's text and, when a hook may answer it (one single-choice question, singleChoiceQuestion), its
 * options: Claude Code's AskUserQuestion input and OpenCode's question event share `questions[]`.
 */
function firstQuestion(input: unknown): { text?: string; options?: HeldRequest["options"] } | undefined {
  if (!isRecord(input) || !Array.isArray(input.questions) || !isRecord(input.questions[0])) return undefined;
  const q = input.questions[0];
  const options =
    singleChoiceQuestion(input) && Array.isArray(q.options)
      ? q.options
          .filter(isRecord)
          .filter((o): o is { label: string; description?: unknown } => typeof o.label === "string")
          .slice(0, 64)
          .map((o) => ({
            label: requestSummary(o.label),
            ...(typeof o.description === "string" ? { description: requestSummary(o.description) } : {}),
          }))
      : undefined;
  return {
    ...(typeof q.question === "string" ? { text: q.question } : {}),
    ...(options && options.length > 0 ? { options } : {}),
  };
}
