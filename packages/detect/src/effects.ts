// The few side effects detection needs, injectable so fixtures replay recorded command output.
import { execFile } from "node:child_process";

/** Runs a program (no shell) and resolves with its stdout; rejects on failure or timeout. */
export type Exec = (file: string, args: readonly string[]) => Promise<string>;

export interface DetectEffects {
  exec: Exec;
  platform: NodeJS.Platform;
  /** Our uid: the default tmux socket lives in tmux-<uid>/. */
  uid: number;
  /** Environment of the scanning process (TMUX_TMPDIR, PATH lookups). */
  env: Record<string, string | undefined>;
  /** Linux: unix socket paths a process holds open (finds `-S` servers whose argv was rewritten). */
  socketsOf?: (pid: number) => string[];
}

// Caps: `ps` output for thousands of long command lines stays far below this; anything bigger is hostile.
const MAX_OUTPUT = 32 * 1024 * 1024;

export const defaultExec: Exec = (file, args) =>
  new Promise((resolve, reject) => {
    execFile(
      file,
      [...args],
      // LC_ALL=C fixes lstart's shape; COLUMNS removed so nothing narrows ps output.
      {
        env: { ...process.env, LC_ALL: "C", COLUMNS: undefined },
        maxBuffer: MAX_OUTPUT,
        timeout: 5_000,
        encoding: "utf8",
      },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });

export function defaultEffects(): DetectEffects {
  return {
    exec: defaultExec,
    platform: process.platform,
    uid: typeof process.getuid === "function" ? process.getuid() : 0,
    env: process.env,
  };
}
