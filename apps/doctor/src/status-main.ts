// `mytty-doctor [status] [--json]` on its own: the entry of dist/status.cjs, the single CommonJS file
// scripts/bundle-status.mjs builds for bin/mytty-doctor.js. Startup budget 1.5 x `node -e 0`: one
// file instead of ~35 ESM modules, no commander, and stdout written without process.stdout (creating
// that stream loads the internal stream modules). The same handler runs as in the full CLI (cli.ts).
import fs from "node:fs";
import { runStatus, type Io } from "./handlers.js";

/** A reader that went away ends the command quietly, as bin/mytty-doctor.js does for the full CLI. */
function quiet<T extends NodeJS.WriteStream>(stream: T): T {
  if (stream.listenerCount("error") === 0)
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  return stream;
}

/** Synchronous write to fd 1; falls back to process.stdout when the pipe is non-blocking and full. */
function writeOut(text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += fs.writeSync(1, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPIPE") return; // the reader left (`| head`): nothing more to say
      if (code !== "EAGAIN") throw error;
      quiet(process.stdout).write(bytes.subarray(offset));
      return;
    }
  }
}

/** Runs status. The engine client (engine-status.ts) is bundled too: it loads only node:net, and only when a socket exists. */
export function main(): void {
  const io: Io = {
    // Asked only by the text view; node:tty would load node:net and the streams (~3 ms) for --json.
    stdout: {
      write: writeOut,
      get isTTY() {
        return process.stdout.isTTY === true;
      },
    },
    stderr: { write: (text: string) => quiet(process.stderr).write(text) },
    env: process.env,
  };
  runStatus({ json: process.argv.slice(2).includes("--json") }, io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      quiet(process.stderr).write(`mytty-doctor: ${error instanceof Error ? error.message : String(error)}\n`);
      if (process.env.MYTTY_BAR_DEBUG) quiet(process.stderr).write(`${error instanceof Error ? error.stack : ""}\n`);
      process.exitCode = 1;
    },
  );
}
