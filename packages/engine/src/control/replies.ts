// The replies a client gets from the control socket, checked before use: list → `{ agents }`, stats,
// wait, focus, note. Dependency-free guards rather than zod, so `@mytty-bar/engine/client` stays
// light (mytty-team list/wait start on a budget, docs/architecture.md#targets). A guard returns the
// reply's own object, never a copy: `mytty-team list --json` prints the engine's rows byte for byte.
// test/replies.test.ts pins them to the engine's zod schemas (snapshot.ts) both ways.
import { ControlClientError } from "./client.js";
import type { AgentRow, Stats } from "../snapshot.js";

type Shape = Record<string, unknown>;

const isObject = (value: unknown): value is Shape =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const orNull = (value: unknown, test: (v: unknown) => boolean) => value === null || test(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);
const optional = (value: unknown, test: (v: unknown) => boolean) => value === undefined || test(value);

/** The fields of a row every client relies on (AgentRowSchema in snapshot.ts has them all). */
export function isAgentRow(value: unknown): value is AgentRow {
  if (!isObject(value)) return false;
  const { id, tty, pid, provider, via, executable, terminal, state, attention, updatedAt } = value;
  return (
    isString(id) &&
    orNull(tty, isString) &&
    orNull(pid, isInt) &&
    isString(provider) &&
    (via === "process" || via === "descendant" || via === "hint") &&
    orNull(executable, isString) &&
    isObject(terminal) &&
    isString(state) &&
    typeof attention === "boolean" &&
    isString(updatedAt) &&
    optional(value.label, isString) &&
    optional(value.note, isString) &&
    optional(value.message, isString) &&
    optional(value.cwd, isString)
  );
}

export function isStats(value: unknown): value is Stats {
  if (!isObject(value)) return false;
  const { accepted, duplicates, rejected, spoolBacklog, lastEventAt } = value;
  return (
    [accepted, duplicates, rejected, spoolBacklog].every(isInt) &&
    optional(value.ignored, isInt) &&
    isObject(lastEventAt) &&
    Object.values(lastEventAt).every(isString)
  );
}

export type CheckedWaitResult =
  { reached: true; agent: AgentRow } | { reached: false; reason: "timeout" | "gone"; agent?: AgentRow };

function badReply(op: string): ControlClientError {
  return new ControlClientError("bad-reply", `The engine's reply to ${op} has an unexpected shape.`);
}

/** `list` → its rows, or a `bad-reply` ControlClientError. */
export function listReply(reply: unknown): AgentRow[] {
  const agents = isObject(reply) ? reply.agents : undefined;
  if (Array.isArray(agents) && agents.every(isAgentRow)) return agents;
  throw badReply("list");
}

export function statsReply(reply: unknown): Stats {
  if (isStats(reply)) return reply;
  throw badReply("stats");
}

export function waitReply(reply: unknown): CheckedWaitResult {
  if (isObject(reply)) {
    if (reply.reached === true && isAgentRow(reply.agent)) return reply as CheckedWaitResult;
    if (
      reply.reached === false &&
      (reply.reason === "timeout" || reply.reason === "gone") &&
      optional(reply.agent, isAgentRow)
    )
      return reply as CheckedWaitResult;
  }
  throw badReply("wait");
}

export function focusReply(reply: unknown): boolean {
  if (isObject(reply) && typeof reply.focused === "boolean") return reply.focused;
  throw badReply("focus");
}

export function noteReply(reply: unknown): { agent?: string; note: string } {
  if (isObject(reply) && isString(reply.note) && optional(reply.agent, isString))
    return reply as { agent?: string; note: string };
  throw badReply("note");
}
