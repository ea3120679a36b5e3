// What the menu bar shows: counts, an icon, a short title and the one item that most needs the user.
import type { AgentRow, Snapshot, TrayModel } from "../snapshot.js";
import { ATTENTION_FALLBACK, trayTitle } from "../wording.js";
import { ATTENTION_URGENCY as URGENCY } from "./urgency.js";

type ShownItem = Snapshot["attention"][number];

export function trayModel(agents: readonly AgentRow[], items: readonly ShownItem[]): TrayModel {
  const running = agents.filter((a) => a.state === "running").length;
  const needsYou = agents.filter((a) => a.attention).length;
  const waiting = agents.filter(
    (a) => !a.attention && (a.state === "waiting-approval" || a.state === "waiting-input"),
  ).length;
  const actionable = items.filter((i) => i.actionable);
  const urgent = [...actionable].sort(
    (a, b) => URGENCY[a.kind] - URGENCY[b.kind] || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  )[0];
  return {
    running,
    needsYou,
    icon: needsYou > 0 ? "attention" : running > 0 ? "running" : "idle",
    title: trayTitle(running, needsYou, agents.length, waiting),
    ...(urgent
      ? {
          mostUrgent: {
            ...(urgent.agentId !== undefined ? { agentId: urgent.agentId } : {}),
            itemId: urgent.id,
            kind: urgent.kind,
            message: urgent.message ?? ATTENTION_FALLBACK[urgent.kind],
          },
        }
      : {}),
  };
}
