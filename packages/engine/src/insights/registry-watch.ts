// The file-system half of the Claude Code session registry: one stat per Claude agent and poll, a read
// only when the file's (mtime, size) changed. Reads go through the TranscriptSource like every insight.
import path from "node:path";
import { sanitizeCwd, syntheticId, type AgentEvent } from "@mytty-bar/protocol";
import { hookedIdleEdge, interruptedEvent, parseRegistryRecord, registryEvent } from "./claude-registry.js";
import { registryMatches, REGISTRY_HOOKS, REGISTRY_MAX_BYTES } from "./claude-registry.js";
import type { RegistryInput, RegistryRecord, RegistryRun } from "./claude-registry.js";

export type { RegistryRun };
import type { FileStamp, TranscriptSource } from "./source.js";
import type { Interruption } from "./claude-turns.js";

/** Per agent: the stamp the record was read at, and what it said. */
export interface RegistryWatch {
  stamp?: FileStamp;
  record?: RegistryRecord;
}

export interface RegistryAgent {
  pid?: number;
  /** detect's raw start time: Linux /proc/<pid>/stat field 22, `ps -o lstart` text on macOS. */
  startTime?: string;
  cwd?: string;
  estimateRuns: boolean;
  run?: RegistryRun;
}

export interface RegistryResult {
  /** The record describes this very process (pid and start time match) and publishes a status. */
  live: boolean;
  sessionId?: string;
  event?: AgentEvent;
  /** With hooks: the registry went idle under a working run; the transcript's ESC rule decides (mergeRegistryEvents). */
  idleEdge?: RegistryInput;
  /** The tmux pane the record names (`%<n>`). */
  tmuxPane?: string;
}

/** `<config dir>/sessions/<pid>.json` for exactly this pid: never a directory listing. */
export function registryFile(claudeDir: string, pid: number): string {
  return path.join(claudeDir, "sessions", `${pid}.json`);
}

export async function readRegistry(
  source: TranscriptSource,
  claudeDir: string,
  agent: RegistryAgent,
  watch: RegistryWatch,
): Promise<RegistryRecord | undefined> {
  if (agent.pid === undefined) return undefined;
  const file = registryFile(claudeDir, agent.pid);
  const stamp = await source.stat(file);
  if (stamp === undefined) {
    watch.stamp = undefined;
    watch.record = undefined;
    return undefined;
  }
  if (watch.stamp === undefined || watch.stamp.mtimeMs !== stamp.mtimeMs || watch.stamp.size !== stamp.size) {
    const text = await source.readText(file, REGISTRY_MAX_BYTES).catch(() => undefined);
    watch.stamp = stamp;
    watch.record = text !== undefined ? parseRegistryRecord(text, stamp.mtimeMs) : undefined;
  }
  const record = watch.record;
  return record !== undefined && registryMatches(record, agent.pid, agent.startTime) ? record : undefined;
}

/** One poll of one Claude agent's registry record: whether it speaks for the agent, and what it means now. */
export async function pollRegistry(
  source: TranscriptSource,
  claudeDir: string,
  agent: RegistryAgent,
  watch: RegistryWatch,
  now: Date,
): Promise<RegistryResult> {
  const record = await readRegistry(source, claudeDir, agent, watch);
  if (record === undefined) return { live: false };
  const cwd = agent.cwd ?? sanitizeCwd(record.cwd);
  const input: RegistryInput = { record, run: agent.run, estimateRuns: agent.estimateRuns, cwd, now };
  const event = registryEvent(input);
  return {
    live: record.status !== undefined,
    sessionId: record.sessionId,
    ...(event !== undefined ? { event } : {}),
    ...(hookedIdleEdge(input) !== undefined ? { idleEdge: input } : {}),
    ...(record.tmuxPane !== undefined ? { tmuxPane: record.tmuxPane } : {}),
  };
}

/**
 * While the registry speaks for the agent it owns the run, and the transcript's only say is Claude Code's
 * ESC rule, at the registry's idle edge: when the tail (read afresh on that edge) ends in an interruption,
 * the run ends idle ("Interrupted") — instead of succeeded without hooks, instead of staying running with
 * them. A transcript event keyed by its own prompt would split a hookless row into two runs, so none
 * passes. Without a live record, transcript events pass unchanged.
 */
export function mergeRegistryEvents(
  registry: RegistryResult,
  transcript: readonly AgentEvent[],
  interruption: Interruption | undefined,
): AgentEvent[] {
  if (!registry.live) return [...transcript];
  const own = registry.event;
  if (own === undefined) {
    const esc = registry.idleEdge !== undefined && interruption !== undefined;
    const event = esc ? interruptedEvent(registry.idleEdge!, interruption) : undefined;
    return event !== undefined ? [event] : [];
  }
  if (own.kind !== "succeeded" || interruption === undefined) return [own];
  const id = syntheticId("claude-code", "registry", "interrupted", own.id, interruption.interruptedMessageId);
  return [{ ...own, id, kind: "idle", hook: REGISTRY_HOOKS.interrupted, message: "Interrupted" }];
}
