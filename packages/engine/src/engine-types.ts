// The engine's public shape: what createEngine takes and what it hands back to a front end.
import type { ProcessSource, Scanner, SocketReader } from "@mytty-bar/detect";
import type { Paths } from "@mytty-bar/paths";
import type { CpuSampler } from "./cpu.js";
import type { InsightsInspector } from "./insights/index.js";
import type { EngineLog } from "./log.js";
import type { PersistenceOptions } from "./persistence.js";
import type { Preparer } from "./prepare-offload.js";
import type { EngineHandle, EnginePorts } from "./ports.js";
import type { Settings, SettingsPatch } from "./settings.js";
import type { Stats } from "./snapshot.js";

export interface EngineOptions {
  paths: Paths;
  ports?: EnginePorts;
  /** Initial settings; read from <data>/settings.json when absent (and re-read when the file changes). */
  settings?: Settings;
  /** Process table, foreground agents and the hook join (default: detect's scanner). */
  scanner?: Pick<Scanner, "scan" | "join"> & Partial<Pick<Scanner, "locateProcess">>;
  /** Local processes' TCP sockets, for remote rows' local tabs (default: /proc on Linux, lsof elsewhere). */
  readSockets?: SocketReader;
  /** Used for the cwd join fallback (default: detect's source for this platform). */
  source?: Pick<ProcessSource, "cwd">;
  cpu?: CpuSampler;
  now?: () => Date;
  /** Listen on <data>/control.sock (default true). */
  control?: boolean;
  /** Transcript insights (model, context left, run estimates without hooks); false turns them off. */
  insights?: InsightsInspector | false;
  /** The event log's bound (default: persistence.ts MAX_LOG_LINES lines). */
  eventLog?: Omit<PersistenceOptions, "log">;
  /** Slow-poll fallback for the spool watcher (default 1000 ms). */
  spoolPollMs?: number;
  version?: string;
  /** Where local and remote spool files are prepared (default: one parse worker, prepare-offload.ts). */
  preparer?: Preparer;
  /** Watched hosts' links: environment (MYTTY_BAR_SSH), spool tick and backoff (tests, benches). */
  remote?: { env?: NodeJS.ProcessEnv; tickMs?: number; backoffMs?: { first: number; cap: number } };
  /** Where swallowed failures go (default: <data>/engine.log, rate-limited per kind, plus ports.log). */
  log?: EngineLog;
  /** Ids of held requests (default: random UUIDs). */
  newId?: () => string;
  /** Is a holding helper still waiting (default: `kill -0` on its pid)? */
  helperAlive?: (pid: number) => boolean;
}

export interface Engine extends EngineHandle {
  stats(): Stats;
  /** Lines in events.jsonl and how many times it was rewritten (compactions): tests, benches. */
  logStats(): { lines: number; rewrites: number };
  settings(): Settings;
  /** Saves a settings patch to <data>/settings.json and applies it at once. */
  updateSettings(patch: SettingsPatch): Promise<Settings>;
  /** Reads everything waiting in the spool now (tests, benches). */
  drain(): Promise<void>;
  /** Runs one detection poll now. */
  poll(): Promise<void>;
  readonly startedAt: Date;
}
