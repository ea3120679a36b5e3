// What the popup and the TUI show, derived from a Snapshot. Pure and free of Node and DOM so the
// browser page and the ink dashboard render the same words from the same rows.
import { ATTENTION_URGENCY, STATE_LABELS, type AgentRow, type Snapshot } from "@mytty-bar/engine/view";
import { KIND_LABELS, KIND_MESSAGES, VIEW } from "../messages.js";

export type AttentionRow = Snapshot["attention"][number];

export function stateLabel(state: AgentRow["state"]): string {
  return STATE_LABELS[state];
}

export function kindLabel(kind: AttentionRow["kind"]): string {
  return KIND_LABELS[kind];
}

/** What an item says: the agent's own message, else what its kind means (not the kind's label again). */
export function itemMessage(item: Pick<AttentionRow, "kind" | "message">): string {
  return item.message ?? KIND_MESSAGES[item.kind];
}

/** The agent's name: "Gemini CLI" or "Antigravity" for the one provider both CLIs share, from the binary. */
export { agentName } from "@mytty-bar/protocol/wire";

/** "45s", "4m", "1h 05m", "2d 3h" — whole units, never negative. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${String(m % 60).padStart(2, "0")}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/** A tmux pane's server as `-L <socket name>` (or `-S <path>` where two servers share a name), by socket path. */
export type TmuxServers = ReadonlyMap<string, string>;

const machineOf = (agent: Pick<AgentRow, "host">) => agent.host ?? "";
const serverKey = (agent: Pick<AgentRow, "host" | "terminal">) =>
  `${machineOf(agent)}\u0000${agent.terminal.tmuxSocket ?? ""}`;

/**
 * The tmux servers worth naming: on a machine whose agents' panes live on more than one server, each
 * pane's heading names its server, since two servers each have a `main:2 %2` (none named otherwise).
 */
export function tmuxServers(agents: readonly Pick<AgentRow, "host" | "terminal">[]): TmuxServers {
  const byMachine = new Map<string, Set<string>>();
  for (const a of agents) {
    if (!a.terminal.tmuxPane) continue;
    const set = byMachine.get(machineOf(a)) ?? new Set<string>();
    byMachine.set(machineOf(a), set.add(a.terminal.tmuxSocket ?? ""));
  }
  const names = new Map<string, string>();
  for (const [machine, sockets] of byMachine) {
    if (sockets.size < 2) continue;
    const base = (socket: string) => socket.split("/").filter(Boolean).at(-1) ?? "";
    for (const socket of sockets) {
      const shared = [...sockets].filter((s) => base(s) === base(socket)).length > 1;
      const name = socket === "" ? "?" : shared ? `-S ${socket}` : `-L ${base(socket)}`;
      names.set(`${machine}\u0000${socket}`, name);
    }
  }
  return names;
}

/** Where in the terminal app the agent runs: tmux pane (and its server, when named), else the tty, else nothing known. */
export function placeLabel(agent: Pick<AgentRow, "tty" | "terminal" | "host">, servers?: TmuxServers): string {
  const t = agent.terminal;
  if (t.tmuxPane) {
    const where =
      t.tmuxSession !== undefined ? `${t.tmuxSession}${t.tmuxWindow !== undefined ? `:${t.tmuxWindow}` : ""} ` : "";
    const server = servers?.get(serverKey(agent));
    return `tmux ${server !== undefined ? `${server} ` : ""}${where}${t.tmuxPane}`;
  }
  if (agent.tty) return agent.tty.replace(/^\/dev\//, "");
  return VIEW.noTerminal;
}

export function appLabel(agent: Pick<AgentRow, "terminal">): string {
  const app = agent.terminal.app;
  if (!app || app === "tmux") return agent.terminal.tmuxPane ? "tmux" : VIEW.unknownTerminal;
  return agent.terminal.remote ? `${app} (${agent.terminal.remote})` : app;
}

/** "iTerm2 · ttys004"; a bare tmux pane names only itself; a watched host's agent names the host first. */
export function whereLabel(agent: Pick<AgentRow, "tty" | "terminal" | "host">, servers?: TmuxServers): string {
  const app = appLabel(agent);
  const place = placeLabel(agent, servers);
  const local = app === "tmux" ? place : `${app} · ${place}`;
  return agent.host ? `${hostGroupLabel(agent.host)} · ${local}` : local;
}

export interface PlaceGroup {
  place: string;
  agents: AgentRow[];
}

export interface AppGroup {
  app: string;
  places: PlaceGroup[];
}

/** The group a watched host's agents are shown under (docs/remote.md#watching-a-host). */
export function hostGroupLabel(host: string): string {
  return `on ${host}`;
}

/**
 * Agents by terminal app (a watched host's under the host, after this machine's), then by tab/pane;
 * groups and places in natural name order, agents by start.
 */
export function groupAgents(agents: readonly AgentRow[]): AppGroup[] {
  const servers = tmuxServers(agents);
  const apps = new Map<string, Map<string, AgentRow[]>>();
  const remote = new Set<string>();
  for (const agent of agents) {
    const app = agent.host ? hostGroupLabel(agent.host) : appLabel(agent);
    if (agent.host) remote.add(app);
    const place = placeLabel(agent, servers);
    const places = apps.get(app) ?? new Map<string, AgentRow[]>();
    apps.set(app, places);
    places.set(place, [...(places.get(place) ?? []), agent]);
  }
  // Natural order: busy:2 before busy:10, %9 before %10.
  const byName = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });
  const order = (a: string, b: string) => Number(remote.has(a)) - Number(remote.has(b)) || byName(a, b);
  return [...apps.keys()].sort(order).map((app) => {
    const places = apps.get(app) as Map<string, AgentRow[]>;
    return {
      app,
      places: [...places.keys()].sort(byName).map((place) => ({
        place,
        agents: [...(places.get(place) as AgentRow[])].sort(
          (a, b) => (a.startedAt ?? a.updatedAt).localeCompare(b.startedAt ?? b.updatedAt) || a.id.localeCompare(b.id),
        ),
      })),
    };
  });
}

/** Actionable items first (most urgent kind, newest), then resolved/acknowledged ones for context. */
export function orderAttention(items: readonly AttentionRow[]): AttentionRow[] {
  return [...items].sort(
    (a, b) =>
      Number(b.actionable) - Number(a.actionable) ||
      ATTENTION_URGENCY[a.kind] - ATTENTION_URGENCY[b.kind] ||
      b.createdAt.localeCompare(a.createdAt) ||
      a.id.localeCompare(b.id),
  );
}

/** Short home-relative path for display (the page does not know HOME; the snapshot's paths are absolute). */
export function shortPath(cwd: string | undefined, maxLength = 40): string {
  if (!cwd) return "";
  const tidy = cwd.replace(/^\/(Users|home)\/[^/]+/, "~");
  return tidy.length <= maxLength ? tidy : `…${tidy.slice(tidy.length - maxLength + 1)}`;
}

export function agentFor(snapshot: Snapshot, item: AttentionRow): AgentRow | undefined {
  return item.agentId ? snapshot.agents.find((a) => a.id === item.agentId) : undefined;
}
