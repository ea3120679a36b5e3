// Cursor CLI hook payload → Draft (docs/providers.md#cursor-cli). The approval estimate lives in
// cursor-estimator.ts; it needs toolUseId/toolName and the hook name, so every tool event keeps them.
import { sanitizeId, sanitizeSessionId, sanitizeToolName, sanitizeToolUseId } from "./hygiene.js";
import { firstArrayItem, ignored, text } from "./map-common.js";
import type { Draft, ProviderVerdict } from "./map-common.js";

const STOP_KINDS: Record<string, Draft["kind"]> = {
  completed: "succeeded",
  error: "failed",
  aborted: "disconnected",
};

/** `event` is the helper's argv event name; the payload's own name is the fallback. */
export function mapCursor(payload: Record<string, unknown>, event: string | undefined): ProviderVerdict {
  const hook = text(event) ?? text(payload.hook_event_name);
  if (hook === undefined) return ignored("no-event-name");
  const sessionId = sanitizeSessionId(payload.conversation_id) ?? sanitizeSessionId(payload.session_id);
  const base = { hook, sessionId, runKey: sanitizeId(payload.generation_id) ?? sessionId, cwd: firstArrayItem(payload.workspace_roots) };
  const tool = { toolName: sanitizeToolName(payload.tool_name), toolUseId: sanitizeToolUseId(payload.tool_use_id) };

  switch (hook) {
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
      const status = typeof payload.status === "string" ? payload.status.toLowerCase() : "";
      // A stop without a known status still ends the run, or it would stay running forever.
      const kind = (Object.hasOwn(STOP_KINDS, status) ? STOP_KINDS[status] : undefined) ?? "succeeded";
      return { ...base, kind, message: kind === "failed" ? payload.error : undefined };
    }
    default:
      return ignored("unmapped-event");
  }
}
