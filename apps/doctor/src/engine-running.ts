// The engine's part of status as both ways of learning it build it: a leaf, so engine-ask.ts (the
// published file) and engine-status.ts (the socket, loaded lazily) need not import each other.

/** What status reports of the engine. */
export interface EngineStatus {
  running: boolean;
  pid?: number;
  /** ISO time of the last hook call per provider, when the engine knows it. */
  lastEventAt?: Partial<Record<string, string>>;
  /** Watched hosts whose link has a problem: one line each, ending with its fix (docs/remote.md#watching-a-host). */
  hostProblems?: string[];
  detail?: string;
}

/** A running engine's part, however it was learnt (published, or asked over the socket). */
export const runningStatus = (
  pid: number,
  lastEventAt: Record<string, string>,
  hostProblems: string[],
): EngineStatus => ({
  running: true,
  pid,
  lastEventAt: { ...lastEventAt },
  ...(hostProblems.length > 0 ? { hostProblems } : {}),
});
