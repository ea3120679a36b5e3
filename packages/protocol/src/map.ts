// Payload → lifecycle event (docs/architecture.md#runs-and-attention). Each provider's rules live in
// map-<provider>.ts; this module adds what every event shares: ids, time, hygiene, the message fallback, missing run
// keys.
import type { ProviderId } from "./providers.js";
import type { AgentEvent } from "./event.js";
import { EVENT_SCHEMA_VERSION } from "./event.js";
import { eventId, runId } from "./ids.js";
import { sanitizeCwd, sanitizeMessage, sanitizeToolName } from "./hygiene.js";
import { isRecord } from "./map-common.js";
import type { ProviderVerdict } from "./map-common.js";
import { mapClaude } from "./map-claude.js";
import { mapCodex } from "./map-codex.js";
import { mapCursor } from "./map-cursor.js";
import { mapOpenCode } from "./map-opencode.js";
import { mapAntigravity } from "./map-antigravity.js";

export interface MapInput {
  provider: ProviderId;
  /** Event name from the helper's argv (cursor, antigravity), when present. */
  event?: string;
  payload: Record<string, unknown>;
  now: Date;
  cwd?: string;
}

export type MapResult =
  | { status: "mapped"; event: AgentEvent }
  | { status: "ignored"; reason: string }
  | { status: "error"; code: "missing-run-key" | "invalid-payload"; message: string };

function verdict(input: MapInput): ProviderVerdict {
  switch (input.provider) {
    case "claude-code":
      return mapClaude(input.payload);
    case "codex":
      return mapCodex(input.payload);
    case "cursor":
      return mapCursor(input.payload, input.event);
    case "opencode":
      return mapOpenCode(input.payload);
    case "antigravity":
      return mapAntigravity(input.payload, input.event);
    default:
      return { ignored: "unknown-provider" };
  }
}

/** "Bash requires approval": the English fallback when an approval names a tool but says nothing. */
export function approvalMessage(toolName: string): string {
  return `${toolName} requires approval`;
}

/** Payload → lifecycle event, per each provider's section of docs/providers.md. Pure: `now` is the receive time. */
export function mapPayload(input: MapInput): MapResult {
  if (!isRecord(input.payload))
    return { status: "error", code: "invalid-payload", message: "payload is not a JSON object" };
  const result = verdict(input);
  if ("ignored" in result) return { status: "ignored", reason: result.ignored };
  if ("invalid" in result)
    return { status: "error", code: "invalid-payload", message: `${input.provider}: ${result.invalid}` };

  const { kind, runKey } = result;
  if (runKey === undefined) {
    return {
      status: "error",
      code: "missing-run-key",
      message: `${input.provider} ${result.hook} (${kind}) carries no usable run key`,
    };
  }
  let message = sanitizeMessage(result.message);
  if (message === undefined && kind === "approval-requested" && result.toolName !== undefined)
    message = approvalMessage(result.toolName);

  const event: AgentEvent = {
    v: EVENT_SCHEMA_VERSION,
    id: eventId(input.provider, kind, input.payload),
    provider: input.provider,
    kind,
    runKey,
    runId: runId(input.provider, runKey),
    hook: sanitizeToolName(result.hook) ?? "unknown",
    at: input.now.toISOString(),
  };
  if (result.sessionId !== undefined) event.sessionId = result.sessionId;
  if (message !== undefined) event.message = message;
  if (result.toolName !== undefined) event.toolName = result.toolName;
  if (result.toolUseId !== undefined) event.toolUseId = result.toolUseId;
  const cwd = sanitizeCwd(result.cwd) ?? sanitizeCwd(input.cwd);
  if (cwd !== undefined) event.cwd = cwd;
  return { status: "mapped", event };
}
