// What a held helper prints for the answers beyond allow / deny of Claude Code and Codex: Claude Code's
// AskUserQuestion answered with one option, and OpenCode's permission and question replies, which our
// OpenCode plugin reads back from the helper (docs/providers.md#answering-questions-and-opencode). Pure.
import type { Answer } from "./answer-schema.js";
import { isRecord } from "./map-common.js";
import { oneLineText } from "./hygiene.js";

/** The one single-choice question a hook may answer: exactly one question, not multiSelect / multiple. */
export function singleChoiceQuestion(
  input: unknown,
): { question: Record<string, unknown>; labels: string[] } | undefined {
  if (!isRecord(input) || !Array.isArray(input.questions) || input.questions.length !== 1) return undefined;
  const question = input.questions[0];
  if (!isRecord(question) || question.multiSelect === true || question.multiple === true) return undefined;
  if (typeof question.question !== "string" || !Array.isArray(question.options)) return undefined;
  const labels = question.options
    .filter(isRecord)
    .map((o) => o.label)
    .filter((l): l is string => typeof l === "string");
  return labels.length > 0 ? { question, labels } : undefined;
}

/**
 * The option `chosen` names. The engine shows labels cleaned of control characters, so the original label is
 * found by comparing cleaned forms; no match answers nothing.
 */
function originalLabel(labels: string[], chosen: string): string | undefined {
  const clean = oneLineText;
  return labels.find((l) => l === chosen) ?? labels.find((l) => clean(l) === clean(chosen));
}

/**
 * Claude Code: a PermissionRequest for AskUserQuestion is answered by allowing the tool with `updatedInput`
 * that keeps the original `questions` and adds `answers`, keyed by the question's text. Anything but a
 * known option of a single-choice question prints nothing (the question stays in the terminal).
 */
export function claudeQuestionAnswer(input: unknown, answer: Answer): string {
  if (answer.decision !== "option" || !isRecord(input)) return "";
  const single = singleChoiceQuestion(input);
  const label = single && originalLabel(single.labels, answer.label);
  if (!single || label === undefined) return "";
  const updatedInput = { ...input, answers: { [single.question.question as string]: label } };
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput } },
  });
}

/**
 * OpenCode: one line of JSON our plugin turns into OpenCode's own reply — `{"reply":"once"}` (allow once, never
 * "always"), `{"reply":"reject","message"}`, or `{"answers":[["<label>"]]}` for a question (one array of chosen
 * labels per question). "Answer in terminal" and anything unknown print nothing: no reply, OpenCode's prompt stays.
 */
export function opencodeAnswer(kind: "approval" | "question", input: unknown, answer: Answer, deny: string): string {
  if (kind === "approval") {
    if (answer.decision === "allow") return JSON.stringify({ reply: "once" });
    if (answer.decision === "deny") return JSON.stringify({ reply: "reject", message: deny });
    return "";
  }
  if (answer.decision !== "option") return "";
  const single = singleChoiceQuestion(input);
  const label = single && originalLabel(single.labels, answer.label);
  return single && label !== undefined ? JSON.stringify({ answers: [[label]] }) : "";
}
