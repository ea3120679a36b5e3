// A watched host's event gets ids of its own: the same session id, prompt id or payload on a host and
// here are two runs, never one (docs/remote.md#what-a-host-can-send). The tracker keys runs, their
// Attention items and its duplicate check by these ids, so scoping them here keys all of them by host.
import { syntheticId, type AgentEvent } from "@mytty-bar/protocol";
import type { Prepared } from "../core-types.js";

export function hostEvent(event: AgentEvent, host: string): AgentEvent {
  return { ...event, id: syntheticId("host-event", host, event.id), runId: syntheticId("host-run", host, event.runId) };
}

export function onHostIds(prepared: Prepared, host: string): Prepared {
  return prepared.kind === "join" ? { ...prepared, event: hostEvent(prepared.event, host) } : prepared;
}
