// What each control-socket op does, over the engine handle and core. Thin: policy lives elsewhere.
import { oneLineText } from "@mytty-bar/protocol";
import type { EngineCore } from "../core.js";
import { processKey } from "../agents.js";
import { resolveAgent, type Nearness } from "../resolve.js";
import { settledAfterWork } from "../rows.js";
import { UNKNOWN_AGENT_GRACE_MS, waitReached, type WaitCondition } from "../policy/wait.js";
import type { AgentRow, Snapshot } from "../snapshot.js";
import type { Engine } from "../engine-types.js";
import type { ControlHandler, Connection } from "./server.js";
import type { OpsContext } from "./ops-context.js";
import { ControlRequestError, NOTE_MAX_CHARS, type PingResult, type WaitResult } from "./messages.js";
import { answerFromSocket } from "./answer-op.js";

export type { OpsContext } from "./ops-context.js";

export function controlHandler(ctx: OpsContext): ControlHandler {
  const { engine, core } = ctx;
  const find = (query: string, near?: Nearness): AgentRow => {
    const found = resolveAgent(engine.snapshot().agents, query, near);
    if (!found.ok) throw new ControlRequestError(found.code, found.message);
    return found.row;
  };
  return async (req, connection) => {
    switch (req.op) {
      case "ping":
        return {
          pid: process.pid,
          startedAt: engine.startedAt.toISOString(),
          version: ctx.version,
        } satisfies PingResult;
      case "list":
        return { agents: engine.snapshot().agents };
      case "snapshot":
        return engine.snapshot();
      case "stats":
        return engine.stats();
      case "watch": {
        const release = connection.hold();
        const unsubscribe = engine.subscribe((snapshot) =>
          connection.push({ ...(req.id !== undefined ? { id: req.id } : {}), event: "snapshot", snapshot }),
        );
        connection.onClose(() => {
          unsubscribe();
          release();
        });
        return engine.snapshot();
      }
      case "wait": {
        const graceMs = Math.min(UNKNOWN_AGENT_GRACE_MS, (req.timeoutSeconds ?? Infinity) * 1000);
        const row = await findSoon(engine, req.agent, req.near, graceMs, connection);
        return waitFor(engine, core, row.id, req.until, req.timeoutSeconds, connection);
      }
      case "ack": {
        if (req.itemId !== undefined) {
          if (!engine.acknowledge(req.itemId))
            throw new ControlRequestError("unknown-item", `No open Attention item "${req.itemId}".`);
          return { acknowledged: [req.itemId] };
        }
        if (req.agent === undefined) throw new ControlRequestError("bad-request", "ack needs itemId or agent.");
        const row = find(req.agent, req.near);
        const open = engine.snapshot().attention.filter((i) => i.actionable && i.agentId === row.id);
        return { acknowledged: open.filter((i) => engine.acknowledge(i.id)).map((i) => i.id) };
      }
      case "focus":
        return { focused: engine.requestFocus(find(req.agent, req.near).id) };
      case "answer":
        return answerFromSocket(ctx, req.requestId, req.answer, req.pid);
      case "note": {
        const key = await noteTarget(ctx, req.agent, req.pid, (q) => find(q, req.near));
        const entry = core.setNote(key, oneLine(req.text), new Date());
        if (!entry) throw new ControlRequestError("unknown-agent", "That agent is no longer known.");
        ctx.note(entry);
        return { agent: core.agents.get(key)?.id, note: entry.t === "note" ? entry.note : "" };
      }
    }
  };
}

async function noteTarget(
  ctx: OpsContext,
  agent: string | undefined,
  pid: number | undefined,
  find: (q: string) => AgentRow,
): Promise<string> {
  if (agent !== undefined) {
    const id = find(agent).id;
    const record = [...ctx.core.agents.values()].find((a) => a.id === id);
    if (record) return record.key;
  }
  if (pid !== undefined) {
    const joined = await ctx.scanner.join(pid).catch(() => undefined); // a failed walk finds no agent: the error below
    const key = joined?.agent ? processKey(joined.agent.pid, joined.agent.startTime) : undefined;
    if (key !== undefined && ctx.core.agents.has(key)) return key;
    throw new ControlRequestError("unknown-agent", `No agent Mytty Bar knows runs above pid ${pid}.`);
  }
  throw new ControlRequestError("bad-request", "note needs agent or pid.");
}

/** Collapses whitespace and control characters to single spaces and clamps: a note is one short line. */
export function oneLine(text: string): string {
  const flat = oneLineText(text);
  const chars = [...flat];
  return chars.length > NOTE_MAX_CHARS ? `${chars.slice(0, NOTE_MAX_CHARS - 1).join("")}…` : flat;
}

/**
 * The row `query` names, now or within `graceMs`: an unknown name is looked up again on every new
 * snapshot until then (an ambiguous one fails at once). Spends part of the wait's own time.
 */
function findSoon(
  engine: Engine,
  query: string,
  near: Nearness | undefined,
  graceMs: number,
  connection: Connection,
): Promise<AgentRow> {
  const first = resolveAgent(engine.snapshot().agents, query, near);
  if (first.ok) return Promise.resolve(first.row);
  if (first.code !== "unknown-agent" || graceMs <= 0)
    return Promise.reject(new ControlRequestError(first.code, first.message));
  return new Promise((resolve, reject) => {
    const release = connection.hold();
    let done = false;
    const finish = (found: ReturnType<typeof resolveAgent>) => {
      if (done) return;
      done = true;
      unsubscribe();
      clearTimeout(timer);
      release();
      if (found.ok) resolve(found.row);
      else reject(new ControlRequestError(found.code, found.message));
    };
    const unsubscribe = engine.subscribe((snapshot) => {
      const found = resolveAgent(snapshot.agents, query, near);
      if (found.ok || found.code !== "unknown-agent") finish(found);
    });
    const timer = setTimeout(() => finish(resolveAgent(engine.snapshot().agents, query, near)), graceMs);
    connection.onClose(() => finish(first));
  });
}

function waitFor(
  engine: Engine,
  core: EngineCore,
  agentId: string,
  until: WaitCondition,
  timeoutSeconds: number | undefined,
  connection: Connection,
): Promise<WaitResult> {
  const check = (snapshot: Snapshot): WaitResult | undefined => {
    const row = snapshot.agents.find((a) => a.id === agentId);
    if (!row) return { reached: false, reason: "gone" };
    return waitReached(row, until, settledAfterWork(core, agentId)) ? { reached: true, agent: row } : undefined;
  };
  const now = check(engine.snapshot());
  if (now) return Promise.resolve(now);
  return new Promise((resolve) => {
    const release = connection.hold();
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: WaitResult) => {
      unsubscribe();
      release();
      if (timer) clearTimeout(timer);
      resolve(result);
    };
    const unsubscribe = engine.subscribe((snapshot) => {
      const result = check(snapshot);
      if (result) finish(result);
    });
    if (timeoutSeconds !== undefined) {
      timer = setTimeout(
        () =>
          finish({ reached: false, reason: "timeout", agent: engine.snapshot().agents.find((a) => a.id === agentId) }),
        timeoutSeconds * 1000,
      );
    }
    connection.onClose(() => finish({ reached: false, reason: "timeout" }));
  });
}
