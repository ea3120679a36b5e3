// Claude Code hook payload → Draft (docs/providers.md#claude-code).
import { sanitizeId, sanitizeSessionId, sanitizeToolName } from "./hygiene.js";
import { failureMessage, firstText, ignored, isRecord, requestKind, text } from "./map-common.js";
import type { Draft, ProviderVerdict } from "./map-common.js";

/** Background task statuses that mean "no longer in flight" (anything else, or none, is in flight). */
export const FINISHED_TASK_STATUSES: readonly string[] = [
  "completed",
  "failed",
  "cancelled",
  "canceled",
  "killed",
  "stopped",
  "done",
];
/** Only these task types keep a turn busy; a dev server or `tail -f` (shell, monitor…) must not. */
export const WAITED_TASK_TYPES: readonly string[] = ["subagent", "workflow"];

export function countBackgroundAgents(tasks: unknown): number {
  if (!Array.isArray(tasks)) return 0;
  let count = 0;
  for (const task of tasks) {
    if (!isRecord(task) || typeof task.type !== "string") continue;
    if (!WAITED_TASK_TYPES.includes(task.type.toLowerCase())) continue;
    const status = typeof task.status === "string" ? task.status.toLowerCase() : undefined;
    if (status === undefined || !FINISHED_TASK_STATUSES.includes(status)) count += 1;
  }
  return count;
}

export function backgroundWaitMessage(count: number): string {
  return `Waiting for ${count} background agent${count === 1 ? "" : "s"}`;
}

/**
 * Cursor can run ~/.claude/settings.json hooks itself; its payloads carry its own keys
 * (docs/providers.md#claude-code).
 */
export function looksLikeCursor(payload: Record<string, unknown>): boolean {
  return "conversation_id" in payload && ("generation_id" in payload || "cursor_version" in payload);
}

const NOTIFICATION_KINDS: Record<string, Draft["kind"]> = {
  permission_prompt: "approval-requested",
  agent_needs_input: "input-requested",
  elicitation_dialog: "input-requested",
  elicitation_url_dialog: "input-requested",
  agent_completed: "succeeded",
};

function elicitationAsk(server: unknown): string | undefined {
  const name = text(server);
  return name !== undefined ? `${name.slice(0, 80)} asks for input` : undefined;
}

export function mapClaude(payload: Record<string, unknown>): ProviderVerdict {
  if (looksLikeCursor(payload)) return ignored("foreign-host");
  const hook = text(payload.hook_event_name);
  if (hook === undefined) return ignored("no-event-name");
  const sessionId = sanitizeSessionId(payload.session_id);
  const promptId = sanitizeId(payload.prompt_id);
  const base = { hook, sessionId, runKey: promptId ?? sessionId, cwd: payload.cwd };

  switch (hook) {
    case "SessionStart":
      // A compaction (or any start that names the live prompt) happens mid-turn: mapping it to idle
      // would park a running run until the next tool batch (docs/providers.md#claude-code).
      if (promptId !== undefined) return ignored("session-start-mid-prompt");
      if (payload.source === "compact") return ignored("session-start-compact");
      return { ...base, kind: "idle" };
    case "UserPromptSubmit":
      return { ...base, kind: "started" };
    case "PermissionRequest": {
      const toolName = sanitizeToolName(payload.tool_name);
      return { ...base, kind: requestKind(toolName), toolName, message: payload.message };
    }
    case "PostToolBatch":
      return { ...base, kind: "running" };
    case "Notification": {
      const type = typeof payload.notification_type === "string" ? payload.notification_type : "";
      // idle_prompt fires ~60 s after a turn ended; during a background wait it would read as input.
      const kind = Object.hasOwn(NOTIFICATION_KINDS, type) ? NOTIFICATION_KINDS[type] : undefined;
      if (kind === undefined) return ignored(`notification-${type || "untyped"}`);
      return { ...base, kind, message: payload.message };
    }
    case "Elicitation":
      // An MCP server asks the user (a form or a URL to open); the hook fires as the dialog opens.
      return {
        ...base,
        kind: "input-requested",
        message: firstText(payload.message, elicitationAsk(payload.mcp_server_name)),
      };
    case "ElicitationResult":
      // Answered, declined or cancelled: the tool call goes on either way.
      return { ...base, kind: "running" };
    case "Stop": {
      const waiting = countBackgroundAgents(payload.background_tasks);
      if (waiting > 0) return { ...base, kind: "running", message: backgroundWaitMessage(waiting) };
      return { ...base, kind: "succeeded", message: payload.message };
    }
    case "StopFailure":
      return {
        ...base,
        kind: "failed",
        message: failureMessage(payload.error, payload.error_details, payload.last_assistant_message),
      };
    case "SessionEnd":
      return { ...base, kind: "disconnected" };
    default:
      return ignored("unmapped-event");
  }
}
