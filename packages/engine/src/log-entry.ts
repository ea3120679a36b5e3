// Lines of <data>/events.jsonl: mapped events with the agent they joined to, workers' notes, and —
// once compaction had to fold a busy log — runs as they were then (log-snapshot.ts). Never a raw payload.
import { z } from "zod";
import {
  AgentEventSchema,
  AnswerSourceSchema,
  AttentionItemSchema,
  ProviderIdSchema,
  RunSchema,
} from "@mytty-bar/protocol";
import { AgentRefSchema } from "./agents.js";

export const LogEntrySchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("event"), event: AgentEventSchema, agent: AgentRefSchema }),
  z.object({ t: z.literal("note"), key: z.string().max(512), note: z.string().max(1000), at: z.string().datetime() }),
  /** Who answered which held request, how, and when (docs/answering.md#the-record). Never the tool's input. */
  z.object({
    t: z.literal("answer"),
    key: z.string().max(512),
    request: z.string().max(64),
    provider: ProviderIdSchema,
    runId: z.string().max(64),
    tool: z.string().max(128),
    by: AnswerSourceSchema,
    decision: z.enum(["allow", "deny", "terminal", "option"]),
    at: z.string().datetime(),
  }),
  z.object({
    t: z.literal("run"),
    run: RunSchema,
    agent: AgentRefSchema,
    /** The run's Attention items (acknowledgements included). */
    items: z.array(AttentionItemSchema).max(1000),
    /** It is the agent's latest run (the one its row shows). */
    latest: z.boolean(),
    firstSeenAt: z.string().datetime(),
  }),
]);
export type LogEntry = z.infer<typeof LogEntrySchema>;
/** A compacted log's line: one run as it was, with its Attention items. */
export type RunEntry = Extract<LogEntry, { t: "run" }>;

export const AckEntrySchema = z.object({ id: z.string().max(256), at: z.string().datetime() });
export type AckEntry = z.infer<typeof AckEntrySchema>;
