// Builds AgentEvents by hand for tracker tests: unique ids, times as offsets from T0.
import { runId, syntheticId } from "@mytty-bar/protocol";
import type { AgentEvent, EventKind, ProviderId } from "@mytty-bar/protocol";

export const T0 = Date.parse("2026-11-02T09:00:00.000Z");
export const at = (ms: number): string => new Date(T0 + ms).toISOString();

let counter = 0;

export interface EventOptions {
  provider?: ProviderId;
  runKey?: string;
  sessionId?: string | null;
  t?: number;
  message?: string;
  toolName?: string;
  hook?: string;
  id?: string;
}

export function ev(kind: EventKind, options: EventOptions = {}): AgentEvent {
  counter += 1;
  const provider = options.provider ?? "claude-code";
  const runKey = options.runKey ?? "prompt-1";
  const event: AgentEvent = {
    v: 1,
    id: options.id ?? syntheticId("test-event", String(counter)),
    provider,
    kind,
    runKey,
    runId: runId(provider, runKey),
    hook: options.hook ?? `test.${kind}`,
    at: at(options.t ?? 0),
  };
  if (options.sessionId !== null) event.sessionId = options.sessionId ?? "session-1";
  if (options.message !== undefined) event.message = options.message;
  if (options.toolName !== undefined) event.toolName = options.toolName;
  return event;
}
