// A private tmux server per test file (`tmux -S <tmp>/sock -f /dev/null`): never the user's.
import { execFile } from "node:child_process";
import { mkdtemp, mkdir, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { writeFakeAgents } from "./fake-agents.js";

const run = promisify(execFile);

export interface PrivateTmux {
  root: string;
  socket: string;
  home: string;
  bin: string;
  log: string;
  /** Env of a process running inside the session's first pane (%0). */
  paneEnv: NodeJS.ProcessEnv;
  tmux(...args: string[]): Promise<string>;
  /** Records the fake agents wrote, by pid. */
  records(): Promise<Map<number, { name: string; args: string[]; cwd: string; env: Record<string, string | null> }>>;
  stop(): Promise<void>;
}

export async function startPrivateTmux(extraEnv: Record<string, string> = {}): Promise<PrivateTmux> {
  const root = await mkdtemp(path.join(os.tmpdir(), "mytty-team-test-"));
  const socket = path.join(root, "sock");
  const home = path.join(root, "home");
  const bin = path.join(root, "bin");
  const log = path.join(root, "log");
  await mkdir(home, { recursive: true });
  await mkdir(log, { recursive: true });
  await writeFakeAgents(bin);
  // LC_ALL=C like a bare CI or launchd environment: tmux then mangles tab-separated -F output unless told -u.
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    PATH: `${bin}:${process.env.PATH ?? ""}`,
    FAKE_LOG: log,
    LC_ALL: "C",
    ...extraEnv,
  };
  for (const key of [
    "TMUX",
    "TMUX_PANE",
    "MYTTY_BAR_DATA_DIR",
    "XDG_DATA_HOME",
    "XDG_CONFIG_HOME",
    "CLAUDE_CONFIG_DIR",
    "CODEX_HOME",
  ])
    delete serverEnv[key];
  const tmux = async (...args: string[]) => (await run("tmux", ["-S", socket, ...args], { env: serverEnv })).stdout;
  await tmux("-f", "/dev/null", "new-session", "-d", "-s", "team", "-x", "200", "-y", "50", "sleep 3600");
  const pid = (await tmux("display-message", "-p", "#{pid}")).trim();
  return {
    root,
    socket,
    home,
    bin,
    log,
    paneEnv: { ...serverEnv, TMUX: `${socket},${pid},0`, TMUX_PANE: "%0" },
    tmux,
    async records() {
      const out = new Map();
      for (const file of await readdir(log)) {
        if (!file.endsWith(".json")) continue;
        const pidOf = Number(/-(\d+)\.json$/.exec(file)?.[1]);
        out.set(pidOf, JSON.parse(await readFile(path.join(log, file), "utf8")));
      }
      return out;
    },
    async stop() {
      await tmux("kill-server").catch(() => "");
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Polls until `probe` returns a value (no timing assertion: the deadline only bounds a hang). */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  deadlineMs = 15_000,
): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
