// Answering a held request from the popup (docs/answering.md#from-the-popup-and-notifications): which
// buttons a row gets, the words on them, and what the row says once answered. Pure and free of Node
// and DOM, so the page, main (notification actions) and tests share one set of words.
import type { AgentRow } from "@mytty-bar/engine";
import type { Answer } from "../ipc/answer-types.js";

/** A request the engine holds for a person to answer (the agent row's `request`). */
export interface HeldRequestView {
  id: string;
  kind: "approval" | "question";
  tool: string;
  summary: string;
  options?: { label: string; description?: string }[];
  heldUntil: number;
}

/** Who answered what (the agent row's `answered`, until the run moves on). */
export interface AnsweredView {
  by: string;
  decision: string;
  at: number | string;
}

/** An agent row as the popup reads it: the engine adds `request` / `answered` while they apply. */
export type AnswerableRow = AgentRow & { request?: HeldRequestView; answered?: AnsweredView };

/** Every user-facing word of answering, in one place. */
export const ANSWER_TEXT = {
  allow: "Allow",
  deny: "Deny",
  terminal: "Answer in terminal",
  allowed: "Allowed from Mytty Bar",
  denied: "Denied from Mytty Bar",
  handedBack: "Handed back to the terminal",
  answered: "Answered from Mytty Bar",
  question: "Question",
  notificationAllow: "Allow",
  notificationDeny: "Deny",
  refused: (message: string) => `Not answered: ${message}`,
} as const;

/** Longest summary or label the popup shows; the engine already caps a summary at 300 characters. */
export const SHOWN_MAX = 300;
/** Most options offered as buttons; a longer list goes to the terminal. */
export const OPTIONS_MAX = 8;

/**
 * Text safe to show: control and format characters (C0, DEL, C1, bidi overrides, zero-width) become
 * spaces, white space collapses, and the result is cut at a code-point boundary with "…". The page
 * renders it as a text node, never as HTML.
 */
export function shownText(text: string, max = SHOWN_MAX): string {
  const cleaned = text
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  const points = [...cleaned];
  return points.length <= max ? cleaned : `${points.slice(0, max - 1).join("")}…`;
}

export interface AnswerButton {
  action: "allow" | "deny" | "terminal" | "option";
  text: string;
  answer: Answer;
  primary?: boolean;
}

/** The line above the buttons: "Bash: npm test" or "Question: Keep the old module name?". */
export function requestLine(request: HeldRequestView): string {
  const head = request.kind === "question" ? ANSWER_TEXT.question : shownText(request.tool, 64);
  return `${head}: ${shownText(request.summary)}`;
}

/**
 * Buttons for a held request. An approval gets Allow / Deny; a question gets one button per option
 * when its provider lets a hook answer it (the engine sends `options` only then); everything also
 * gets "Answer in terminal", which hands it back at once.
 */
export function answerButtons(request: HeldRequestView): AnswerButton[] {
  const terminal: AnswerButton = { action: "terminal", text: ANSWER_TEXT.terminal, answer: { decision: "terminal" } };
  if (request.kind === "approval") {
    return [
      { action: "allow", text: ANSWER_TEXT.allow, answer: { decision: "allow" }, primary: true },
      { action: "deny", text: ANSWER_TEXT.deny, answer: { decision: "deny" } },
      terminal,
    ];
  }
  const options = request.options ?? [];
  if (options.length === 0 || options.length > OPTIONS_MAX) return [terminal];
  return [
    ...options.map((o): AnswerButton => ({
      action: "option",
      text: shownText(o.label, 64),
      answer: { decision: "option", label: o.label },
    })),
    terminal,
  ];
}

/** What the row says after an answer from Mytty Bar, until the run moves on. */
export function answeredText(answered: AnsweredView | undefined): string | undefined {
  if (!answered) return undefined;
  if (answered.decision === "allow") return ANSWER_TEXT.allowed;
  if (answered.decision === "deny") return ANSWER_TEXT.denied;
  if (answered.decision === "terminal") return ANSWER_TEXT.handedBack;
  return ANSWER_TEXT.answered;
}
