// A small in-memory EngineHandle: holds a snapshot, records calls, and lets a test publish changes.
import type {
  AgentRow,
  Answer,
  AnswerResult,
  AnswerSource,
  EngineHandle,
  EnginePorts,
  Snapshot,
} from "@mytty-bar/engine";

export class FakeEngine implements EngineHandle {
  calls: string[] = [];
  private listeners = new Set<(s: Snapshot) => void>();
  constructor(
    private current: Snapshot,
    private readonly ports: EnginePorts = {},
  ) {}
  snapshot(): Snapshot {
    return this.current;
  }
  subscribe(listener: (s: Snapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  publish(next: Snapshot): void {
    this.current = next;
    for (const l of this.listeners) l(next);
  }
  acknowledge(itemId: string): boolean {
    this.calls.push(`ack:${itemId}`);
    const item = this.current.attention.find((i) => i.id === itemId && i.actionable);
    if (!item) return false;
    this.publish({
      ...this.current,
      attention: this.current.attention.map((i) =>
        i.id === itemId ? { ...i, actionable: false, acknowledgedAt: this.current.at } : i,
      ),
    });
    return true;
  }
  requestFocus(agent: string): boolean {
    this.calls.push(`focus:${agent}`);
    const row: AgentRow | undefined = this.current.agents.find((a) => a.id === agent || a.label === agent);
    if (!row) return false;
    this.ports.focus?.(row);
    return true;
  }
  /** Records the answer; a held request on some row is answered once, anything else is unknown. */
  answer(requestId: string, answer: Answer, by: AnswerSource): AnswerResult {
    this.calls.push(`answer:${requestId}:${answer.decision}:${by}`);
    const row = this.current.agents.find((a) => a.request?.id === requestId);
    if (!row) return { ok: false, reason: "unknown", message: "No held request has this id." };
    const { request: _held, ...rest } = row;
    void _held;
    this.publish({
      ...this.current,
      agents: this.current.agents.map((a) =>
        a === row ? { ...rest, answerable: false, answered: { by, decision: answer.decision, at: 0 } } : a,
      ),
    });
    return { ok: true };
  }
  async stop(): Promise<void> {
    this.calls.push("stop");
  }
}
