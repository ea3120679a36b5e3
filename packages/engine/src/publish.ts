// Publishing: one snapshot per turn of the event loop, however many changes came in it, handed to the
// listeners (watch clients, the tray), the sleep hold, and the notices of new Attention items.
import type { NewItem } from "./policy/notify.js";
import { decideNotices, emptyNotifyHistory } from "./policy/notify.js";
import { shouldHoldSleep } from "./policy/sleep.js";
import type { Settings } from "./settings.js";
import type { AgentRow, Snapshot } from "./snapshot.js";
import type { EnginePorts, Notice } from "./ports.js";
import { safely } from "./engine-util.js";

export interface PublisherDeps {
  /** Builds the snapshot: called at most once per flush. */
  snapshot(): Snapshot;
  settings(): Settings;
  /** The id of the agent that owns a run (its row's id), if it is still known. */
  agentIdOf(runId: string): string | undefined;
  ports: Pick<EnginePorts, "notify" | "sleepBlocker">;
  failed(kind: string): (error: unknown) => undefined;
  /** Told of every schedule, stopped or not: what else follows the engine's state (its published status). */
  onSchedule?(): void;
}

export interface Publisher {
  /** Queue a publish (and the notices of `created`, decided at `now`) for the end of this turn. */
  schedule(created?: readonly NewItem[], now?: Date): void;
  subscribe(listener: (snapshot: Snapshot) => void): () => void;
  /** No more publishes; releases the sleep hold. */
  stop(): void;
}

export function createPublisher(deps: PublisherDeps): Publisher {
  const listeners = new Set<(s: Snapshot) => void>();
  let pending: { created: readonly NewItem[]; now: Date }[] = [];
  let history = emptyNotifyHistory();
  let queued = false;
  let stopped = false;
  let sleepHeld = false;

  function flush(): void {
    queued = false;
    // Without a notify port there is nobody to notify: the batches need no rows.
    const batches = deps.ports.notify ? pending : [];
    pending = [];
    // Nobody to tell (headless without clients, nothing new): skip building a snapshot every poll.
    if (stopped || (listeners.size === 0 && !deps.ports.sleepBlocker && batches.length === 0)) return;
    // Built once, for the notices' rows, the sleep hold and every listener alike.
    const snapshot = deps.snapshot();
    if (batches.length > 0) notify(batches, snapshot.agents);
    const hold = shouldHoldSleep(snapshot.agents, deps.settings().preventSleep);
    if (hold !== sleepHeld) {
      sleepHeld = hold;
      safely(() => deps.ports.sleepBlocker?.(hold), deps.failed("port-sleep"));
    }
    for (const listener of [...listeners]) safely(() => listener(snapshot), deps.failed("listener"));
  }

  function notify(batches: readonly { created: readonly NewItem[]; now: Date }[], agents: readonly AgentRow[]): void {
    const rows = new Map(agents.map((r) => [r.id, r]));
    const notices: Notice[] = [];
    for (const { created, now } of batches) {
      const items = created.map((c) => {
        const agent = rows.get(deps.agentIdOf(c.item.runId) ?? "");
        return { ...c, ...(agent ? { agent } : {}) };
      });
      const decided = decideNotices(items, deps.settings(), history, now);
      history = decided.history;
      notices.push(...decided.notices);
    }
    for (const notice of notices) safely(() => deps.ports.notify?.(notice), deps.failed("port-notify"));
  }

  return {
    schedule(created, now) {
      deps.onSchedule?.();
      if (stopped) return;
      if (created && created.length > 0) pending.push({ created, now: now ?? new Date() });
      if (queued) return;
      queued = true;
      setImmediate(flush);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      if (sleepHeld) safely(() => deps.ports.sleepBlocker?.(false), deps.failed("port-sleep"));
      listeners.clear();
    },
  };
}
