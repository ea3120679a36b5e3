// OpenCode plugin envelope `{run_id, event: {type, properties}}` → Draft (docs/providers.md#opencode).
// The envelope is made by our plugin, not by OpenCode, so its shape is checked with zod.
import { z } from "zod";
import { sanitizeId, sanitizeSessionId, sanitizeToolName } from "./hygiene.js";
import { firstText, ignored, isRecord } from "./map-common.js";
import type { ProviderVerdict } from "./map-common.js";

const EnvelopeSchema = z.object({
  run_id: z.unknown().optional(),
  event: z.object({
    type: z.string(),
    properties: z.record(z.string(), z.unknown()).optional(),
  }),
});

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** `permission.asked` carries no title: say what is asked for, e.g. "bash requires approval: npm install *". */
export function permissionMessage(properties: Record<string, unknown>): string | undefined {
  const permission = firstText(properties.permission);
  if (permission === undefined) return undefined;
  const patterns = Array.isArray(properties.patterns) ? properties.patterns.filter((p): p is string => typeof p === "string" && p.length > 0) : [];
  return patterns.length > 0 ? `${permission} requires approval: ${patterns.join(", ")}` : `${permission} requires approval`;
}

export function mapOpenCode(payload: Record<string, unknown>): ProviderVerdict {
  const envelope = EnvelopeSchema.safeParse(payload);
  if (!envelope.success) return { invalid: "expected {run_id, event: {type, properties}}" };
  const { type } = envelope.data.event;
  const properties = envelope.data.event.properties ?? {};
  const info = record(properties.info);
  const sessionId = sanitizeSessionId(properties.sessionID) ?? sanitizeSessionId(info.sessionID);
  const base = { hook: type, sessionId, runKey: sanitizeId(envelope.data.run_id) };

  switch (type) {
    case "message.updated":
      return info.role === "user" ? { ...base, kind: "started" } : ignored("not-a-user-message");
    case "permission.asked": {
      const toolName = sanitizeToolName(properties.permission);
      return { ...base, kind: "approval-requested", toolName, message: firstText(properties.title) ?? permissionMessage(properties) };
    }
    case "permission.updated":
      return { ...base, kind: "approval-requested", toolName: sanitizeToolName(properties.type), message: properties.title };
    // An answered (or dismissed) question resumes the run; without this its session.idle would be lost.
    case "permission.replied":
    case "question.replied":
    case "question.rejected":
      return { ...base, kind: "running" };
    case "question.asked": {
      const first = record(Array.isArray(properties.questions) ? properties.questions[0] : undefined);
      return { ...base, kind: "input-requested", message: firstText(properties.title, first.header) };
    }
    case "session.idle":
      return { ...base, kind: "succeeded" };
    case "session.error": {
      const error = record(properties.error);
      return { ...base, kind: "failed", message: firstText(record(error.data).message, error.message) };
    }
    default:
      return ignored("unmapped-event");
  }
}
