// The real-agent harness: a fresh temp HOME, our hooks installed by the real `mytty-doctor install`,
// the real `mytty-bar --headless`, and a private tmux server whose panes run the pinned agent CLIs
// from the cache (tools/agents-install.ts) against a model stand-in on 127.0.0.1 (test/agents/standins/).
// Everything a test starts is its own: rows are matched by this world's tmux socket and pane.
import { execFile } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { AgentRow } from "@mytty-bar/engine";
import { agentPin, type AgentPin } from "@mytty-bar/protocol";
import { resolvePaths, type Paths } from "@mytty-bar/installers";
import { agentsCache, installOf } from "../../../tools/agents-install.js";
import { BIN, Engine, tempHome, until } from "../../engine-harness.js";
import { recordLatency } from "./latency.js";

const run = promisify(execFile);

export interface WorldOptions {
  /** Doctor install arguments (`mytty-doctor install …`); `[]` installs no hooks at all. */
  install: string[];
  /** Mytty Bar's own settings.json (answerWaitSeconds, …). */
  settings?: Record<string, unknown>;
  /** Extra environment for the engine and every pane. */
  env?: Record<string, string>;
  /** Writes the agent's own config into the fresh HOME before `mytty-doctor install` runs (it merges into it). */
  prepare?: (home: string) => Promise<void>;
}

/**
 * `MYTTY_AGENTS_VERSIONS` (`{"claude-code":"2.1.340"}`, set by `npm run agents:latest -- --run`) runs
 * the suite on other versions than the pinned ones; they must be in the cache already.
 */
function overridden(target: string): string | undefined {
  const raw = process.env.MYTTY_AGENTS_VERSIONS;
  if (!raw) return undefined;
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  return typeof parsed[target] === "string" ? parsed[target] : undefined;
}

/** The executable of a doctor target (`claude-code`, `codex`, `gemini`, `opencode`): pinned, or `version`. */
export function agentExecutable(target: string, version?: string): { pin: AgentPin; version: string; path: string } {
  const pin = agentPin(target);
  const chosen = version ?? overridden(target) ?? pin?.version;
  const item = pin && chosen ? installOf(agentsCache(), pin, chosen) : undefined;
  if (!pin || !item) throw new Error(`${target} has no registry package to run`);
  if (version !== undefined && version !== pin.version && !pin.alsoObserved.includes(version))
    throw new Error(`${target} ${version} is not pinned in packages/protocol/src/agent-versions.ts`);
  if (!existsSync(item.executable)) throw new Error(`${item.executable} is missing: run \`npm run agents:install\``);
  return { pin, version: item.version, path: item.executable };
}

export class AgentWorld {
  readonly tmuxSocket: string;
  readonly engine: Engine;
  private panes = 0;

  private constructor(
    readonly home: string,
    readonly paths: Paths,
    readonly env: NodeJS.ProcessEnv,
  ) {
    this.tmuxSocket = path.join(home, "tmux.sock");
    this.engine = new Engine({ home, paths, env, binDir: "", tmuxSocket: this.tmuxSocket });
  }

  static async create(options: WorldOptions): Promise<AgentWorld> {
    const home = await tempHome("mytty-agents-");
    const env: NodeJS.ProcessEnv = {
      HOME: home,
      PATH: `${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      LANG: "C.UTF-8",
      TERM: "xterm-256color",
      SHELL: "/bin/sh",
      // Inside HOME, so it goes with the world: Claude Code's and OpenCode's native builds unpack their
      // libraries into the temp dir at every start, Gemini CLI writes an error report there per failure.
      TMPDIR: path.join(home, "tmp"),
      ...options.env,
    };
    await fs.mkdir(env.TMPDIR!, { recursive: true });
    const paths = resolvePaths({ env, platform: process.platform });
    await fs.mkdir(paths.dataDir, { recursive: true });
    if (options.settings) await fs.writeFile(paths.settingsFile, JSON.stringify(options.settings));
    await options.prepare?.(home);
    if (options.install.length > 0) {
      await run(process.execPath, [BIN.doctor, "install", ...options.install], { env }).catch((error: unknown) => {
        const e = error as { stdout?: string; stderr?: string };
        throw new Error(`mytty-doctor install ${options.install.join(" ")} failed: ${e.stderr ?? ""}${e.stdout ?? ""}`);
      });
    }
    const world = new AgentWorld(home, paths, env);
    await world.engine.start();
    return world;
  }

  async tmux(...args: string[]): Promise<string> {
    const { stdout } = await run("tmux", ["-S", this.tmuxSocket, "-f", "/dev/null", ...args], { env: this.env });
    return stdout.trimEnd();
  }

  /**
   * Starts `argv` in a new 200×50 pane of this world's tmux server, in `cwd` (default HOME), with the
   * world's environment plus `env`. The pane stays after the program exits so its last screen can be read.
   */
  async pane(argv: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<AgentPane> {
    const env = { ...options.env };
    const command = ["env", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...argv].map(shellQuote);
    this.panes += 1;
    const cwd = options.cwd ?? this.home;
    if (this.panes === 1) {
      // The server starts with a window that only waits, and keeps dead panes before any program runs: a
      // program that ends at once (a one-shot script) leaves its pane and last screen to be read.
      await this.tmux("new-session", "-d", "-s", "agents", "-x", "200", "-y", "50", "-n", "keep", "sleep 86400");
      await this.tmux("set-option", "-gw", "remain-on-exit", "on");
    }
    const id = await this.tmux(
      "new-window",
      "-d",
      "-t",
      "agents",
      "-c",
      cwd,
      "-P",
      "-F",
      "#{pane_id}",
      command.join(" "),
    );
    await this.tmux("set-option", "-p", "-t", id, "remain-on-exit", "on");
    return new AgentPane(this, id.trim());
  }

  /** This world's rows (the machine may run other agents and other tests' worlds). */
  async rows(): Promise<AgentRow[]> {
    return (await this.engine.list()).filter(
      (r) => r.terminal.tmuxSocket === this.tmuxSocket || r.terminal.hints?.tmux?.startsWith(`${this.tmuxSocket},`),
    );
  }

  /**
   * Hands the engine over to the terminal dashboard (`mytty-bar --tui`) in a pane of this world: the
   * dashboard runs its own engine and refuses to start beside another, so the headless one stops first and
   * `engine.list()` asks the dashboard's from then on.
   */
  async dashboard(): Promise<AgentPane> {
    await this.engine.stop();
    const pane = await this.pane([process.execPath, BIN.bar, "--tui"]);
    await until(async () => (await this.engine.ping()) !== undefined, 15_000, "the dashboard's engine");
    return pane;
  }

  async close(): Promise<void> {
    // The panes' programs get SIGHUP from kill-server; they are waited for, so none still writes into
    // HOME while it is removed.
    const listed = await this.tmux("list-panes", "-a", "-F", "#{pane_pid}").catch(() => "");
    const pids = listed
      .split("\n")
      .map(Number)
      .filter((pid) => pid > 0);
    await this.tmux("kill-server").catch(() => "");
    await until(async () => (pids.every((pid) => !alive(pid)) ? true : undefined), 10_000, "pane programs exit").catch(
      () => undefined, // a program that outlives SIGHUP is reported by the temp-dir guard, not here
    );
    await this.engine.stop();
    // Hooks an agent fired on its way out (SessionEnd, a held helper released by the engine's stop) run on
    // after it: wait for every process of this HOME, so none writes into it while it is removed.
    await until(async () => ((await homeProcesses(this.home)) === 0 ? true : undefined), 10_000, "HOME idle").catch(
      () => undefined, // reported by the temp-dir guard if one really outlives this
    );
  }
}

export class AgentPane {
  constructor(
    readonly world: AgentWorld,
    readonly id: string,
  ) {}

  /** What the pane shows now, as plain text. */
  async screen(): Promise<string> {
    return this.world.tmux("capture-pane", "-p", "-J", "-t", this.id);
  }

  /** Resolves with the time (Date.now()) the screen first matched; the error shows the last screen. */
  async waitScreen(pattern: RegExp, timeoutMs = 30_000): Promise<number> {
    let last = "";
    try {
      return await until(
        async () => {
          last = await this.screen();
          return pattern.test(last) ? Date.now() : undefined;
        },
        timeoutMs,
        `${pattern} on screen`,
      );
    } catch {
      throw new Error(`pane ${this.id}: ${pattern} never showed; the screen was:\n${last}`);
    }
  }

  /** Typed text, sent literally (no key names). */
  async type(text: string): Promise<void> {
    await this.world.tmux("send-keys", "-t", this.id, "-l", text);
  }

  /** tmux key names: Enter, Escape, C-c, Down, … */
  async keys(...keys: string[]): Promise<void> {
    await this.world.tmux("send-keys", "-t", this.id, ...keys);
  }

  /** The row of this pane's agent, once `test` holds; resolves with it and the time it was first seen. */
  async row(
    test: (row: AgentRow) => boolean,
    what: string,
    timeoutMs = 30_000,
  ): Promise<{ row: AgentRow; at: number }> {
    let last: AgentRow[] = [];
    try {
      return await until(
        async () => {
          last = (await this.world.rows()).filter((r) => r.terminal.tmuxPane === this.id);
          const hit = last.find(test);
          return hit ? { row: hit, at: Date.now() } : undefined;
        },
        timeoutMs,
        what,
      );
    } catch {
      const seen = last.map((r) => `${r.id} ${r.state}${r.answerable ? " answerable" : ""} "${r.message ?? ""}"`);
      throw new Error(`pane ${this.id}: never ${what}; its rows: ${seen.join("; ") || "none"}\n${await this.screen()}`);
    }
  }

  /** The pid of the program the pane started. */
  async pid(): Promise<number> {
    return Number(await this.world.tmux("display-message", "-p", "-t", this.id, "#{pane_pid}"));
  }
}

/** How many processes run with this HOME (Linux /proc; elsewhere none are seen). */
async function homeProcesses(home: string): Promise<number> {
  const entries = await fs.readdir("/proc").catch(() => [] as string[]);
  const mark = Buffer.from(`\0HOME=${home}\0`);
  let count = 0;
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const environ = await fs.readFile(`/proc/${name}/environ`).catch(() => undefined);
    if (environ !== undefined && Buffer.concat([Buffer.from([0]), environ]).includes(mark)) count += 1;
  }
  return count;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone
    return false;
  }
}

/** For `env K=V argv…` in a tmux command string. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Records `to - from` under agent/scenario/measure for `npm run bench -- agents` (see ./latency.ts). */
export function measured(agent: string, scenario: string, measure: string, from: number, to: number): number {
  const ms = Math.max(0, to - from);
  recordLatency({ agent, scenario, measure, ms });
  return ms;
}
