// A destination as a shell that either answers or says in one line why not: the shape the installers'
// HostShell port takes (packages/installers/src/remote-read.ts), built from runRemote + classifyFailure.
import type { Destination } from "./destination.js";
import { classifyFailure } from "./failure.js";
import { runRemote, type Reply, type RunOptions } from "./run.js";

export interface RemoteShell {
  name: string;
  run(script: string, input: string, reply?: Reply): Promise<Buffer>;
}

export class RemoteError extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
  }
}

export function remoteShell(destination: Destination, options: Omit<RunOptions, "reply" | "args"> = {}): RemoteShell {
  const env = options.env ?? process.env;
  return {
    name: destination.text,
    async run(script, input, reply) {
      const result = await runRemote(destination, script, input, { ...options, env, ...(reply ? { reply } : {}) });
      const failure = classifyFailure(destination, result, env);
      if (failure) throw new RemoteError(failure.message, failure.kind);
      if (result.replyError !== undefined) throw new RemoteError(`${destination.text}: ${result.replyError}`, "failed");
      if (result.code !== 0) {
        const said = result.stderr.trim().split("\n").at(-1)?.slice(0, 160) ?? "";
        throw new RemoteError(
          `${destination.text}: our script failed there (exit ${result.code})${said ? `: ${said}` : ""}`,
          "failed",
        );
      }
      return result.stdout;
    },
  };
}
