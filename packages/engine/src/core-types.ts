// The core's result shapes, apart so core.ts stays one room: what prepare hands the join, and the counters.
import type { AgentEvent, SpoolEnvelope } from "@mytty-bar/protocol";

export interface CoreCounters {
  accepted: number;
  duplicates: number;
  rejected: number;
  ignored: number;
}

export type Prepared =
  | { kind: "done"; status: "rejected" | "ignored"; reason: string; hold?: string }
  | {
      kind: "join";
      envelope: SpoolEnvelope;
      /** What answering reads of a held request; `{}` when `payloadLeft`. */
      payload: Record<string, unknown>;
      event: AgentEvent;
      /** The parse worker kept the payload (prepare-worker.ts): nothing may be answered from it. */
      payloadLeft?: true;
    };
