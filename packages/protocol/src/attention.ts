import { z } from "zod";
import { ProviderIdSchema } from "./providers.js";

export const ATTENTION_KINDS = ["approval-request", "input-request", "failure", "completion"] as const;
export const AttentionKindSchema = z.enum(ATTENTION_KINDS);
export type AttentionKind = z.infer<typeof AttentionKindSchema>;

/** Default: completions count for attention only when the run worked at least this long. */
export const DEFAULT_COMPLETION_THRESHOLD_MS = 5 * 60 * 1000;
export const ATTENTION_RETENTION_MS = 24 * 60 * 60 * 1000;

export const AttentionItemSchema = z.object({
  /** The id of the event that created it. */
  id: z.string(),
  kind: AttentionKindSchema,
  provider: ProviderIdSchema,
  runId: z.string(),
  message: z.string().optional(),
  toolName: z.string().optional(),
  createdAt: z.string().datetime(),
  resolvedAt: z.string().datetime().optional(),
  acknowledgedAt: z.string().datetime().optional(),
});
export type AttentionItem = z.infer<typeof AttentionItemSchema>;
