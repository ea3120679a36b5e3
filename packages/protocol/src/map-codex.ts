// Codex CLI hook payload → Draft (docs/providers.md#codex).
import { sanitizeId, sanitizeSessionId, sanitizeToolName, sanitizeToolUseId } from "./hygiene.js";
import { failureMessage, firstArrayItem, firstText, ignored, requestKind, text } from "./map-common.js";
import type { ProviderVerdict } from "./map-common.js";

/**
 * A hook fired inside a thread-spawned subagent carries `agent_id` (openai/codex#22882). Codex submits the
 * subagent's prompt itself (openai/codex#29640): as `started` it would end the lead's run on the same agent
 * row, a waiting approval included, so it is not a turn of the user's.
 */
export function isCodexSubagent(payload: Record<string, unknown>): boolean {
  return text(payload.agent_id) !== undefined;
}

/** The first question request_user_input asks (`tool_input.questions[0]`), so the row says what is asked. */
function firstQuestion(toolInput: unknown): string | undefined {
  const questions =
    typeof toolInput === "object" && toolInput !== null ? (toolInput as { questions?: unknown }).questions : undefined;
  const first = firstArrayItem(questions);
  if (typeof first !== "object" || first === null) return undefined;
  const { question, header } = first as { question?: unknown; header?: unknown };
  return firstText(question, header);
}

export function mapCodex(payload: Record<string, unknown>): ProviderVerdict {
  const hook = text(payload.hook_event_name);
  if (hook === undefined) return ignored("no-event-name");
  if (hook === "UserPromptSubmit" && isCodexSubagent(payload)) return ignored("subagent-prompt");
  const sessionId = sanitizeSessionId(payload.session_id);
  const base = {
    hook,
    sessionId,
    runKey: sanitizeId(payload.turn_id) ?? sessionId,
    cwd: payload.cwd,
    message: payload.message,
  };

  switch (hook) {
    case "SessionStart":
      return { ...base, kind: "idle" };
    case "UserPromptSubmit":
      return { ...base, kind: "started" };
    case "PreToolUse": {
      // Installed for request_user_input only: Codex waits for the answer without a hook of its own
      // (openai/codex#40164); its PostToolUse puts the run back to running.
      const toolName = sanitizeToolName(payload.tool_name);
      if (toolName !== "request_user_input") return ignored("not-a-question-tool");
      return {
        ...base,
        kind: "input-requested",
        toolName,
        toolUseId: sanitizeToolUseId(payload.tool_use_id),
        message: firstQuestion(payload.tool_input),
      };
    }
    case "PermissionRequest": {
      const toolName = sanitizeToolName(payload.tool_name);
      return { ...base, kind: requestKind(toolName), toolName };
    }
    case "PostToolUse":
      return {
        ...base,
        kind: "running",
        toolName: sanitizeToolName(payload.tool_name),
        toolUseId: sanitizeToolUseId(payload.tool_use_id),
      };
    case "Stop":
      return { ...base, kind: "succeeded" };
    case "StopFailure":
      return {
        ...base,
        kind: "failed",
        message: failureMessage(payload.error, payload.message, payload.error_details, payload.last_assistant_message),
      };
    case "Interrupt":
      // The user stopped the turn: it is over but did not finish (docs/providers.md#codex).
      return { ...base, kind: "idle" };
    case "SessionEnd":
      return { ...base, kind: "disconnected" };
    default:
      return ignored("unmapped-event");
  }
}
