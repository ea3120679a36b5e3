// The answer shapes front ends, the engine, the control socket and the provider encoders share
// (docs/answering.md): a leaf, so the encoders in answer-providers.ts need not import answer.ts.
import { z } from "zod";

export const AnswerSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("allow") }),
  z.object({ decision: z.literal("deny"), message: z.string().max(1000).optional() }),
  z.object({ decision: z.literal("terminal") }),
  z.object({ decision: z.literal("option"), label: z.string().min(1).max(1000) }),
]);
export type Answer = z.infer<typeof AnswerSchema>;
export type AnswerDecision = Answer["decision"];

/** Who gave the answer: the in-process front ends a person drives, or the control socket (opt-in). */
export const AnswerSourceSchema = z.enum(["popup", "notification", "dashboard", "socket"]);
export type AnswerSource = z.infer<typeof AnswerSourceSchema>;

export type AnswerRefusal = "unknown" | "answered" | "expired" | "refused";
/** `message` is one line a person can act on. */
export type AnswerResult = { ok: true } | { ok: false; reason: AnswerRefusal; message: string };

export const RequestOptionSchema = z.object({
  label: z.string().max(1000),
  description: z.string().max(1000).optional(),
});

/** A request a hook is holding right now (on the agent row only while it is held). */
export const HeldRequestSchema = z.object({
  id: z.string().max(64),
  kind: z.enum(["approval", "question"]),
  tool: z.string().max(128),
  /** The tool input made safe: control characters stripped, at most REQUEST_SUMMARY_MAX_CHARS. */
  summary: z.string().max(1000),
  options: z.array(RequestOptionSchema).max(64).optional(),
  /** Epoch ms when the hook stops waiting and hands the request back to the terminal. */
  heldUntil: z.number(),
});
export type HeldRequest = z.infer<typeof HeldRequestSchema>;

/** The last answer given from Mytty Bar, shown on the row until the run moves on. */
export const AnsweredSchema = z.object({
  by: AnswerSourceSchema,
  decision: z.enum(["allow", "deny", "terminal", "option"]),
  at: z.number(),
});
export type Answered = z.infer<typeof AnsweredSchema>;
