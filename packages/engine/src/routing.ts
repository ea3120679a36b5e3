// Which agent an event belongs to, for core.ts's commit: a session's process-less row handed to its
// process once known, where an event goes when its parent chain found no agent of its provider, and
// which records a scan marks detected.
import type { AgentEvent, SpoolEnvelope } from "@mytty-bar/protocol";
import type { DetectedAgent, JoinResult, TerminalLocation } from "@mytty-bar/detect";
import {
  hostKey,
  markDetected,
  mergeTerminal,
  onHost,
  processKey,
  recordFromRef,
  refFromDetected,
  refFromSession,
  refOf,
  sessionMapKey,
  type AgentRecord,
  type AgentRef,
} from "./agents.js";
import type { CoreMaps } from "./core-types.js";

/** The one live agent of the event's provider in the hook's tmux pane (TMUX_PANE, on TMUX's server), if exactly one. */
export function paneAgent(
  core: Pick<CoreMaps, "agents">,
  event: AgentEvent,
  envelope: SpoolEnvelope,
  host?: string,
): AgentRecord | undefined {
  const pane = envelope.env.tmux_pane;
  if (pane === undefined) return undefined;
  // Pane ids repeat across tmux servers: TMUX ("<socket>,<pid>,<session>") names the server.
  const socket = envelope.env.tmux?.split(",")[0];
  const inPane = [...core.agents.values()].filter(
    (a) =>
      a.alive &&
      a.pid !== null &&
      a.provider === event.provider &&
      a.host === host &&
      a.terminal.tmuxPane === pane &&
      (socket === undefined || a.terminal.tmuxSocket === undefined || a.terminal.tmuxSocket === socket),
  );
  return inPane.length === 1 ? inPane[0] : undefined;
}

/** The chain found no agent of the event's provider: session, run, tmux pane, then cwd decide. */
export function fallbackRef(
  core: Pick<CoreMaps, "agents" | "sessions" | "runOwner">,
  event: AgentEvent,
  envelope: SpoolEnvelope,
  joined: JoinResult | undefined,
  hints: Record<string, string>,
  host?: string,
): AgentRef {
  const known =
    core.agents.get(
      event.sessionId !== undefined
        ? (core.sessions.get(sessionMapKey(event.provider, event.sessionId, host)) ?? "")
        : "",
    ) ?? core.agents.get(core.runOwner.get(event.runId) ?? "");
  // A watched host's events join only that host's agents (a remote pid is not a local one).
  if (known && known.host === host) return refOf(known);
  const live = [...core.agents.values()].filter(
    (a) => a.alive && a.pid !== null && a.provider === event.provider && a.host === host,
  );
  const inPane = paneAgent(core, event, envelope, host);
  if (inPane) return refOf(inPane);
  const cwd = event.cwd ?? envelope.cwd;
  const inCwd = cwd !== undefined ? live.filter((a) => a.processCwd === cwd) : [];
  if (inCwd.length === 1) return refOf(inCwd[0]!);
  const ref = refFromSession(event.provider, event.sessionId ?? event.runId, joined?.tty ?? null, hints);
  return onHost({ ...ref, terminal: mergeTerminal(joined?.terminal ?? {}, hints) }, host);
}

/**
 * An earlier event of this session could not be joined (its helper's parent had exited) and made a
 * process-less row; now that the session's process is known, that row's runs move to it.
 */
export function adoptSession(
  state: { records: Map<string, AgentRecord>; owners: Map<string, string>; sessions: ReadonlyMap<string, string> },
  event: AgentEvent,
  ref: AgentRef,
  now: Date,
): void {
  if (event.sessionId === undefined) return;
  const oldKey = state.sessions.get(sessionMapKey(event.provider, event.sessionId, ref.host));
  const old = oldKey !== undefined ? state.records.get(oldKey) : undefined;
  if (!old || old.pid !== null || old.key === ref.key || old.host !== ref.host) return;
  let target = state.records.get(ref.key);
  if (!target) {
    target = recordFromRef(ref, now);
    state.records.set(ref.key, target);
  }
  for (const [runId, owner] of state.owners) if (owner === old.key) state.owners.set(runId, ref.key);
  target.lastRunId ??= old.lastRunId;
  target.note ??= old.note;
  state.records.delete(old.key);
}

/** The agent the parent chain found: its known record, or a new ref (a watched host's carries `host`). */
export function joinedRef(
  records: ReadonlyMap<string, AgentRecord>,
  agent: DetectedAgent,
  terminal: TerminalLocation,
  hints: Record<string, string>,
  host: string | undefined,
): AgentRef {
  const existing = records.get(hostKey(host, processKey(agent.pid, agent.startTime)));
  // A host's tmux is not asked (remote/hosts.ts): its pane comes from the hook's TMUX_PANE.
  if (existing && host !== undefined) existing.terminal = mergeTerminal(existing.terminal, hints);
  return existing
    ? refOf(existing)
    : onHost({ ...refFromDetected(agent), terminal: mergeTerminal(terminal, hints) }, host);
}

/**
 * A scan's agents: known records marked detected (a watched host's keep their hooks' hints, its tmux is
 * not asked), new ones added. Returns the keys seen.
 */
export function markScanned(
  records: Map<string, AgentRecord>,
  agents: readonly DetectedAgent[],
  host: string | undefined,
  now: Date,
): Set<string> {
  const seen = new Set<string>();
  for (const agent of agents) {
    const fresh = onHost(refFromDetected(agent), host);
    seen.add(fresh.key);
    const record = records.get(fresh.key);
    if (!record) records.set(fresh.key, { ...recordFromRef(fresh, now), detected: true });
    else if (host === undefined) markDetected(record, fresh);
    else markDetected(record, { ...fresh, terminal: mergeTerminal(fresh.terminal, record.terminal.hints ?? {}) });
  }
  return seen;
}
