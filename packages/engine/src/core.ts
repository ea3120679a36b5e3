// The engine's state and its transitions, without effects: spool bytes, scans and time come in, rows,
// log entries and new Attention items come out. engine.ts wires it to files, timers and sockets.
import {
  acknowledge as ackItem,
  applyEvent,
  dueCursorApprovals,
  emptyEstimator,
  emptyTracker,
  isTerminal,
  nextCursorDeadline,
  observeCursorEvent,
  restoreRun,
  type AgentEvent,
  type CursorEstimatorState,
  type ProviderId,
  type Run,
  type TrackerState,
} from "@mytty-bar/protocol";
import type { JoinResult, ProcessInfo, ScanResult } from "@mytty-bar/detect";
import { chainVerdict } from "./join.js";
import { adoptSession, fallbackRef, joinedRef, markScanned, paneAgent } from "./routing.js";
import {
  recordFromRef,
  refOf,
  hintsOf,
  notePollActivity,
  withPane,
  sessionMapKey,
  type AgentRecord,
  type AgentRef,
} from "./agents.js";
import { disconnectEvent, pruneRecords, pruneRuns } from "./retention.js";
import type { LogEntry, RunEntry } from "./log-entry.js";
import { mergeChange, type Change } from "./change.js";
import type { CoreCounters, CoreMaps, LocalTabResult, Prepared } from "./core-types.js";
import type { SpoolOutcome } from "./prepare.js";

export type { CoreCounters, Prepared } from "./core-types.js";

// Owns the engine's state: other modules read it and change it only through these methods, which return
// what changed (a Change, a log entry, a boolean) for engine.ts's one commit path to persist and publish.
export class EngineCore implements CoreMaps {
  private state: TrackerState = emptyTracker();
  /** Runs and Attention items; the core applies events to it in place. */
  get tracker(): TrackerState {
    return this.state;
  }
  private estimator: CursorEstimatorState = emptyEstimator();
  private readonly records = new Map<string, AgentRecord>();
  /** Every agent the engine knows, by key; read-only outside: changes go through this class's methods. */
  get agents(): ReadonlyMap<string, Readonly<AgentRecord>> {
    return this.records;
  }
  /** runId → agent key. */
  private readonly owners = new Map<string, string>();
  get runOwner(): ReadonlyMap<string, string> {
    return this.owners;
  }
  /** provider + session id → agent key: later events of a session whose helper parent already exited. */
  private readonly bySession = new Map<string, string>();
  get sessions(): ReadonlyMap<string, string> {
    return this.bySession;
  }
  /** The latest process table, by pid (liveness). */
  private table: ReadonlyMap<number, ProcessInfo> = new Map();
  get processes(): ReadonlyMap<number, ProcessInfo> {
    return this.table;
  }
  /** Each watched host's latest process table (docs/remote.md#watching-a-host). */
  readonly hostProcesses = new Map<string, ReadonlyMap<number, ProcessInfo>>();
  /** Watched hosts whose link is down, and since when (ISO): their rows show `disconnected`. */
  readonly hostsDown = new Map<string, string>();
  /** Remote agents (by key) → the local tab running their ssh, or why it is not known (remote/local-tabs.ts). */
  readonly localTabs = new Map<string, LocalTabResult>();
  readonly counters: CoreCounters = { accepted: 0, duplicates: 0, rejected: 0, ignored: 0 };
  readonly lastEventAt: Record<string, string> = {};

  constructor(private completionThresholdMs: number) {}

  setCompletionThreshold(ms: number): void {
    this.completionThresholdMs = ms;
  }

  /** A spool file the intake refused before its bytes reached prepare (too large, unreadable). */
  countRejected(): void {
    this.counters.rejected += 1;
  }

  /** Epoch ms when the next Cursor approval estimate comes due. */
  nextCursorDeadline(): number | undefined {
    return nextCursorDeadline(this.estimator);
  }

  /** Cursor approval estimates that came due by `now`, applied like hook events. */
  fireDueCursor(now: Date): Change {
    const due = dueCursorApprovals(this.estimator, now);
    this.estimator = due.state;
    const change: Change = { created: [], log: [] };
    for (const event of due.events) {
      const record = this.records.get(this.owners.get(event.runId) ?? "");
      if (!record) continue;
      mergeChange(change, this.apply(event, refOf(record), now, false));
    }
    return change;
  }

  /** Counts one prepared spool file (here or in the parse worker, prepare-offload.ts) and hands it on. */
  accept(outcome: SpoolOutcome, now: Date): Prepared {
    // Any well-formed call proves the provider's hooks fire, mapped or not.
    const provider = outcome.status === "mapped" ? outcome.envelope.provider : outcome.provider;
    if (provider !== undefined) this.lastEventAt[provider] = now.toISOString();
    if (outcome.status !== "mapped") return this.done(outcome.status, outcome.reason, outcome.hold);
    const { envelope, payload, event, payloadLeft } = outcome;
    return { kind: "join", envelope, payload, event, ...(payloadLeft ? { payloadLeft } : {}) };
  }

  /**
   * Join a mapped event to its agent (detect's walk from the helper's parent) and apply it. `host`: the
   * event came from a watched host and `joined` walked that host's process table.
   */
  commit(
    prepared: Extract<Prepared, { kind: "join" }>,
    joined: JoinResult | undefined,
    now: Date,
    host?: string,
  ): Change | "ignored" {
    const { envelope, event } = prepared;
    const verdict = chainVerdict(event.provider, joined);
    if (verdict.use === "drop") {
      this.counters.ignored += 1;
      return "ignored";
    }
    const hints = hintsOf(envelope);
    let ref: AgentRef;
    // A tty-less `codex app-server --managed-daemon` (it inherits TMUX_PANE) ran the hook: the pane's agent's.
    const pane =
      verdict.use === "agent" && joined?.agent?.tty === null ? paneAgent(this, event, envelope, host) : undefined;
    const agent = verdict.use === "agent" ? joined?.agent : undefined;
    if (pane || agent) {
      ref = pane ? refOf(pane) : joinedRef(this.records, agent!, joined!.terminal, hints, host);
      adoptSession({ records: this.records, owners: this.owners, sessions: this.bySession }, event, ref, now);
    } else {
      ref = fallbackRef(this, event, envelope, joined, hints, host);
    }
    return this.apply(event, ref, now, false);
  }

  /** Applies one event to one agent; `replay` re-reads the log (no counters, no new log lines). */
  apply(event: AgentEvent, ref: AgentRef, now: Date, replay: boolean): Change {
    let record = this.records.get(ref.key);
    if (!record) {
      record = recordFromRef(ref, replay ? new Date(event.at) : now);
      this.records.set(ref.key, record);
    }
    // In place: the core owns its tracker state, so an event costs the same however many runs it keeps.
    const result = applyEvent(
      this.state,
      event,
      { completionThresholdMs: this.completionThresholdMs, inPlace: true },
      ref.key,
    );
    this.state = result.state;
    if (result.status === "duplicate") {
      if (!replay) this.counters.duplicates += 1;
      return { created: [], log: [] };
    }
    if (!replay) this.counters.accepted += 1;
    else if (!event.synthetic && (this.lastEventAt[event.provider] ?? "") < event.at)
      this.lastEventAt[event.provider] = event.at;
    const runId = result.run?.id ?? event.runId;
    this.owners.set(runId, ref.key);
    if (event.sessionId !== undefined) {
      record.sessionId = event.sessionId;
      this.bySession.set(sessionMapKey(event.provider, event.sessionId, ref.host), ref.key);
    }
    if (event.cwd !== undefined) record.cwd = event.cwd;
    if (result.status === "applied") record.lastRunId = runId;
    if (event.provider === "cursor")
      this.estimator = observeCursorEvent(this.estimator, event, replay ? new Date(event.at) : now);
    const created = result.created.map((item) => ({ item, ...(result.run ? { run: result.run } : {}) }));
    // Logged under the id it was applied with (a repeated request's own id), so a replay — even of a
    // compacted log that lost the first occurrence — gives its Attention item the same id, and acks hold.
    const logged =
      result.event !== undefined && result.event.id !== event.id ? { ...event, id: result.event.id } : event;
    return { created, log: replay ? [] : [{ t: "event", event: logged, agent: refOf(record) }] };
  }

  /**
   * A scan arrived: update detected agents, poll activity, and close runs of agents that exited. A
   * watched host's scan (`host`) touches only that host's agents; the local one only local agents.
   */
  observeScan(scan: ScanResult, cpuMs: ReadonlyMap<number, number>, now: Date, host?: string): Change {
    const table = new Map(scan.processes.map((p) => [p.pid, p]));
    if (host === undefined) this.table = table;
    else this.hostProcesses.set(host, table);
    const seen = markScanned(this.records, scan.agents, host, now);
    const change: Change = { created: [], log: [] };
    const t = now.getTime();
    for (const record of this.records.values()) {
      if (record.host !== host) continue;
      if (!seen.has(record.key)) record.detected = false;
      if (record.pid === null) continue;
      const proc = table.get(record.pid);
      record.alive = proc !== undefined && proc.startTime === record.startTime;
      if (record.alive) {
        notePollActivity(record, cpuMs.get(record.pid), now);
        continue;
      }
      if (record.goneAt !== undefined) continue;
      record.goneAt = t;
      const run = record.lastRunId !== undefined ? this.state.runs[record.lastRunId] : undefined;
      if (run && !isTerminal(run.state)) {
        mergeChange(change, this.apply(disconnectEvent(run, now), refOf(record), now, false));
      }
    }
    this.prune(now);
    return change;
  }

  prune(now: Date): void {
    const { tracker, removedRuns } = pruneRuns(this.state, this.agents, this.owners, now);
    this.state = tracker;
    for (const runId of removedRuns) this.owners.delete(runId);
    const dropped = new Set(pruneRecords(this.agents, this.state, this.owners, now));
    if (dropped.size === 0) return;
    for (const key of dropped) this.records.delete(key);
    for (const [session, owner] of this.bySession) if (dropped.has(owner)) this.bySession.delete(session);
  }

  /** The watched hosts this core holds agents of (restored from the event log, or seen since). */
  recordHosts(): Set<string> {
    return new Set([...this.records.values()].flatMap((r) => (r.host === undefined ? [] : [r.host])));
  }

  /** A host no longer watched: its agents leave the list (their runs age out like any other). */
  forgetHost(host: string): void {
    this.hostsDown.delete(host);
    this.hostProcesses.delete(host);
    for (const [key, record] of this.records) if (record.host === host) this.records.delete(key);
    for (const [session, owner] of this.bySession) if (!this.records.has(owner)) this.bySession.delete(session);
  }

  acknowledge(itemId: string, at: Date): boolean {
    const item = this.state.attention.find((i) => i.id === itemId);
    if (!item || item.acknowledgedAt !== undefined) return false;
    this.state = ackItem(this.state, itemId, at);
    return true;
  }

  /** Puts one compacted-log line back (at start, before any scan). */
  restore(entry: RunEntry): void {
    const { run, agent } = entry;
    let record = this.records.get(agent.key);
    if (!record) {
      record = recordFromRef(agent, new Date(entry.firstSeenAt));
      this.records.set(agent.key, record);
    }
    restoreRun(this.state, run as Run, entry.items);
    this.owners.set(run.id, agent.key);
    if (run.sessionId !== undefined) {
      record.sessionId = run.sessionId;
      this.bySession.set(sessionMapKey(run.provider, run.sessionId, agent.host), agent.key);
    }
    if (run.cwd !== undefined) record.cwd = run.cwd;
    if (entry.latest) record.lastRunId = run.id;
    if ((this.lastEventAt[run.provider] ?? "") < run.updatedAt) this.lastEventAt[run.provider] = run.updatedAt;
  }

  /** The agent process's cwd as detect read it ("" = asked, not readable), for the join's cwd fallback. */
  setProcessCwd(key: string, cwd: string): void {
    const record = this.records.get(key);
    if (record) record.processCwd = cwd;
  }

  /** What the insights poll read for an agent; its transcript's session id fills a row that has none. */
  setInsight(key: string, insight: AgentRecord["insight"], sessionId: string | undefined): void {
    const record = this.records.get(key);
    if (!record) return;
    record.insight = insight;
    record.terminal = withPane(record.terminal, insight?.tmuxPane);
    if (record.sessionId === undefined && sessionId !== undefined) record.sessionId = sessionId;
  }

  setNote(key: string, note: string, at: Date): LogEntry | undefined {
    const record = this.records.get(key);
    if (!record) return undefined;
    record.note = note;
    record.noteAt = at.toISOString();
    return { t: "note", key, note, at: record.noteAt };
  }

  private done(status: "rejected" | "ignored", reason: string, hold?: string): Prepared {
    this.counters[status] += 1;
    return { kind: "done", status, reason, ...(hold !== undefined ? { hold } : {}) };
  }
}

export { refOf, mergeChange, type Change };
export type { ProviderId };
