// The one place that runs tmux. Commands get a TmuxRunner, so tests point it at a private server
// (`tmux -S <tmp>/sock`) exactly the way real panes do: through $TMUX.
import { execFile } from "node:child_process";
import { socketFromTmuxEnv } from "@mytty-bar/engine/client";

export interface TmuxResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface TmuxRunner {
  /** The server socket every call goes to (undefined = tmux's own default). */
  readonly socket: string | undefined;
  run(args: readonly string[]): Promise<TmuxResult>;
}

// The engine owns how a TMUX value names its server (rows carry it as a hint); panes read it the same way.
export { socketFromTmuxEnv };

export interface RunnerOptions {
  env: NodeJS.ProcessEnv;
  /** Overrides the socket from $TMUX (an engine row may name another server). */
  socket?: string;
}

export function createTmuxRunner({ env, socket }: RunnerOptions): TmuxRunner {
  const resolved = socket ?? socketFromTmuxEnv(env.TMUX);
  const bin = env.MYTTY_TMUX_BIN !== undefined && env.MYTTY_TMUX_BIN !== "" ? env.MYTTY_TMUX_BIN : "tmux";
  return {
    socket: resolved,
    run(args) {
      // -u: without a UTF-8 locale (LANG=C, a bare CI or launchd environment) tmux prints every tab of a
      // -F format as "_" and every non-ASCII byte of a label as "_"; our formats are tab-separated.
      const argv = resolved === undefined ? ["-u", ...args] : ["-u", "-S", resolved, ...args];
      return new Promise((resolve) => {
        execFile(bin, argv, { env, timeout: 10_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === "number" ? error.code : 127;
          resolve({
            code,
            stdout: String(stdout),
            stderr: error !== null && stderr === "" ? error.message : String(stderr),
          });
        });
      });
    },
  };
}
