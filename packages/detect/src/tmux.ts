// tmux servers in the process table and what they say about panes and clients (docs/terminals.md#tmux).
// One tmux call (list-panes + list-clients) per server that owns an agent's tty, reused while
// nothing about that server changed in the process table.
import path from "node:path";
import type { DetectEffects } from "./effects.js";
import type { ProcessTable } from "./table.js";
import { processKey } from "./table.js";
import type { ProcessInfo } from "./types.js";

export interface TmuxPane {
  paneId: string;
  tty: string;
  panePid: number;
  session: string;
  window: string;
  /** `@mytty_label` pane option (`mytty-team spawn --label`), sanitised. */
  label?: string;
}

export interface TmuxClient {
  tty: string;
  pid: number;
  session: string;
  activity: number;
}

export interface TmuxServerState {
  server: ProcessInfo;
  socket: string;
  panes: TmuxPane[];
  clients: TmuxClient[];
}

// A client without UTF-8 gets tabs and other controls in -F output as "_", so fields are
// space-separated. Two fields are free text: the session name, then ":" (tmux forbids it in session
// names) and the pane's label, which may hold ":" and spaces. The `=128` trim keeps the label to one
// line (tmux drops control characters when it trims); it counts columns, and 128 holds 64 wide
// characters, so sanitizeLabel makes the cut.
const PANE_FORMAT = "#{pane_id} #{pane_tty} #{pane_pid} #{window_index} #{session_name}:#{=128:@mytty_label}";
const CLIENT_FORMAT = "#{client_tty} #{client_pid} #{client_activity} #{client_session}";

/**
 * `list-panes -a` then `list-clients` in one tmux invocation (`;` separates tmux commands). `-u`: we
 * run tmux with LC_ALL=C, and a non-UTF-8 client gets every non-ASCII byte of a label as "_".
 */
export function tmuxQueryArgs(): string[] {
  return ["-u", "list-panes", "-a", "-F", PANE_FORMAT, ";", "list-clients", "-F", CLIENT_FORMAT];
}

export const MAX_LABEL_CHARS = 64;

/** A label as rows show it: no control or format characters, trimmed, at most 64 characters. */
export function sanitizeLabel(raw: string): string | undefined {
  const chars = [...raw.replace(/[\p{Cc}\p{Cf}]/gu, "").trim()];
  const label = chars.slice(0, MAX_LABEL_CHARS).join("").trim();
  return label === "" ? undefined : label;
}

/** Splits off `count` space-separated fields; the rest of the line is the last field. */
function fields(line: string, count: number): string[] | undefined {
  const out: string[] = [];
  let rest = line;
  for (let i = 0; i < count; i += 1) {
    const space = rest.indexOf(" ");
    if (space === -1) return undefined;
    out.push(rest.slice(0, space));
    rest = rest.slice(space + 1);
  }
  out.push(rest);
  return out;
}

export function isTmuxProcess(p: ProcessInfo): boolean {
  const names = [p.executable, p.argv[0]].filter((t): t is string => !!t).map((t) => path.basename(t));
  return names.some((n) => n === "tmux" || n === "tmux:");
}

/** Global options before tmux's command: `-S path` / `-L name` (also clustered, `-2S path`). */
export function socketOptions(argv: readonly string[]): { socketPath?: string; socketName?: string } {
  const withArg = new Set(["c", "f", "L", "S", "T"]);
  const out: { socketPath?: string; socketName?: string } = {};
  for (let i = 1; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === "--" || !arg.startsWith("-") || arg === "-") break;
    for (let j = 1; j < arg.length; j += 1) {
      const flag = arg[j]!;
      if (!withArg.has(flag)) continue;
      const value = j + 1 < arg.length ? arg.slice(j + 1) : argv[++i];
      if (flag === "S" && value) out.socketPath = value;
      if (flag === "L" && value) out.socketName = value;
      break;
    }
  }
  return out;
}

/** Where a tmux server listens: its argv, else its open unix sockets (Linux), else the default socket. */
export function serverSocket(server: ProcessInfo, effects: DetectEffects): string {
  const { socketPath, socketName } = socketOptions(server.argv);
  if (socketPath) return socketPath;
  const dir = path.join(
    effects.env.TMUX_TMPDIR || (effects.platform === "darwin" ? "/private/tmp" : "/tmp"),
    `tmux-${effects.uid}`,
  );
  if (socketName) return path.join(dir, socketName);
  const open = effects.socketsOf?.(server.pid) ?? [];
  const own = open.find((s) => path.basename(path.dirname(s)).startsWith("tmux-")) ?? open[0];
  return own ?? path.join(dir, "default");
}

/** The tmux server a tty belongs to: the tty's topmost process is a child of a tty-less tmux process. */
export function serverOfTty(
  table: ProcessTable,
  tty: string,
  isTmux: (p: ProcessInfo) => boolean = isTmuxProcess,
): ProcessInfo | undefined {
  const top = table.topOfTty(tty);
  const parent = top ? table.parentOf(top) : undefined;
  return parent && parent.tty === null && isTmux(parent) ? parent : undefined;
}

export function parsePanes(text: string): TmuxPane[] {
  const panes: TmuxPane[] = [];
  for (const line of text.split("\n")) {
    const f = fields(line, 4);
    if (!f || !f[0]!.startsWith("%")) continue;
    const [paneId, tty, pid, window, rest] = f as [string, string, string, string, string];
    // No ":" only in output of the older format (captured fixtures): all of it is the session.
    const colon = rest.indexOf(":");
    const session = colon === -1 ? rest : rest.slice(0, colon);
    const label = colon === -1 ? undefined : sanitizeLabel(rest.slice(colon + 1));
    panes.push({
      paneId,
      tty: tty.replace(/^\/dev\//, ""),
      panePid: Number(pid),
      session,
      window,
      ...(label !== undefined ? { label } : {}),
    });
  }
  return panes;
}

export function parseClients(text: string): TmuxClient[] {
  const clients: TmuxClient[] = [];
  for (const line of text.split("\n")) {
    const f = fields(line, 3);
    if (!f || !f[0]!.startsWith("/")) continue;
    const [tty, pid, activity, session] = f as [string, string, string, string];
    clients.push({ tty: tty.replace(/^\/dev\//, ""), pid: Number(pid), session, activity: Number(activity) });
  }
  return clients;
}

/** tmux by absolute path where we can: a GUI app's PATH often lacks Homebrew's bin. */
function tmuxBinary(server: ProcessInfo): string {
  const candidate = server.executable ?? server.argv[0];
  return candidate && candidate.startsWith("/") && path.basename(candidate) === "tmux" ? candidate : "tmux";
}

export class TmuxWatcher {
  private states = new Map<string, { fingerprint: string; at: number; state: TmuxServerState }>();
  /** tmux spawns made so far (for tests and the bench). */
  calls = 0;

  /** `maxAgeMs` bounds staleness the process table cannot show (renamed sessions, switch-client). */
  constructor(
    private readonly effects: DetectEffects,
    private readonly maxAgeMs = 10_000,
    private readonly now: () => number = Date.now,
    /** Memoised tmux test, so a steady scan reads no argv for it. */
    private readonly isTmux: (p: ProcessInfo) => boolean = isTmuxProcess,
  ) {}

  /**
   * State of each given server, refreshed only when the server's panes or clients changed. Only a full
   * scan forgets the servers it did not ask about (`prune`): a hook join or a tab lookup names one tty,
   * and forgetting the rest would make the next poll ask every tmux server again.
   */
  async query(table: ProcessTable, servers: readonly ProcessInfo[], prune = false): Promise<TmuxServerState[]> {
    const keep = new Set<string>();
    const results = await Promise.all(
      servers.map(async (server) => {
        const key = processKey(server);
        keep.add(key);
        const fingerprint = this.fingerprint(table, server);
        const known = this.states.get(key);
        const at = this.now();
        if (known && known.fingerprint === fingerprint && at - known.at < this.maxAgeMs) return known.state;
        const state = await this.load(server);
        this.states.set(key, { fingerprint, at, state });
        return state;
      }),
    );
    if (prune) for (const key of this.states.keys()) if (!keep.has(key)) this.states.delete(key);
    return results;
  }

  /** Pane processes (children of the server) and every tmux client process, with start times. */
  private fingerprint(table: ProcessTable, server: ProcessInfo): string {
    const panes = table.childrenOf(server.pid).map((p) => `${processKey(p)}:${p.tty ?? ""}`);
    const clients = table.rows.filter((p) => p.tty !== null && this.isTmux(p)).map(processKey);
    return [...panes.sort(), "|", ...clients.sort()].join(",");
  }

  private async load(server: ProcessInfo): Promise<TmuxServerState> {
    const socket = serverSocket(server, this.effects);
    const bin = tmuxBinary(server);
    this.calls += 1;
    let text = "";
    try {
      // One spawn, both commands: tmux prints the panes, then the clients (lines tell them apart).
      text = await this.effects.exec(bin, ["-S", socket, ...tmuxQueryArgs()]);
    } catch {
      // not our server, or it just exited: no panes known
    }
    return { server, socket, panes: parsePanes(text), clients: parseClients(text) };
  }
}
