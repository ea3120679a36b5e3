// Codex CLI hook payload → Draft (providers.md §2.2, §3.1).
import { sanitizeId, sanitizeSessionId, sanitizeToolName, sanitizeToolUseId } from "./hygiene.js";
import { failureMessage, ignored, requestKind, text } from "./map-common.js";
import type { ProviderVerdict } from "./map-common.js";

export function mapCodex(payload: Record<string, unknown>): ProviderVerdict {
  const hook = text(payload.hook_event_name);
  if (hook === undefined) return ignored("no-event-name");
  const sessionId = sanitizeSessionId(payload.session_id);
  const base = { hook, sessionId, runKey: sanitizeId(payload.turn_id) ?? sessionId, cwd: payload.cwd, message: payload.message };

  switch (hook) {
    case "SessionStart":
      return { ...base, kind: "idle" };
    case "UserPromptSubmit":
      return { ...base, kind: "started" };
    case "PermissionRequest": {
      const toolName = sanitizeToolName(payload.tool_name);
      return { ...base, kind: requestKind(toolName), toolName };
    }
    case "PostToolUse":
      return { ...base, kind: "running", toolName: sanitizeToolName(payload.tool_name), toolUseId: sanitizeToolUseId(payload.tool_use_id) };
    case "Stop":
      return { ...base, kind: "succeeded" };
    case "StopFailure":
      return {
        ...base,
        kind: "failed",
        message: failureMessage(payload.error, payload.message, payload.error_details, payload.last_assistant_message),
      };
    case "Interrupt":
      // The user stopped the turn: it is over but did not finish (§2.2 [rec]).
      return { ...base, kind: "idle" };
    case "SessionEnd":
      return { ...base, kind: "disconnected" };
    default:
      return ignored("unmapped-event");
  }
}
