// The engine's agents: one record per agent process (or, without one, per provider session).
// Records carry what a row needs; the run state itself lives in protocol's tracker.
import { z } from "zod";
import { ProviderIdSchema, type ProviderId, type SpoolEnvelope } from "@mytty-bar/protocol";
import type { DetectedAgent, TerminalLocation } from "@mytty-bar/detect";
import { TerminalSchema } from "./snapshot.js";
import { nextPollActivity, type PollActivity } from "./poll-activity.js";
import type { UsageWindow } from "./snapshot.js";

/** What the event log remembers about the agent an event joined to (enough to rebuild the row). */
export const AgentRefSchema = z.object({
  key: z.string().max(512),
  id: z.string().max(300),
  provider: ProviderIdSchema,
  pid: z.number().int().nullable(),
  startTime: z.string().max(128).optional(),
  tty: z.string().max(128).nullable(),
  terminal: TerminalSchema,
  via: z.enum(["process", "descendant", "hint"]),
  executable: z.string().max(4096).nullable(),
  argv: z.array(z.string().max(4096)).max(64).optional(),
  variant: z.enum(["gemini", "antigravity"]).optional(),
  /** The watched host the agent runs on (docs/remote.md#watching-a-host); absent for this machine. */
  host: z.string().max(300).optional(),
});
export type AgentRef = z.infer<typeof AgentRefSchema>;

export interface AgentRecord extends AgentRef {
  /** Process seen in the latest scan (records without a pid are always "alive"). */
  alive: boolean;
  /** Currently one of detect's foreground agents. */
  detected: boolean;
  sessionId?: string;
  cwd?: string;
  note?: string;
  noteAt?: string;
  lastRunId?: string;
  poll?: PollActivity;
  /** Model, context left and a resume command read from the agent's transcript (insights). */
  insight?: {
    model?: string;
    contextLeftPercent?: number;
    resumeCommand?: string;
    usage?: UsageWindow[];
    mode?: string;
    /** The pane Claude Code's session registry names: where a hookless agent runs when detect found no pane. */
    tmuxPane?: string;
  };
  /** The process's working directory, read once (join fallback when the helper's parent is gone). */
  processCwd?: string;
  pollChangedAt?: string;
  firstSeenAt: string;
  /** When the process was found gone (epoch ms). */
  goneAt?: number;
}

/** Tracker scope and record key: pid plus start time, so a reused pid is a different agent. */
export function processKey(pid: number, startTime: string): string {
  return `pid:${pid}@${startTime}`;
}

export function sessionKey(provider: ProviderId, sessionId: string): string {
  return `session:${provider}:${sessionId}`;
}

export function rowId(provider: ProviderId, pid: number | null, fallback: string): string {
  if (pid !== null) return `${provider}-${pid}`;
  const short = fallback.replace(/[^A-Za-z0-9]/g, "").slice(0, 8) || "unknown";
  return `${provider}-s-${short}`;
}

export function refFromDetected(agent: DetectedAgent, via: AgentRef["via"] = agent.via): AgentRef {
  return {
    key: processKey(agent.pid, agent.startTime),
    id: rowId(agent.provider, agent.pid, ""),
    provider: agent.provider,
    pid: agent.pid,
    startTime: agent.startTime,
    tty: agent.tty,
    terminal: { ...agent.terminal },
    via,
    executable: agent.executable === "" ? null : agent.executable,
    argv: agent.argv.slice(0, 64),
    ...(agent.variant ? { variant: agent.variant } : {}),
  };
}

/** An agent known only from its hooks: no process found in the helper's parent chain. */
export function refFromSession(
  provider: ProviderId,
  sessionOrRun: string,
  tty: string | null,
  hints: Record<string, string>,
): AgentRef {
  return {
    key: sessionKey(provider, sessionOrRun),
    id: rowId(provider, null, sessionOrRun),
    provider,
    pid: null,
    tty,
    terminal: Object.keys(hints).length > 0 ? { hints } : {},
    // The provider comes from the hook call itself, not from a process we saw: a declaration, like MYTTY_AGENT.
    via: "hint",
    executable: null,
  };
}

export function recordFromRef(ref: AgentRef, now: Date): AgentRecord {
  return { ...ref, alive: true, detected: false, firstSeenAt: now.toISOString() };
}

export function refOf(record: AgentRecord): AgentRef {
  return {
    key: record.key,
    id: record.id,
    provider: record.provider,
    pid: record.pid,
    ...(record.startTime !== undefined ? { startTime: record.startTime } : {}),
    tty: record.tty,
    terminal: record.terminal,
    via: record.via,
    executable: record.executable,
    ...(record.argv ? { argv: record.argv } : {}),
    ...(record.variant ? { variant: record.variant } : {}),
    ...(record.host !== undefined ? { host: record.host } : {}),
  };
}

/**
 * The same agent, on a watched host: its key and id name the host, so a remote pid never meets a
 * local one (nor one of another host) in any map keyed by them.
 */
export function onHost(ref: AgentRef, host: string | undefined): AgentRef {
  if (host === undefined) return ref;
  return { ...ref, key: hostKey(host, ref.key), id: `${ref.id}@${host}`, host };
}

/** The sessions map's key: a host's session id is its own (the same id here is another session). */
export function sessionMapKey(provider: string, sessionId: string, host: string | undefined): string {
  return hostKey(host, `${provider}\0${sessionId}`);
}

export function hostKey(host: string | undefined, key: string): string {
  return host === undefined ? key : `host:${host}|${key}`;
}

export function hintsOf(envelope: SpoolEnvelope): Record<string, string> {
  const hints: Record<string, string> = {};
  for (const [key, value] of Object.entries(envelope.env)) if (value !== undefined && value !== "") hints[key] = value;
  return hints;
}

/** detect's terminal for the chain, plus the helper's env hints where detect found none. */
export function mergeTerminal(terminal: TerminalLocation, hints: Record<string, string>): AgentRef["terminal"] {
  const merged: AgentRef["terminal"] = { ...terminal };
  if (merged.tmuxPane === undefined && hints.tmux_pane !== undefined) merged.tmuxPane = hints.tmux_pane;
  if (merged.hints === undefined && Object.keys(hints).length > 0) merged.hints = hints;
  return merged;
}

/** detect's terminal, with the registry's pane where detect (and the hooks' env) named none. */
export function withPane(terminal: AgentRef["terminal"], pane: string | undefined): AgentRef["terminal"] {
  return pane === undefined || terminal.tmuxPane !== undefined ? terminal : { ...terminal, tmuxPane: pane };
}

/** A scan saw the agent again: its terminal, executable and argv as detected now; alive, not gone. */
export function markDetected(record: AgentRecord, fresh: AgentRef): void {
  Object.assign(record, {
    tty: fresh.tty,
    terminal: withPane(fresh.terminal, record.insight?.tmuxPane),
    via: fresh.via,
    executable: fresh.executable,
    argv: fresh.argv,
  });
  record.detected = true;
  record.alive = true;
  delete record.goneAt;
}

/** A live agent's CPU on this poll moves its poll activity; pollChangedAt marks a change of state. */
export function notePollActivity(record: AgentRecord, cpuMs: number | undefined, now: Date): void {
  const before = record.poll?.state;
  record.poll = nextPollActivity(record.poll, cpuMs, now.getTime());
  if (record.poll.state !== before) record.pollChangedAt = now.toISOString();
}
