// STUB: contract; implementation belongs to issue 2 (protocol).
import type { ProviderId } from "./providers.js";
import type { AgentEvent } from "./event.js";

export interface MapInput {
  provider: ProviderId;
  /** Event name from the helper's argv (cursor, antigravity), when present. */
  event?: string;
  payload: Record<string, unknown>;
  now: Date;
  cwd?: string;
}

export type MapResult =
  | { status: "mapped"; event: AgentEvent }
  | { status: "ignored"; reason: string }
  | { status: "error"; code: "missing-run-key" | "invalid-payload"; message: string };

/** Payload → lifecycle event, per providers.md §3. */
export declare function mapPayload(input: MapInput): MapResult;
