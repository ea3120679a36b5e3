// When to keep the machine awake: an agent working while the user steps away should not be cut off by
// sleep. Only `running` counts: an agent waiting for the user has nothing to lose by the machine sleeping.
import type { AgentRow } from "../snapshot.js";

export function shouldHoldSleep(agents: readonly AgentRow[], preventSleep: boolean): boolean {
  return preventSleep && agents.some((a) => a.state === "running");
}
