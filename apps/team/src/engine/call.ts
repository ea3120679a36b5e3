// The one way list/wait/stats talk to the engine: control-socket errors become exit codes and
// one-line messages (engine not running → 3, docs/architecture.md#contracts).
// Light entries only (no engine, no installers' planners): list and wait are agents' hot path.
import {
  ControlClientError,
  EngineNotRunningError,
  ENGINE_NOT_RUNNING_MESSAGE,
  request,
  type ClientRequest,
} from "@mytty-bar/engine/client";
import { resolvePaths, type Paths } from "@mytty-bar/paths";

export const EXIT_CODES = { reached: 0, failed: 1, usage: 2, engineDown: 3, timeout: 4 } as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export interface EngineCallOptions {
  paths?: Paths;
  timeoutMs?: number;
}

export async function callEngine<T>(req: ClientRequest, options: EngineCallOptions = {}): Promise<T> {
  const paths = options.paths ?? resolvePaths();
  try {
    return await request<T>(paths.controlSocket, req, { timeoutMs: options.timeoutMs ?? 5000 });
  } catch (error) {
    if (error instanceof EngineNotRunningError) throw new CliError(ENGINE_NOT_RUNNING_MESSAGE, EXIT_CODES.engineDown);
    if (error instanceof ControlClientError) {
      if (error.code === "closed")
        throw new CliError("The Mytty Bar engine stopped before answering.", EXIT_CODES.engineDown);
      if (error.code === "timeout")
        throw new CliError(
          "The Mytty Bar engine did not answer in time; is it stuck? `mytty-doctor status` shows more.",
          EXIT_CODES.engineDown,
        );
      if (error.code === "bad-request") throw new CliError(error.message, EXIT_CODES.usage);
      // Busy is a running engine refusing for now: never "not running" (that would send the user to start a second one).
      if (error.code === "busy") throw new CliError(error.message, EXIT_CODES.failed);
      throw new CliError(error.message, EXIT_CODES.failed);
    }
    throw error;
  }
}
