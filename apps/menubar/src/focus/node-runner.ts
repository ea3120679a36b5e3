// The real CommandRunner: execFile with an argv array (no shell), a time limit and capped output.
import { execFile } from "node:child_process";
import type { Command, CommandResult, CommandRunner } from "./types.js";

export function nodeCommandRunner(timeoutMs = 5000): CommandRunner {
  return {
    run(command: Command): Promise<CommandResult> {
      const [file, ...args] = command.argv;
      if (!file) return Promise.resolve({ code: 127, stdout: "", stderr: "empty command" });
      return new Promise((resolve) => {
        execFile(
          file,
          args,
          { timeout: timeoutMs, maxBuffer: 1024 * 1024, encoding: "utf8", env: { ...process.env, ...command.env } },
          (error, stdout, stderr) => {
            const code = error ? (typeof error.code === "number" ? error.code : 127) : 0;
            resolve({ code, stdout, stderr: stderr || (error && typeof error.code !== "number" ? error.message : "") });
          },
        );
      });
    },
  };
}
