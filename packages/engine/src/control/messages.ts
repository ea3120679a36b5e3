// Control socket wire format: one JSON object per line each way. Requests are validated here; the
// replies carry the request's `id` so a client may pipeline.
import { z } from "zod";
import { AnswerSchema } from "@mytty-bar/protocol";
import { WAIT_CONDITIONS } from "../policy/wait.js";

export const CONTROL_MAX_LINE_BYTES = 64 * 1024;
export const NOTE_MAX_CHARS = 200;

const id = z.union([z.string().max(64), z.number().int()]).optional();
const agent = z.string().min(1).max(300);
/** The asker's tmux server, so a label used on several servers means the one on theirs. */
const near = z.object({ tmuxSocket: z.string().min(1).max(4096).optional() }).optional();

export const ControlRequestSchema = z.discriminatedUnion("op", [
  z.object({ id, op: z.literal("ping") }),
  z.object({ id, op: z.literal("list") }),
  z.object({ id, op: z.literal("snapshot") }),
  z.object({ id, op: z.literal("stats") }),
  /** Replies with the current snapshot, then pushes `{event:"snapshot"}` lines on every change. */
  z.object({ id, op: z.literal("watch") }),
  z.object({
    id,
    op: z.literal("wait"),
    agent,
    until: z.enum(WAIT_CONDITIONS),
    timeoutSeconds: z
      .number()
      .positive()
      .max(7 * 24 * 3600)
      .optional(),
    near,
  }),
  /** Acknowledge one item, or every actionable item of an agent. */
  z.object({ id, op: z.literal("ack"), itemId: z.string().min(1).max(256).optional(), agent: agent.optional(), near }),
  z.object({ id, op: z.literal("focus"), agent, near }),
  /** A worker's one-line self-report; `pid` (the worker's own process) finds its agent up the parent chain. */
  z.object({
    id,
    op: z.literal("note"),
    agent: agent.optional(),
    pid: z.number().int().positive().optional(),
    text: z.string().max(4000),
    near,
  }),
  /**
   * Answer a held request (docs/answering.md#from-the-control-socket): refused unless allowAgentAnswers is on,
   * and always for a caller in the request's own pane. `pid` is the caller's own process.
   */
  z.object({
    id,
    op: z.literal("answer"),
    requestId: z.string().min(1).max(64),
    answer: AnswerSchema,
    pid: z.number().int().positive(),
  }),
]);
export type ControlRequest = z.infer<typeof ControlRequestSchema>;
export type ControlOp = ControlRequest["op"];

export type ControlErrorCode =
  "bad-request" | "too-large" | "unknown-agent" | "ambiguous-agent" | "unknown-item" | "busy" | "internal";

export type ControlReply =
  | { id?: string | number; ok: true; result: unknown }
  | { id?: string | number; ok: false; error: { code: ControlErrorCode; message: string } }
  | { id?: string | number; event: "snapshot"; snapshot: unknown };

export interface PingResult {
  pid: number;
  startedAt: string;
  version: string;
}

export type WaitResult =
  { reached: true; agent: unknown } | { reached: false; reason: "timeout" | "gone"; agent?: unknown };

export class ControlRequestError extends Error {
  constructor(
    readonly code: ControlErrorCode,
    message: string,
  ) {
    super(message);
  }
}
