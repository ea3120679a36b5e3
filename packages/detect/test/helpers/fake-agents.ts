// A private tmux server whose windows run fake agents: scripts named like the real CLIs that just
// block on `read`, a wrapper script, node running …/@openai/codex/bin/codex.js, and MYTTY_AGENT hints.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Lab {
  dir: string;
  socket: string;
  bin: string;
  tmux(...args: string[]): string;
  /** Opens a window running an interactive bash, types `command` into it, returns the pane id. */
  open(name: string, command?: string): string;
  paneTty(paneId: string): string;
  close(): void;
}

// Loops so stray input (a tmux client's terminal replies land in the active pane) cannot end it.
const BLOCK = "#!/bin/sh\n# fake agent: waits on its terminal\nwhile :; do read -r line || sleep 3600; done\n";

export function createLab(env: Record<string, string> = {}): Lab {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mytty-detect-"));
  const bin = path.join(dir, "bin");
  mkdirSync(bin);
  for (const name of ["claude", "codex", "cursor-agent", "opencode", "gemini", "agy", "mystery"]) {
    writeFileSync(path.join(bin, name), BLOCK);
    chmodSync(path.join(bin, name), 0o755);
  }
  // Runs the agent as a child (not exec), so the wrapper stays the foreground group leader.
  writeFileSync(path.join(bin, "wrapper.sh"), `#!/bin/sh\n"${bin}/opencode"\necho wrapper done\n`);
  chmodSync(path.join(bin, "wrapper.sh"), 0o755);
  const codexJs = path.join(dir, "lib/node_modules/@openai/codex/bin/codex.js");
  mkdirSync(path.dirname(codexJs), { recursive: true });
  writeFileSync(codexJs, "setInterval(() => {}, 1 << 30);\n");

  const socket = path.join(dir, "sock");
  // A clean environment keeps the panes (and captured fixtures) free of this machine's variables.
  const baseEnv = {
    PATH: `${bin}:/usr/local/bin:/usr/bin:/bin`,
    HOME: dir,
    TERM: "xterm-256color",
    LANG: "C.UTF-8",
    HISTFILE: "",
    ...env,
  };
  const tmux = (...args: string[]) =>
    execFileSync("tmux", ["-S", socket, ...args], { env: baseEnv, encoding: "utf8" }).trim();
  tmux("-f", "/dev/null", "new-session", "-d", "-s", "lab", "-x", "160", "-y", "40", "bash --norc --noprofile");
  let first = true;
  return {
    dir,
    socket,
    bin,
    tmux,
    open(name, command) {
      let pane: string;
      if (first) {
        first = false;
        tmux("rename-window", "-t", "lab:0", name);
        pane = tmux("display-message", "-p", "-t", "lab:0", "#{pane_id}");
      } else {
        pane = tmux("new-window", "-d", "-t", "lab", "-n", name, "-P", "-F", "#{pane_id}", "bash --norc --noprofile");
      }
      if (command) {
        tmux("send-keys", "-t", pane, "-l", command);
        tmux("send-keys", "-t", pane, "Enter");
      }
      return pane;
    },
    paneTty(paneId) {
      return tmux("display-message", "-p", "-t", paneId, "#{pane_tty}").replace(/^\/dev\//, "");
    },
    close() {
      try {
        tmux("kill-server");
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

export const codexJsPath = (lab: Lab) => path.join(lab.dir, "lib/node_modules/@openai/codex/bin/codex.js");

/** Polls `check` until it returns a value, or throws after `timeoutMs` with the last seen state. */
export async function pollUntil<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  describe: () => string = () => "",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last state: ${describe()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
