// OpenCode plugin envelope `{run_id, event: {type, properties | data}}` → Draft (docs/providers.md#opencode).
// The envelope is made by our plugin, not by OpenCode, so its shape is checked with zod. OpenCode 1.x
// events carry their body in `properties`; 2.x events in `data`, with new names (session.execution.*,
// permission.v2.*, question.v2.*, form.*). Both vocabularies map here.
import { z } from "zod";
import { sanitizeId, sanitizeSessionId, sanitizeToolName } from "./hygiene.js";
import { failureMessage, firstText, ignored, isRecord } from "./map-common.js";
import type { Draft, ProviderVerdict } from "./map-common.js";

const BodySchema = z.record(z.string(), z.unknown());
const EnvelopeSchema = z.object({
  run_id: z.unknown().optional(),
  event: z.object({
    type: z.string(),
    properties: BodySchema.optional(),
    data: BodySchema.optional(),
  }),
});

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string" && p.length > 0) : [];
}

/** `permission.asked` carries no title: say what is asked for, e.g. "bash requires approval: npm install *". */
export function permissionMessage(properties: Record<string, unknown>): string | undefined {
  const permission = firstText(properties.permission, properties.action);
  if (permission === undefined) return undefined;
  const patterns = strings(properties.patterns).concat(strings(properties.resources));
  return patterns.length > 0
    ? `${permission} requires approval: ${patterns.join(", ")}`
    : `${permission} requires approval`;
}

/** A user abort (Esc, `MessageAbortedError`) interrupts the run; it is not a failure. */
export function isAbort(error: Record<string, unknown>): boolean {
  const name = firstText(error.name, error.type) ?? "";
  return /abort/i.test(name);
}

/** The events that answer a request: the run goes on. */
const RESUMES: ReadonlySet<string> = new Set([
  "permission.replied",
  "permission.v2.replied",
  "question.replied",
  "question.rejected",
  "question.v2.replied",
  "question.v2.rejected",
  "form.replied",
  "form.cancelled",
]);

type Base = Pick<Draft, "hook" | "sessionId" | "runKey">;

function ending(base: Base, type: string, body: Record<string, unknown>): Draft | undefined {
  switch (type) {
    case "session.idle":
    case "session.execution.succeeded":
      return { ...base, kind: "succeeded" };
    case "session.error":
    case "session.execution.failed": {
      const error = record(body.error);
      if (isAbort(error)) return { ...base, kind: "idle" };
      const data = record(error.data);
      // OpenCode gives up on a 429 after its retries with an APIError carrying the HTTP status (1.18.33).
      const limit = data.statusCode === 429 ? "rate_limit" : undefined;
      return { ...base, kind: "failed", message: failureMessage(limit, data.message, error.message) };
    }
    // reason: user (Esc) or superseded (a new prompt) pause the session; shutdown means OpenCode went away.
    case "session.execution.interrupted":
      return { ...base, kind: body.reason === "shutdown" ? "disconnected" : "idle" };
    default:
      return undefined;
  }
}

function request(base: Base, type: string, body: Record<string, unknown>): Draft | undefined {
  switch (type) {
    case "permission.asked":
    case "permission.v2.asked": {
      const toolName = sanitizeToolName(body.permission) ?? sanitizeToolName(body.action);
      return {
        ...base,
        kind: "approval-requested",
        toolName,
        message: firstText(body.title, body.reason) ?? permissionMessage(body),
      };
    }
    case "permission.updated":
      return { ...base, kind: "approval-requested", toolName: sanitizeToolName(body.type), message: body.title };
    case "question.asked":
    case "question.v2.asked": {
      const first = record(Array.isArray(body.questions) ? body.questions[0] : undefined);
      return { ...base, kind: "input-requested", message: firstText(body.title, first.header, first.question) };
    }
    case "form.created":
      return { ...base, kind: "input-requested", message: firstText(record(body.form).title) };
    default:
      return undefined;
  }
}

export function mapOpenCode(payload: Record<string, unknown>): ProviderVerdict {
  const envelope = EnvelopeSchema.safeParse(payload);
  if (!envelope.success) return { invalid: "expected {run_id, event: {type, properties | data}}" };
  const { type } = envelope.data.event;
  const body = envelope.data.event.properties ?? envelope.data.event.data ?? {};
  const info = record(body.info);
  const form = record(body.form);
  const sessionId =
    sanitizeSessionId(body.sessionID) ?? sanitizeSessionId(info.sessionID) ?? sanitizeSessionId(form.sessionID);
  const base: Base = { hook: type, sessionId, runKey: sanitizeId(envelope.data.run_id) };

  if (type === "message.updated") {
    // Esc before the model's first token (OpenCode 1.18.33): no session.error, only the assistant message
    // ending with its error, then session.idle. The error is the turn's end, like session.error's.
    if (info.role === "assistant" && isRecord(info.error)) return ending(base, "session.error", { error: info.error })!;
    if (info.role !== "user") return ignored("not-a-user-message");
    // OpenCode writes the turn's file diffs into the user message after the fact (~150 ms after
    // session.idle in 1.18.33): the same message again, with `summary`, is not a new prompt.
    return info.summary !== undefined ? ignored("summary-update") : { ...base, kind: "started" };
  }
  if (type === "session.execution.started") return { ...base, kind: "started" };
  // An answered (or dismissed) request resumes the run; without this its end would be lost.
  if (RESUMES.has(type)) return { ...base, kind: "running" };
  return request(base, type, body) ?? ending(base, type, body) ?? ignored("unmapped-event");
}
