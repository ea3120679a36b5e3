// Lines of <data>/events.jsonl: mapped events with the agent they joined to, and workers' notes.
// Never a raw payload.
import { z } from "zod";
import { AgentEventSchema } from "@mytty-bar/protocol";
import { AgentRefSchema } from "./agents.js";

export const LogEntrySchema = z.discriminatedUnion("t", [
  z.object({ t: z.literal("event"), event: AgentEventSchema, agent: AgentRefSchema }),
  z.object({ t: z.literal("note"), key: z.string().max(512), note: z.string().max(1000), at: z.string().datetime() }),
]);
export type LogEntry = z.infer<typeof LogEntrySchema>;

export const AckEntrySchema = z.object({ id: z.string().max(256), at: z.string().datetime() });
export type AckEntry = z.infer<typeof AckEntrySchema>;
