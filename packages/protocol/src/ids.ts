// Stable ids (docs/architecture.md#ids-hygiene-and-quoting): a retried hook call maps to the same event id, so the
// tracker can drop it; a run key always maps to the same run id.
import { createHash } from "node:crypto";
import type { ProviderId } from "./providers.js";
import type { EventKind } from "./kinds.js";

/**
 * Keys and array items an event id sorts at most. Hook payloads hold a few hundred; a 1 MiB payload of
 * tiny keys holds ~40,000, and sorting them all stalled the engine's loop for a third of a second.
 */
export const CANONICAL_MAX_ENTRIES = 10_000;

class OverBudget extends Error {}

/** JSON with object keys sorted at every level, so key order never changes an id. */
export function canonicalJson(value: unknown): string {
  return canonical(value, { left: Number.POSITIVE_INFINITY });
}

function canonical(value: unknown, budget: { left: number }): string {
  if (value === null || typeof value !== "object") {
    // JSON.stringify maps undefined/functions/symbols to undefined; the id treats them as null.
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) {
    if ((budget.left -= value.length) < 0) throw new OverBudget();
    return `[${value.map((item) => canonical(item, budget)).join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // Counted before the sort: the sort of one huge object is the cost the budget caps.
  if ((budget.left -= keys.length) < 0) throw new OverBudget();
  const parts: string[] = [];
  for (const key of keys.sort()) {
    const item = record[key];
    // Same as JSON: keys holding undefined are absent.
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    parts.push(`${JSON.stringify(key)}:${canonical(item, budget)}`);
  }
  return `{${parts.join(",")}}`;
}

/**
 * canonicalJson for payloads within CANONICAL_MAX_ENTRIES; beyond it, the payload in its own key order
 * (a retried call sends the same bytes, so the same order): no sort, one native serialisation.
 */
function payloadText(payload: unknown): string {
  try {
    return canonical(payload, { left: CANONICAL_MAX_ENTRIES });
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
    return `unsorted\0${JSON.stringify(payload) ?? "null"}`;
  }
}

/** First 16 bytes of SHA-256, shaped as an RFC 4122 UUID with version 5 and variant 10. */
export function hashUuid(input: string): string {
  const bytes = createHash("sha256").update(input, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function eventId(provider: ProviderId, kind: EventKind, payload: unknown): string {
  return hashUuid(`event\0${provider}\0${kind}\0${payloadText(payload)}`);
}

export function runId(provider: ProviderId, runKey: string): string {
  return hashUuid(`run\0${provider}\0${runKey}`);
}

/** Id for a synthetic event from its own tuple; JSON keeps ("a,b") and ("a","b") apart. */
export function syntheticId(...parts: string[]): string {
  return hashUuid(`synthetic\0${JSON.stringify(parts)}`);
}

/** Run id of turn `generation` of a reused run key; generation 0 is the key's own run id. */
export function generationRunId(baseRunId: string, generation: number): string {
  return generation === 0 ? baseRunId : syntheticId("run-generation", baseRunId, String(generation));
}
