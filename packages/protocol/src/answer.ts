// Answering a held request (docs/answering.md): the shapes front ends, the engine and the control socket
// share, the safe summary of a tool's input, and what the held hook prints for each answer. Pure.
import type { ProviderId } from "./provider-ids.js";
import { claudeQuestionAnswer, opencodeAnswer } from "./answer-providers.js";
import { oneLineText, shownText } from "./hygiene.js";
import type { Answer, HeldRequest } from "./answer-schema.js";

export * from "./answer-schema.js";

export const REQUEST_SUMMARY_MAX_CHARS = 300;
export const DEFAULT_DENY_MESSAGE = "Denied by the user from Mytty Bar.";

/**
 * One line for a tool's input: a command or path when the input names one, else compact JSON; control
 * characters (terminal escapes, bidi overrides) removed, white space collapsed, cut to ≤ 300 characters
 * with an ellipsis, never splitting a surrogate pair.
 */
export function requestSummary(toolInput: unknown): string {
  let raw: string;
  if (typeof toolInput === "string") raw = toolInput;
  else if (toolInput !== null && typeof toolInput === "object" && !Array.isArray(toolInput)) {
    const input = toolInput as Record<string, unknown>;
    const named = [input.command, input.file_path, input.path, input.url, input.pattern].find(
      (v): v is string => typeof v === "string",
    );
    raw = named ?? safeJson(toolInput);
  } else raw = toolInput === undefined ? "" : safeJson(toolInput);
  // A huge input is cut before the regexes run: the summary never needs more than its cap.
  const line = shownText(raw.slice(0, REQUEST_SUMMARY_MAX_CHARS * 8).replace(/\s+/gu, " ")).trim();
  if (line.length <= REQUEST_SUMMARY_MAX_CHARS) return line;
  let end = REQUEST_SUMMARY_MAX_CHARS - 1;
  const last = line.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${line.slice(0, end)}…`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return ""; // a cyclic or BigInt value cannot come from JSON.parse; shown as nothing rather than thrown
  }
}

/** Providers whose PermissionRequest hook may be held and answered (docs/providers.md#answering-permission-requests). */
export const HELD_PROVIDERS: readonly ProviderId[] = ["claude-code", "codex"];

/**
 * What the held hook prints on stdout for this answer; "" prints nothing, which hands the request back
 * to the agent's own prompt. Claude Code and Codex share the PermissionRequest decision shape
 * (docs/providers.md#answering-permission-requests). An answer this provider cannot take prints nothing.
 */
export function formatAnswer(
  provider: ProviderId,
  request: Pick<HeldRequest, "kind"> & { input?: unknown },
  answer: Answer,
): string {
  // The agent reads the message as the reason: say who denied, so it does not retry in a loop.
  const denial = answer.decision === "deny" ? oneLineText(answer.message ?? "").slice(0, 1000) : "";
  const message = denial || DEFAULT_DENY_MESSAGE;
  // Questions and OpenCode: docs/providers.md#answering-questions-and-opencode.
  if (provider === "opencode") return opencodeAnswer(request.kind, request.input, answer, message);
  if (provider !== "claude-code" && provider !== "codex") return "";
  if (request.kind !== "approval") return provider === "claude-code" ? claudeQuestionAnswer(request.input, answer) : "";
  if (answer.decision === "allow") return permissionDecision({ behavior: "allow" });
  if (answer.decision === "deny") return permissionDecision({ behavior: "deny", message });
  return "";
}

function permissionDecision(decision: { behavior: "allow" } | { behavior: "deny"; message?: string }): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision } });
}
