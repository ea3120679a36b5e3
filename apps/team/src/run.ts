// The one way a mytty-team command runs, full CLI and fast path alike: a TeamError becomes one line
// on stderr and its exit code; anything else is a bug and propagates.
import type { Io, RunAction } from "./context.js";
import { TeamError } from "./messages.js";

export function runner<C extends Io>(makeContext: () => C): RunAction<C> {
  return async (body) => {
    const ctx = makeContext();
    try {
      const code = await body(ctx);
      if (code !== undefined) process.exitCode = code;
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      ctx.err(error.message);
      process.exitCode = error.exitCode;
    }
  };
}
