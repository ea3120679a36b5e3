// What the menu bar shows: counts, an icon, a short title and the one item that most needs the user.
import type { AttentionKind } from "@mytty-bar/protocol";
import type { AgentRow, Snapshot, TrayModel } from "../snapshot.js";

type ShownItem = Snapshot["attention"][number];

/** Lower is more urgent: a blocked agent beats a broken one beats a finished one. */
const URGENCY: Record<AttentionKind, number> = {
  "approval-request": 0,
  "input-request": 1,
  failure: 2,
  completion: 3,
};

export function trayModel(agents: readonly AgentRow[], items: readonly ShownItem[]): TrayModel {
  const running = agents.filter((a) => a.state === "running").length;
  const needsYou = agents.filter((a) => a.attention).length;
  const actionable = items.filter((i) => i.actionable);
  const urgent = [...actionable].sort(
    (a, b) => URGENCY[a.kind] - URGENCY[b.kind] || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  )[0];
  const parts: string[] = [];
  if (running > 0) parts.push(`${running} running`);
  if (needsYou > 0) parts.push(`${needsYou} ${needsYou === 1 ? "needs" : "need"} you`);
  return {
    running,
    needsYou,
    icon: needsYou > 0 ? "attention" : running > 0 ? "running" : "idle",
    title: parts.length > 0 ? parts.join(" · ") : agents.length > 0 ? `${agents.length} idle` : "",
    ...(urgent
      ? {
          mostUrgent: {
            ...(urgent.agentId !== undefined ? { agentId: urgent.agentId } : {}),
            itemId: urgent.id,
            kind: urgent.kind,
            message: urgent.message ?? defaultMessage(urgent.kind),
          },
        }
      : {}),
  };
}

function defaultMessage(kind: AttentionKind): string {
  switch (kind) {
    case "approval-request":
      return "Needs approval";
    case "input-request":
      return "Needs input";
    case "failure":
      return "Failed";
    case "completion":
      return "Finished";
  }
}
