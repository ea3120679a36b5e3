// Join rules on top of detect's parent-chain walk (scanner.join): which agent an event belongs to when
// the chain finds one, and when the chain's agent says the event is not what it claims to be.
import type { ProviderId } from "@mytty-bar/protocol";
import type { JoinResult } from "@mytty-bar/detect";

export type ChainVerdict =
  /** The chain reached an agent of the event's provider: the event is that agent's. */
  | { use: "agent" }
  /**
   * Claude Code's settings hooks run inside another host (Cursor with third-party configs on,
   * docs/providers.md#claude-code): drop, the host reports itself.
   */
  | { use: "drop"; reason: "foreign-host" }
  /** No agent of that provider in the chain (exited parent, IDE extension, nested agent): fall back to session, pane, cwd. */
  | { use: "fallback" };

export function chainVerdict(provider: ProviderId, joined: JoinResult | undefined): ChainVerdict {
  const agent = joined?.agent;
  if (!agent) return { use: "fallback" };
  if (agent.provider === provider) return { use: "agent" };
  return provider === "claude-code" ? { use: "drop", reason: "foreign-host" } : { use: "fallback" };
}
