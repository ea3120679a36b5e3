// End-to-end harness for the hook path: a temp HOME with hooks installed by the real `mytty-doctor
// install`, the real `mytty-bar --headless`, a private tmux server whose panes run fake agent
// executables, and those fakes running the exact hook commands from the written config files.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { request, type AgentRow, type Stats } from "@mytty-bar/engine";
import { resolvePaths, type Paths } from "@mytty-bar/installers";
import { afterAll } from "vitest";

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const BIN = {
  bar: path.join(ROOT, "apps/menubar/bin/mytty-bar.js"),
  team: path.join(ROOT, "apps/team/bin/mytty-team.js"),
  doctor: path.join(ROOT, "apps/doctor/bin/mytty-doctor.js"),
};
export const PAYLOADS = path.join(ROOT, "fixtures/payloads");

/** "gemini" is Gemini CLI (doctor target `gemini`; its events are the provider antigravity). */
export type FakeProvider = "claude-code" | "cursor" | "codex" | "gemini";
const EXECUTABLE: Record<FakeProvider, string> = {
  "claude-code": "claude",
  cursor: "cursor-agent",
  codex: "codex",
  gemini: "gemini",
};
/** How each host runs a hook command: Codex `$SHELL -lc`, Gemini CLI `bash -c`, the others `sh -c`. */
const RUNNER: Record<FakeProvider, string> = { "claude-code": "sh", cursor: "sh", codex: "login", gemini: "bash" };

// A fake agent: sleeps in a loop and runs queued hook calls the way its host would — Claude Code and
// Cursor: `sh -c <command>` (dash on Linux: it forks the last command unless told to exec); Codex:
// `$SHELL -lc <command>` with SHELL=/bin/sh — the installed command as written, nothing added. A
// "-bare" runner drops TMUX/TMUX_PANE first (env execs sh, so the parent chain is unchanged), leaving
// the engine only the parent chain to join by. Each call is <n>.cmd/.in/.runner, made ready by renaming
// <n>.ready into place, and marked <n>.done afterwards (its stdout is kept in <n>.out, its status in <n>.rc).
const FAKE_AGENT = `#!/bin/sh
dir="$MYTTY_FAKE_DIR"
while :; do
  for r in "$dir"/*.ready; do
    [ -e "$r" ] || continue
    n="\${r%.ready}"
    cmd=$(cat "$n.cmd")
    runner=$(cat "$n.runner")
    case $runner in *-bare) set -- env -u TMUX -u TMUX_PANE ;; *) set -- ;; esac
    case $runner in
      login*) "$@" "\${SHELL:-/bin/sh}" -lc "$cmd" ;;
      bash*) "$@" bash -c "$cmd" ;;
      *) "$@" sh -c "$cmd" ;;
    esac <"$n.in" >"$n.out" 2>&1
    echo $? >"$n.rc"
    mv "$r" "$n.done"
  done
  sleep \${MYTTY_FAKE_TICK:-0.05}
done
`;

export interface World {
  home: string;
  paths: Paths;
  env: NodeJS.ProcessEnv;
  binDir: string;
  tmuxSocket: string;
}

const homes: string[] = [];
// Registered when a test file imports the harness, so it runs after that file's own afterAll (which
// stops the engine first): every temp HOME goes, pass or fail. The benches import it outside vitest
// (afterAll would throw there) and remove their homes themselves.
if (process.env.VITEST) {
  afterAll(async () => {
    for (const home of homes.splice(0)) await fs.rm(home, { recursive: true, force: true });
  });
}

/** A temp HOME removed after the test file, pass or fail. */
export async function tempHome(prefix: string): Promise<string> {
  const home = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  homes.push(home);
  return home;
}

export async function makeWorld(providers: FakeProvider[] = ["claude-code", "cursor", "codex"]): Promise<World> {
  const home = await tempHome("mytty-e2e-");
  const binDir = path.join(home, "fakebin");
  await fs.mkdir(binDir);
  for (const exe of Object.values(EXECUTABLE)) await fs.writeFile(path.join(binDir, exe), FAKE_AGENT, { mode: 0o755 });
  const env: NodeJS.ProcessEnv = {
    PATH: `${binDir}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    HOME: home,
    LANG: "C",
    SHELL: "/bin/sh",
  };
  const paths = resolvePaths({ env, platform: process.platform });
  await run(process.execPath, [BIN.doctor, "install", ...providers], { env });
  // These worlds test the hook path, not answering: a held PermissionRequest would wait out its hold
  // (docs/answering.md). Tests of answering write their own settings.
  await fs.mkdir(paths.dataDir, { recursive: true });
  await fs.writeFile(paths.settingsFile, JSON.stringify({ answerWaitSeconds: 0 }));
  return { home, paths, env, binDir, tmuxSocket: path.join(home, "tmux.sock") };
}

/** The exact hook command `mytty-doctor install` wrote for a provider's event. */
export function hookCommand(world: World, provider: FakeProvider, event: string): string {
  const files: Record<FakeProvider, string> = {
    "claude-code": world.paths.claudeSettings,
    cursor: world.paths.cursorHooks,
    codex: world.paths.codexHooks,
    gemini: world.paths.geminiSettings,
  };
  const file = files[provider];
  const config = JSON.parse(readFileSync(file, "utf8")) as { hooks: Record<string, Array<Record<string, unknown>>> };
  const entry = config.hooks[event]?.[0];
  if (!entry) throw new Error(`${file} has no ${event} hook`);
  const handler = (Array.isArray(entry.hooks) ? (entry.hooks as Array<Record<string, unknown>>)[0] : entry) as {
    command: string;
  };
  return handler.command;
}

export function fixture(provider: FakeProvider, name: string, patch: Record<string, unknown> = {}): string {
  // Gemini CLI payloads live with their protocol provider's: fixtures/payloads/antigravity/gemini-<name>.json.
  const file =
    provider === "gemini"
      ? path.join(PAYLOADS, "antigravity", `gemini-${name}.json`)
      : path.join(PAYLOADS, provider, `${name}.json`);
  const data = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  return JSON.stringify({ ...data, ...patch });
}

export class Engine {
  child?: ChildProcess;
  output = "";
  constructor(private readonly world: World) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, [BIN.bar, "--headless"], {
      env: this.world.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    child.stdout?.on("data", (d) => (this.output += String(d)));
    child.stderr?.on("data", (d) => (this.output += String(d)));
    await until(async () => (await this.ping()) !== undefined, 15_000, "engine start");
  }

  async ping(): Promise<number | undefined> {
    try {
      return (await request<{ pid: number }>(this.world.paths.controlSocket, { op: "ping" }, { timeoutMs: 1000 })).pid;
    } catch {
      return undefined;
    }
  }

  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill(signal);
    return exited;
  }

  async list(): Promise<AgentRow[]> {
    return (await request<{ agents: AgentRow[] }>(this.world.paths.controlSocket, { op: "list" })).agents;
  }

  async stats(): Promise<Stats> {
    return request<Stats>(this.world.paths.controlSocket, { op: "stats" });
  }
}

export class Tmux {
  constructor(private readonly world: World) {}

  async cmd(...args: string[]): Promise<string> {
    const { stdout } = await run("tmux", ["-S", this.world.tmuxSocket, ...args], { env: this.world.env });
    return stdout.trim();
  }

  /** The environment a CLI started in `pane` of this server sees ($TMUX, $TMUX_PANE). */
  async paneEnv(pane: string): Promise<NodeJS.ProcessEnv> {
    return {
      ...this.world.env,
      TMUX: `${this.world.tmuxSocket},${await this.cmd("display-message", "-p", "#{pid}")},0`,
      TMUX_PANE: pane,
    };
  }

  /** Starts a pane running the fake `provider` executable; returns its pane id and control dir. */
  async pane(provider: FakeProvider, name: string, tick = "0.05"): Promise<FakePane> {
    const dir = path.join(this.world.home, "panes", name);
    await fs.mkdir(dir, { recursive: true });
    const command = `env MYTTY_FAKE_DIR='${dir}' MYTTY_FAKE_TICK=${tick} ${EXECUTABLE[provider]}`;
    const first = !(await this.has());
    const id = first
      ? await this.cmd("new-session", "-d", "-s", "e2e", "-x", "160", "-y", "40", "-P", "-F", "#{pane_id}", command)
      : await this.cmd("new-window", "-d", "-t", "e2e", "-P", "-F", "#{pane_id}", command);
    return new FakePane(this.world, provider, id, dir);
  }

  private async has(): Promise<boolean> {
    try {
      await this.cmd("has-session", "-t", "e2e");
      return true;
    } catch {
      return false;
    }
  }

  async kill(): Promise<void> {
    await this.cmd("kill-server").catch(() => undefined);
  }
}

let calls = 0;
export class FakePane {
  constructor(
    readonly world: World,
    readonly provider: FakeProvider,
    readonly id: string,
    private readonly dir: string,
  ) {}

  /**
   * Has the fake agent run the installed hook for `event` with `payload`; resolves with its stdout.
   * `paneHints: false` runs it without TMUX/TMUX_PANE, so only the helper's parent chain can join it.
   */
  async hook(
    event: string,
    payload: string,
    options: { paneHints?: boolean; timeoutMs?: number } = {},
  ): Promise<string> {
    return (await this.hookCall(event, payload, options)).out;
  }

  /** One hook call: what it printed and its exit status. */
  async hookCall(
    event: string,
    payload: string,
    options: { paneHints?: boolean; timeoutMs?: number } = {},
  ): Promise<{ out: string; code: number }> {
    calls += 1;
    const n = path.join(this.dir, `${String(calls).padStart(5, "0")}`);
    await fs.writeFile(`${n}.cmd`, hookCommand(this.world, this.provider, event));
    await fs.writeFile(`${n}.in`, payload);
    await fs.writeFile(`${n}.runner`, `${RUNNER[this.provider]}${options.paneHints === false ? "-bare" : ""}`);
    await fs.writeFile(`${n}.tmp`, "");
    await fs.rename(`${n}.tmp`, `${n}.ready`);
    await until(
      async () =>
        fs.access(`${n}.done`).then(
          () => true,
          () => false,
        ),
      options.timeoutMs ?? 10_000,
      `hook ${event}`,
    );
    return { out: await fs.readFile(`${n}.out`, "utf8"), code: Number(await fs.readFile(`${n}.rc`, "utf8")) };
  }
}

export async function until<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Rows of agents in this world's private tmux server (the machine may run other agents). */
export async function ourRows(world: World, engine: Engine): Promise<AgentRow[]> {
  return (await engine.list()).filter((r) => r.terminal.tmuxSocket === world.tmuxSocket);
}

/** The row of the agent in a pane, once it is in `state` (and passes `extra`). */
export async function rowInState(
  engine: Engine,
  pane: FakePane,
  state: AgentRow["state"],
  timeoutMs = 8000,
  extra: (r: AgentRow) => boolean = () => true,
): Promise<AgentRow> {
  let last: AgentRow | undefined;
  try {
    return await until(
      async () => {
        last = (await ourRows(pane.world, engine)).find((r) => r.terminal.tmuxPane === pane.id);
        return last?.state === state && extra(last) ? last : undefined;
      },
      timeoutMs,
      `${pane.provider} in ${pane.id} to be ${state}`,
    );
  } catch {
    throw new Error(
      `${pane.provider} in ${pane.id}: expected ${state}, still ${last ? `${last.state} (${last.id})` : "not listed"}`,
    );
  }
}

export async function runCli(
  world: World,
  bin: string,
  args: string[],
  env: NodeJS.ProcessEnv = world.env,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}
