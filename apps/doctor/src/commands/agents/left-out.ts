// `mytty-doctor agents --all`: what detection left out and why (docs/detection.md#whose-agents-are-shown).
// Here, from the doctor's own scan; on watched hosts, from the running engine's host statuses. Wording lives here.
import { agentName } from "@mytty-bar/protocol";
import type { LeftOutAgent } from "@mytty-bar/detect";
import type { HostStatus } from "@mytty-bar/engine/client";

/** What --all adds about one watched host. */
export interface HostOwners {
  host: string;
  leftOut?: { count: number; agents: LeftOutAgent[] };
  ownersUnknown?: true;
}

export function hostOwners(hosts: readonly HostStatus[]): HostOwners[] {
  return hosts.flatMap((h) =>
    h.leftOut !== undefined || h.ownersUnknown
      ? [
          {
            host: h.host,
            ...(h.leftOut ? { leftOut: h.leftOut } : {}),
            ...(h.ownersUnknown ? { ownersUnknown: true as const } : {}),
          },
        ]
      : [],
  );
}

function one(a: LeftOutAgent): string {
  return `uid ${a.uid} (${agentName({ provider: a.provider })}, pid ${a.pid}${a.tty !== null ? `, ${a.tty}` : ""})`;
}

/** "2 agent processes of other users left out: uid 1001 (Claude Code, pid 4242, pts/3), …" */
export function leftOutLine(count: number, agents: readonly LeftOutAgent[]): string {
  const what = count === 1 ? "1 agent process of another user" : `${count} agent processes of other users`;
  const more = count > agents.length ? `, and ${count - agents.length} more` : "";
  return `${what} left out: ${agents.map(one).join(", ")}${more}`;
}

/** The --all tail of the table: here, then each watched host the engine reports on. */
export function renderLeftOut(
  local: readonly LeftOutAgent[],
  uid: number,
  hosts: readonly HostOwners[] | undefined,
): string {
  const lines: string[] = [];
  lines.push(
    local.length > 0
      ? `Here: ${leftOutLine(local.length, local)}. Only uid ${uid}'s agents are shown and joined to hook events.`
      : `Here: no agent processes of other users (only uid ${uid}'s agents are shown).`,
  );
  if (hosts === undefined) lines.push("Watched hosts: the engine is not running, so nothing is known about them.");
  else if (hosts.length === 0) lines.push("Watched hosts: nothing left out.");
  for (const h of hosts ?? []) {
    if (h.ownersUnknown)
      lines.push(
        `On ${h.host}: owners unknown (its ps lists no uid column, or \`id -u\` said nothing), so every user's agents there are shown.`,
      );
    else if (h.leftOut)
      lines.push(
        `On ${h.host}: ${leftOutLine(h.leftOut.count, h.leftOut.agents)}. Only the ssh user's agents are shown.`,
      );
  }
  return `${lines.join("\n")}\n`;
}
