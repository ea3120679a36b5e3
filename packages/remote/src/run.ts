// Runs one POSIX sh script on a destination as a child process: input on its stdin, its stdout and
// stderr collected (both capped), a timeout that kills the whole command (the ssh, and the sh that
// MYTTY_BAR_SSH runs it through). The result is data; failure.ts words what went wrong.
import { spawn } from "node:child_process";
import type { Destination } from "./destination.js";
import { remoteInvocation } from "./command.js";

export interface RemoteResult {
  stdout: Buffer;
  stderr: string;
  /** Exit code of the ssh / docker command (ssh uses 255 for its own failures); null when killed. */
  code: number | null;
  timedOut: boolean;
  /** stdout went past maxOutputBytes: the command was killed and stdout is cut. */
  overflow: boolean;
  /** The client itself could not start (ssh or docker not installed): its errno code. */
  spawnError?: string;
  /** The reply's answer threw (RunOptions.reply): its message. */
  replyError?: string;
}

export interface RunOptions {
  /** $1… of the script. */
  args?: readonly string[];
  env?: NodeJS.ProcessEnv;
  /** Default 20 s: enough for a slow jump host, short enough that a dead link does not hang a command. */
  timeoutMs?: number;
  /** Default 64 MiB. */
  maxOutputBytes?: number;
  /**
   * A dialog on the same connection: stdin stays open until the script prints `marker`; then
   * `answer(stdout so far)` is written and stdin closed. One round trip where the second half depends
   * on the first (a host's paths depend on its $HOME).
   */
  reply?: Reply;
}

export interface Reply {
  marker: string;
  answer: (before: Buffer) => string | Buffer;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_OUTPUT = 64 * 1024 * 1024;
const MAX_STDERR = 64 * 1024;

/** The remote-command port: what the installers and the engine are given instead of a transport. */
export type RemoteRunner = (script: string, input?: string | Buffer, options?: RunOptions) => Promise<RemoteResult>;

export function runRemote(
  destination: Destination,
  script: string,
  input: string | Buffer = "",
  options: RunOptions = {},
): Promise<RemoteResult> {
  const env = options.env ?? process.env;
  const { file, args } = remoteInvocation(destination, script, options.args ?? [], env);
  const maxOutput = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  return new Promise((resolve) => {
    // Its own process group, so a timeout reaches the ssh behind MYTTY_BAR_SSH's sh as well.
    const child = spawn(file, args, { env, stdio: ["pipe", "pipe", "pipe"], detached: true });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = "";
    let timedOut = false;
    let overflow = false;
    let spawnError: string | undefined;
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is already gone: nothing left to stop.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let replied = options.reply === undefined;
    let replyError: string | undefined;
    const maybeReply = () => {
      if (replied || options.reply === undefined) return;
      const all = Buffer.concat(out);
      const at = all.indexOf(options.reply.marker);
      if (at < 0) return;
      replied = true;
      let answer: string | Buffer;
      try {
        answer = options.reply.answer(all.subarray(0, at));
      } catch (error) {
        // The caller could not answer: end the dialog with nothing; the result carries why.
        replyError = error instanceof Error ? error.message : String(error);
        answer = "";
      }
      child.stdin.end(answer);
    };
    child.stdout.on("data", (chunk: Buffer) => {
      if (overflow) return;
      outBytes += chunk.length;
      if (outBytes > maxOutput) {
        overflow = true;
        out.push(chunk.subarray(0, chunk.length - (outBytes - maxOutput)));
        kill();
        return;
      }
      out.push(chunk);
      maybeReply();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += chunk.toString("utf8").slice(0, MAX_STDERR - stderr.length);
    });
    child.stdin.on("error", () => {
      // The far side exited before reading all input (EPIPE): its exit code and stderr tell why.
    });
    let done = false;
    const finish = (code: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({
        stdout: Buffer.concat(out),
        stderr,
        code,
        timedOut,
        overflow,
        ...(spawnError !== undefined ? { spawnError } : {}),
        ...(replyError !== undefined ? { replyError } : {}),
      });
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      spawnError = error.code ?? error.message;
      // A client that never started emits no "close" of its own on every Node version.
      if (child.pid === undefined) finish(null);
    });
    child.on("close", (code) => finish(code));
    if (options.reply === undefined) child.stdin.end(input);
    else if (input.length > 0) child.stdin.write(input);
  });
}

/** A runner bound to one destination (the port handed to the installers and the engine). */
export function remoteRunner(destination: Destination, defaults: RunOptions = {}): RemoteRunner {
  return (script, input, options) => runRemote(destination, script, input, { ...defaults, ...options });
}
