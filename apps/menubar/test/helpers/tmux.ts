// A private tmux server per test (own socket in a temp dir, no config), never the user's.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TmuxServer {
  dir: string;
  socket: string;
  tmux(...args: string[]): Promise<string>;
  /** Attaches a real client (through `script`, which gives it a pty) and returns its tty. */
  attach(session: string): Promise<string>;
  /** Reads a pane's screen until it contains `text` (or the limit passes; then returns the last screen). */
  waitForScreen(pane: string, text: string, limitMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startTmux(prefix: string, env: NodeJS.ProcessEnv = {}): Promise<TmuxServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const socket = path.join(dir, "sock");
  const clients: ChildProcess[] = [];
  const tmux = async (...args: string[]) => {
    const { stdout } = await run("tmux", ["-S", socket, "-f", "/dev/null", ...args], {
      env: { ...process.env, ...env },
    });
    return stdout;
  };
  const server: TmuxServer = {
    dir,
    socket,
    tmux,
    async attach(session) {
      const before = new Set((await tmux("list-clients", "-F", "#{client_tty}")).split("\n").filter(Boolean));
      // A client needs a terminal type; CI runners often have no TERM at all ("open terminal failed").
      const clientEnv = { ...process.env, ...env, TERM: "xterm-256color" };
      const child = spawn("script", ["-qfc", `tmux -S ${socket} attach -t ${session}`, "/dev/null"], {
        stdio: ["pipe", "ignore", "ignore"],
        env: clientEnv,
      });
      clients.push(child);
      for (let i = 0; i < 200; i++) {
        const now = (await tmux("list-clients", "-F", "#{client_tty}")).split("\n").filter((t) => t && !before.has(t));
        if (now[0]) return now[0];
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error("tmux client did not attach");
    },
    async waitForScreen(pane, text, limitMs = 15_000) {
      let screen = "";
      for (const start = Date.now(); Date.now() - start < limitMs;) {
        screen = await tmux("capture-pane", "-p", "-t", pane);
        if (screen.includes(text)) return screen;
        await new Promise((r) => setTimeout(r, 50));
      }
      return screen;
    },
    async close() {
      for (const c of clients) c.kill();
      await tmux("kill-server").catch(() => "");
      await rm(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** The dashboard's closing steps shared by its tests: `a` acknowledges the selected item, `q` quits cleanly. */
export async function acknowledgeThenQuit(
  server: TmuxServer,
  tui: string,
  expect: (value: string) => { toContain(text: string): void },
): Promise<void> {
  await server.tmux("send-keys", "-t", tui, "a");
  await server.waitForScreen(tui, "Acknowledged");
  // The real engine publishes the snapshot after the acknowledgement (asynchronously): wait for both.
  const acked = await server.waitForScreen(tui, "Nothing needs you");
  expect(acked).toContain("Acknowledged 1 item.");
  expect(acked).toContain("Nothing needs you.");
  await server.tmux("send-keys", "-t", tui, "q");
  expect(await server.waitForScreen(tui, "exit=")).toContain("exit=0");
}
