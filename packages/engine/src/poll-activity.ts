// State of an agent seen only by polling (no hooks): running or idle, never an attention state.
// Seed rule: idle only means "finished" after the agent was seen working, and only once it stayed
// quiet for a settle period — agents go briefly quiet between tool calls.
export const SETTLE_MS = 2500;
/** CPU share of one core above which a sample counts as working. */
export const BUSY_CPU_SHARE = 0.05;

export interface PollActivity {
  state: "unknown" | "idle" | "running";
  seenWorking: boolean;
  /** Start of the current quiet stretch (epoch ms), while still shown as running. */
  quietSince?: number;
  /** CPU time (ms) and time of the previous sample. */
  cpuMs?: number;
  sampledAt?: number;
}

/** Feeds one sample: cumulative CPU ms of the agent process (undefined when unreadable). */
export function nextPollActivity(
  prev: PollActivity | undefined,
  cpuMs: number | undefined,
  now: number,
  settleMs = SETTLE_MS,
): PollActivity {
  const base: PollActivity = prev ?? { state: "unknown", seenWorking: false };
  if (cpuMs === undefined || base.cpuMs === undefined || base.sampledAt === undefined || now <= base.sampledAt) {
    return { ...base, ...(cpuMs !== undefined ? { cpuMs, sampledAt: now } : {}) };
  }
  const busy = (cpuMs - base.cpuMs) / (now - base.sampledAt) >= BUSY_CPU_SHARE;
  const sample = { cpuMs, sampledAt: now };
  if (busy) return { state: "running", seenWorking: true, ...sample };
  if (!base.seenWorking) return { state: "idle", seenWorking: false, ...sample };
  if (base.state === "idle") return { state: "idle", seenWorking: true, ...sample };
  // Quiet since the previous sample at least; settle before calling it idle.
  const quietSince = base.quietSince ?? base.sampledAt;
  if (now - quietSince >= settleMs) return { state: "idle", seenWorking: true, ...sample };
  return { state: "running", seenWorking: true, quietSince, ...sample };
}
