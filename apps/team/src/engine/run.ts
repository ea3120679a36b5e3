// Runs one engine-backed command: prints a CliError as one line and turns it into the exit code.
import { CliError } from "./call.js";

export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
}

export type EngineAction = (body: (io: CommandIo) => Promise<number>) => Promise<void>;

export function engineAction(io: CommandIo): EngineAction {
  return async (body) => {
    try {
      process.exitCode = await body(io);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      io.err(error.message);
      process.exitCode = error.exitCode;
    }
  };
}
