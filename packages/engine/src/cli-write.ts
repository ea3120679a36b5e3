// `@mytty-bar/engine/cli-write`: how the bundled fast paths (mytty-team list/wait/stats, mytty-doctor
// status) write their output without creating process.stdout first (that stream costs ~1 ms and loads the
// stream modules). Node builtins only. tools/cli-launch.cjs gives the full CLIs' streams the same quiet end.
import fs from "node:fs";

const guarded = new WeakSet<NodeJS.WriteStream>();

/**
 * The stream, ending the command quietly (its exit code kept) once its reader went away (`| head`). Its
 * own listener, once per stream: another one (a pipe into the stream adds one) does not end it quietly.
 */
export function quiet<T extends NodeJS.WriteStream>(stream: T): T {
  if (guarded.has(stream)) return stream;
  guarded.add(stream);
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  return stream;
}

/**
 * Writes `text` to fd 1 or 2 synchronously. A reader that went away ends the writing quietly; a pipe that
 * is non-blocking and full (EAGAIN) gets the rest through the stream, which waits for room.
 */
export function writeFd(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += fs.writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPIPE") return;
      if (code !== "EAGAIN") throw error;
      quiet(fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(offset));
      return;
    }
  }
}
