// Words for held requests and answers, shared by the dashboard and the popup (docs/answering.md). Pure.
import type { AgentRow, AnswerDecision, HeldRequest } from "@mytty-bar/engine";

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
