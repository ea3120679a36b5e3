// The parse worker's entry (prepare-offload.ts starts it): prepares the big spool files the engine hands
// it, off the engine's loop, with the same prepareSpool the loop runs for small ones.
import { parentPort } from "node:worker_threads";
import { CANONICAL_MAX_ENTRIES } from "@mytty-bar/protocol";
import { prepareSpool, type SpoolOutcome } from "./prepare.js";

export interface PrepareRequest {
  id: number;
  bytes: Uint8Array;
  /** The receive time (epoch ms) the loop read from its clock: the event's `at`. */
  now: number;
}

export interface PrepareReply {
  id: number;
  outcome: SpoolOutcome;
}

/** A held payload with more keys and items than this stays here (the same budget the event id sorts). */
export const HELD_COPY_MAX_ENTRIES = CANONICAL_MAX_ENTRIES;

/**
 * The payload travels back only for a held request (answering reads its tool input), and only within
 * HELD_COPY_MAX_ENTRIES: copying a 40,000-key payload into the loop costs it about as much as parsing it
 * there did (docs/performance.md#what-changed-to-get-there). A held request whose payload stays here goes
 * back to the terminal.
 */
export function replyOf(id: number, outcome: SpoolOutcome): PrepareReply {
  if (outcome.status !== "mapped") return { id, outcome };
  if (outcome.envelope.hold !== undefined && !entriesOver(outcome.payload, HELD_COPY_MAX_ENTRIES))
    return { id, outcome };
  return { id, outcome: { ...outcome, payload: {}, payloadLeft: true } };
}

/** Whether `value` holds more than `max` object keys and array items, counted at every level. */
export function entriesOver(value: unknown, max: number): boolean {
  let left = max;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object") continue;
    const children = Array.isArray(item) ? item : Object.values(item);
    if ((left -= children.length) < 0) return true;
    for (const child of children) stack.push(child);
  }
  return false;
}

parentPort?.on("message", (request: PrepareRequest) => {
  parentPort?.postMessage(replyOf(request.id, prepareSpool(request.bytes, new Date(request.now))));
});
