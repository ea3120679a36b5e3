// Where an agent's tty lives: a tmux pane (and the client's host app), a host app, or a remote session.
import type { ClassificationCache } from "./cache.js";
import { describeHost } from "./host.js";
import type { ProcessTable } from "./table.js";
import type { TmuxServerState } from "./tmux.js";
import { serverOfTty } from "./tmux.js";
import type { ProcessInfo, ProcessSource, TerminalLocation } from "./types.js";

export interface LocateContext {
  table: ProcessTable;
  cache: ClassificationCache;
  source: ProcessSource;
  isTmux: (p: ProcessInfo) => boolean;
  /** tmux state per server pid, for the servers this scan queried. */
  tmux: Map<number, TmuxServerState>;
}

/** Outbound sessions: the local foreground program only carries the agent elsewhere. */
function outboundRemote(p: ProcessInfo): "ssh" | "mosh" | undefined {
  const name = (p.executable ?? p.argv[0] ?? "").split("/").pop()?.toLowerCase();
  if (name === "ssh" || name === "et") return "ssh";
  if (name === "mosh" || name === "mosh-client") return "mosh";
  return undefined;
}

export async function locate(ctx: LocateContext, agent: ProcessInfo): Promise<TerminalLocation> {
  const { table, cache, source } = ctx;
  const remote = cache.memo(agent, "outbound", () => outboundRemote(agent));
  const server = agent.tty ? serverOfTty(table, agent.tty, ctx.isTmux) : undefined;
  let location: TerminalLocation;
  if (server && agent.tty) {
    location = await inTmux(ctx, agent, server);
  } else {
    location = describeHost(table, cache, agent, await cache.env(agent, source));
  }
  if (remote) location.remote = remote;
  return location;
}

async function inTmux(ctx: LocateContext, agent: ProcessInfo, server: ProcessInfo): Promise<TerminalLocation> {
  const { table, cache, source } = ctx;
  const state = ctx.tmux.get(server.pid);
  const pane = state?.panes.find((p) => p.tty === agent.tty);
  const location: TerminalLocation = { app: "tmux" };
  if (state) location.tmuxSocket = state.socket;
  if (!pane) {
    // tmux did not answer (another user's server, or it was exiting): the pane id from the env still holds.
    const env = await cache.env(agent, source);
    if (env?.TMUX_PANE) location.tmuxPane = env.TMUX_PANE;
    return location;
  }
  location.tmuxPane = pane.paneId;
  location.tmuxSession = pane.session;
  location.tmuxWindow = pane.window;
  if (pane.label !== undefined) location.label = pane.label;
  // The pane's env describes where the server was born; the host is wherever a client shows it.
  const client = state!.clients.filter((c) => c.session === pane.session).sort((a, b) => b.activity - a.activity)[0];
  if (!client) return location;
  location.tmuxClientTty = client.tty;
  const clientProcess = table.byPid.get(client.pid);
  if (!clientProcess) return location;
  const host = describeHost(table, cache, clientProcess, await cache.env(clientProcess, source));
  return { ...location, ...host, app: host.app ?? "tmux" };
}
