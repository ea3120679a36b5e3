import { z } from "zod";
import { ProviderIdSchema } from "./providers.js";
import { EventKindSchema } from "./kinds.js";

export const EVENT_SCHEMA_VERSION = 1;

/**
 * One mapped lifecycle event. This, never a raw payload, is what the engine keeps and logs.
 * `at` is the time the engine received it (passed in as `now`; payloads carry no trustworthy clock).
 */
export const AgentEventSchema = z.object({
  v: z.literal(EVENT_SCHEMA_VERSION),
  /** Stable: provider + kind + canonical payload (retries dedupe) or a synthetic tuple. */
  id: z.string().max(64),
  provider: ProviderIdSchema,
  kind: EventKindSchema,
  /** Provider's own run key (prompt_id, turn_id, generation_id, …), hygiene applied. */
  runKey: z.string().max(256),
  /** Stable id from provider + run key. */
  runId: z.string().max(64),
  sessionId: z.string().max(256).optional(),
  /** Hook/event name as the provider named it, or `mytty-bar.<rule>` for synthetic events. */
  hook: z.string().max(128),
  at: z.string().datetime(),
  message: z.string().max(1000).optional(),
  toolName: z.string().max(128).optional(),
  toolUseId: z.string().max(256).optional(),
  cwd: z.string().max(4096).optional(),
  synthetic: z.boolean().optional(),
});
export type AgentEvent = z.infer<typeof AgentEventSchema>;
