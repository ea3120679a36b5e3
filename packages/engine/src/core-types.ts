// The core's result shapes, apart so core.ts stays one room: what prepare hands the join, the counters,
// and the maps routing.ts and remote/local-tabs.ts read (so neither imports core.ts back).
import type { AgentEvent, SpoolEnvelope } from "@mytty-bar/protocol";
import type { JoinResult } from "@mytty-bar/detect";
import type { AgentRecord } from "./agents.js";

/** The local terminal tab running a remote row's ssh. */
export interface LocalTab {
  pid: number;
  tty: string;
  terminal: NonNullable<JoinResult["terminal"]>;
}
export type LocalTabResult = { tab: LocalTab } | { problem: string };

/** The core's maps as its helpers see them (EngineCore in core.ts has these). */
export interface CoreMaps {
  readonly agents: ReadonlyMap<string, Readonly<AgentRecord>>;
  readonly runOwner: ReadonlyMap<string, string>;
  readonly sessions: ReadonlyMap<string, string>;
  readonly localTabs: Map<string, LocalTabResult>;
}

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
