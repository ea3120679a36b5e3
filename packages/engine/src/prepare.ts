// One spool file's bytes → its outcome (parsed, mapped), with no state: the same function runs on the
// engine's loop for small files and in the parse worker for big ones (prepare-worker.ts), so both paths
// give the same event and the same id for the same bytes. The core's bookkeeping (counters, lastEventAt)
// stays in core.ts.
import { mapPayload, parseSpoolFile, type AgentEvent, type ProviderId, type SpoolEnvelope } from "@mytty-bar/protocol";

export type SpoolOutcome =
  /** Refused or not ours; `provider` when the header was well formed (it proves the hooks fire). */
  | { status: "rejected" | "ignored"; reason: string; provider?: ProviderId; hold?: string }
  | {
      status: "mapped";
      envelope: SpoolEnvelope;
      payload: Record<string, unknown>;
      event: AgentEvent;
      /** `payload` is `{}`: the parse worker did not copy it back (prepare-worker.ts). */
      payloadLeft?: true;
    };

export function prepareSpool(bytes: Uint8Array, now: Date): SpoolOutcome {
  const parsed = parseSpoolFile(bytes);
  if (!parsed.ok) return { status: "rejected", reason: parsed.error.code };
  const { envelope, payload } = parsed;
  const { provider, hold } = envelope;
  const mapped = mapPayload({
    provider,
    ...(envelope.event !== undefined ? { event: envelope.event } : {}),
    payload,
    now,
    ...(envelope.cwd !== undefined ? { cwd: envelope.cwd } : {}),
  });
  if (mapped.status === "error")
    return { status: "rejected", reason: mapped.code, provider, ...(hold !== undefined ? { hold } : {}) };
  if (mapped.status === "ignored")
    return { status: "ignored", reason: mapped.reason, provider, ...(hold !== undefined ? { hold } : {}) };
  return { status: "mapped", envelope, payload, event: mapped.event };
}
