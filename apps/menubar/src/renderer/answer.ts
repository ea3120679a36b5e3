// The answer panel of a row whose agent waits on a held request: the tool and its input as text, then
// Allow / Deny / Answer in terminal (or a question's options). Once answered the panel says who did.
import type { Answer } from "../ipc/answer-types.js";
import { answerButtons, answeredLabel, panelLine, type AnswerableRow } from "../view-model/answer.js";
import { h } from "./dom.js";

export interface AnswerActions {
  /** Sends the answer through the bridge; main passes it to the engine as the popup's. */
  answer(requestId: string, answer: Answer): void;
}

/** The panel for an agent row, or null when nothing is held and nothing was just answered. */
export function answerPanel(agent: AnswerableRow | undefined, actions: AnswerActions): HTMLElement | null {
  if (!agent) return null;
  const request = agent.request;
  if (!request) {
    const done = answeredLabel(agent);
    return done ? h("div", { className: "answer answered", "data-answered": agent.answered?.decision }, done) : null;
  }
  const buttons = answerButtons(request).map((b) =>
    h(
      "button",
      {
        type: "button",
        className: b.primary ? "primary" : undefined,
        "data-action": b.action,
        "data-label": b.answer.decision === "option" ? b.answer.label : undefined,
        onclick: (event: Event) => {
          // One answer per request: the first click wins, a second one is never sent.
          const panel = (event.currentTarget as HTMLElement).closest(".answer");
          panel?.querySelectorAll("button").forEach((button) => (button.disabled = true));
          actions.answer(request.id, b.answer);
        },
      },
      b.text,
    ),
  );
  return h(
    "div",
    { className: "answer", "data-request": request.id, "data-kind": request.kind },
    h("div", { className: "answer-what", title: request.summary }, panelLine(request)),
    h("div", { className: "answer-buttons" }, ...buttons),
  );
}
