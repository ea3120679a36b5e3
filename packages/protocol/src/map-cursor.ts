// Cursor CLI hook payload → Draft (docs/providers.md#cursor-cli). The approval estimate lives in
// cursor-estimator.ts; it needs toolUseId/toolName and the hook name, so every tool event keeps them.
import { sanitizeId, sanitizeSessionId, sanitizeToolName, sanitizeToolUseId } from "./hygiene.js";
import { firstArrayItem, firstText, ignored, text } from "./map-common.js";
import type { Draft, ProviderVerdict } from "./map-common.js";

const STOP_KINDS: Record<string, Draft["kind"]> = {
  completed: "succeeded",
  error: "failed",
  aborted: "disconnected",
};

/** sessionEnd `reason`: how the session ended. Anything else (window_close, user_close…) = the agent went away. */
const SESSION_END_KINDS: Record<string, Draft["kind"]> = {
  completed: "succeeded",
  error: "failed",
};

function endKind(table: Record<string, Draft["kind"]>, value: unknown, fallback: Draft["kind"]): Draft["kind"] {
  const key = typeof value === "string" ? value.toLowerCase() : "";
  return (Object.hasOwn(table, key) ? table[key] : undefined) ?? fallback;
}

/** `event` is the helper's argv event name; the payload's own name is the fallback. */
export function mapCursor(payload: Record<string, unknown>, event: string | undefined): ProviderVerdict {
  const hook = text(event) ?? text(payload.hook_event_name);
  if (hook === undefined) return ignored("no-event-name");
  const sessionId = sanitizeSessionId(payload.conversation_id) ?? sanitizeSessionId(payload.session_id);
  const base = {
    hook,
    sessionId,
    runKey: sanitizeId(payload.generation_id) ?? sessionId,
    cwd: firstArrayItem(payload.workspace_roots),
  };
  const tool = { toolName: sanitizeToolName(payload.tool_name), toolUseId: sanitizeToolUseId(payload.tool_use_id) };

  switch (hook) {
    case "sessionStart":
      return { ...base, kind: "idle" };
    // Headless `agent -p` fires neither beforeSubmitPrompt nor stop: sessionEnd is what ends its run.
    case "sessionEnd": {
      const kind = endKind(SESSION_END_KINDS, payload.reason, "disconnected");
      const message = kind === "failed" ? firstText(payload.error_message, payload.final_status) : undefined;
      return { ...base, kind, message };
    }
    // A subagent (Task tool) works while the parent generation shows no tool calls of its own.
    case "subagentStart":
      return { ...base, kind: "running", message: payload.subagent_type };
    case "subagentStop":
      return { ...base, kind: "running" };
    case "beforeSubmitPrompt":
      return { ...base, kind: "started" };
    case "preToolUse":
      return { ...base, ...tool, kind: "running", message: payload.tool_name };
    case "postToolUse":
    case "postToolUseFailure":
      return { ...base, ...tool, kind: "running" };
    case "beforeShellExecution":
    case "afterShellExecution":
      return { ...base, kind: "running", message: payload.command };
    case "stop": {
      // A stop without a known status still ends the run, or it would stay running forever.
      const kind = endKind(STOP_KINDS, payload.status, "succeeded");
      return { ...base, kind, message: kind === "failed" ? payload.error : undefined };
    }
    default:
      return ignored("unmapped-event");
  }
}
