// Words for held requests and answers, shared by the dashboard, the popup and notifications
// (docs/answering.md#from-the-popup-and-notifications): which buttons a popup row gets, the words on
// them, and what a row says once answered. Pure and free of Node and DOM.
import type { AgentRow, Answer, AnswerDecision, HeldRequest } from "@mytty-bar/engine";
import { oneLineText } from "@mytty-bar/protocol/wire";

/** An agent row as the popup reads it (the engine adds `request` / `answered` while they apply). */
export type AnswerableRow = AgentRow;

const ANSWERED: Record<AnswerDecision, string> = {
  allow: "Allowed from Mytty Bar",
  deny: "Denied from Mytty Bar",
  option: "Answered from Mytty Bar",
  terminal: "Handed to the terminal",
};

/** "Allowed from Mytty Bar" while the row's run has not moved on since the answer, else undefined. */
export function answeredLabel(agent: Pick<AgentRow, "answered">): string | undefined {
  return agent.answered ? ANSWERED[agent.answered.decision] : undefined;
}

/** "Bash: rm -rf target · 24 s left": the tool, its input made safe by the engine, and the time left. */
export function requestLine(request: HeldRequest, now: number): string {
  const left = Math.max(0, Math.ceil((request.heldUntil - now) / 1000));
  return `${request.tool}${request.summary ? `: ${request.summary}` : ""} · ${left} s left`;
}

/** What the status line says once an answer went out. */
export function answerGiven(decision: AnswerDecision, request: HeldRequest): string {
  const what = `${request.tool}${request.summary ? ` (${request.summary.slice(0, 60)})` : ""}`;
  if (decision === "allow") return `Allowed once: ${what}.`;
  if (decision === "deny") return `Denied: ${what}.`;
  if (decision === "terminal") return `Handed back to the terminal: answer ${request.tool} there.`;
  return `Answered: ${what}.`;
}

/** Every user-facing word of answering, in one place. */
export const ANSWER_TEXT = {
  allow: "Allow",
  deny: "Deny",
  terminal: "Answer in terminal",
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
 * Text safe to show: escape sequences removed whole, runs of white space and control or format
 * characters (C0, DEL, C1, bidi overrides, zero-width) one space (protocol's oneLineText), and the result
 * cut at a code-point boundary with "…". The page
 * renders it as a text node, never as HTML.
 */
export function shownText(text: string, max = SHOWN_MAX): string {
  const cleaned = oneLineText(text);
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
export function panelLine(request: HeldRequest): string {
  const head = request.kind === "question" ? ANSWER_TEXT.question : shownText(request.tool, 64);
  return `${head}: ${shownText(request.summary)}`;
}

/**
 * Buttons for a held request. An approval gets Allow / Deny; a question gets one button per option
 * when its provider lets a hook answer it (the engine sends `options` only then); everything also
 * gets "Answer in terminal", which hands it back at once.
 */
export function answerButtons(request: HeldRequest): AnswerButton[] {
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
