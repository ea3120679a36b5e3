// Gemini CLI hook payload → Draft (docs/providers.md, Gemini CLI). Its events arrive as the provider
// `antigravity`; unlike agy's plugin payloads they carry `hook_event_name`.
import { sanitizeSessionId, sanitizeToolName } from "./hygiene.js";
import { ignored, text } from "./map-common.js";
import type { ProviderVerdict } from "./map-common.js";

/** What Gemini CLI puts in `prompt_response` when the turn produced no text (`core/client.ts`). */
export const NO_RESPONSE_TEXT = "[no response text]";
/** The payload cannot tell a stop from an API error; the row says both. */
const NO_RESPONSE_MESSAGE = "Ended without a response (stopped, or an API error)";

/** A Gemini CLI payload (agy's plugin payloads have no `hook_event_name`). */
export function isGeminiCliPayload(payload: Record<string, unknown>): boolean {
  return text(payload.hook_event_name) !== undefined;
}

export function mapGeminiCli(payload: Record<string, unknown>): ProviderVerdict {
  const hook = text(payload.hook_event_name);
  if (hook === undefined) return ignored("no-event-name");
  // No prompt id in any payload: the session is the run key, and each turn is a new generation of it.
  const sessionId = sanitizeSessionId(payload.session_id);
  const base = { hook, sessionId, runKey: sessionId, cwd: payload.cwd };
  switch (hook) {
    case "SessionStart":
      return { ...base, kind: "idle" };
    case "BeforeAgent":
      // `running`, not `started`: a denied tool ends the turn without any hook, so the next prompt must also
      // clear the approval it left waiting (a `started` would be ignored there), as agy's PreInvocation does.
      return { ...base, kind: "running" };
    case "Notification":
      if (payload.notification_type !== "ToolPermission")
        return ignored(`notification-${text(payload.notification_type) ?? "untyped"}`);
      // `details.title` is the dialog's title ("Confirm Shell Command"), not a tool name: the message says it.
      return { ...base, kind: "approval-requested", message: payload.message };
    case "AfterTool":
      return { ...base, kind: "running", toolName: sanitizeToolName(payload.tool_name) };
    case "AfterAgent":
      // A turn without text (Esc, an API error: 0.61.0 fires AfterAgent for both) is over but did not finish.
      return payload.prompt_response === NO_RESPONSE_TEXT
        ? { ...base, kind: "idle", message: NO_RESPONSE_MESSAGE }
        : { ...base, kind: "succeeded" };
    case "SessionEnd":
      return { ...base, kind: "disconnected" };
    default:
      return ignored("unmapped-event");
  }
}
