import { z } from "zod";
import { ProviderIdSchema } from "./providers.js";
import { RunStateSchema } from "./kinds.js";

/** One run = one prompt/turn of one agent (docs/architecture.md#runs-and-attention). */
export const RunSchema = z.object({
  id: z.string(),
  provider: ProviderIdSchema,
  runKey: z.string(),
  /** Turn counter for a run key reused across turns (Antigravity conversationId, session-id fallbacks). */
  generation: z.number().int().nonnegative(),
  sessionId: z.string().optional(),
  /** The agent this run belongs to, as the engine names it (e.g. "pid:4242@<start>"); supersede works within a scope. */
  scope: z.string().optional(),
  state: RunStateSchema,
  message: z.string().optional(),
  toolName: z.string().optional(),
  cwd: z.string().optional(),
  startedAt: z.string().datetime().optional(),
  updatedAt: z.string().datetime(),
  /**
   * Payload-derived id of the last event applied here. The same id again right after is a retry; after
   * other events it is the same request made again (one command needing approval twice in a turn).
   */
  lastEventId: z.string().optional(),
  /** Why it ended when the engine or a rule closed it (e.g. "superseded", "process-exited"). */
  closedBy: z.string().optional(),
});
export type Run = z.infer<typeof RunSchema>;
