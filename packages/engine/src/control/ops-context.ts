// What the control ops run against: a leaf, so ops.ts and answer-op.ts need not import each other.
import type { Scanner } from "@mytty-bar/detect";
import type { EngineCore } from "../core.js";
import type { LogEntry } from "../log-entry.js";
import type { Engine } from "../engine-types.js";

export interface OpsContext {
  engine: Engine;
  core: EngineCore;
  scanner: Pick<Scanner, "join">;
  version: string;
  note(entry: LogEntry): void;
}
