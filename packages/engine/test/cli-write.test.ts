// writeFd (src/cli-write.ts), as the bundled CLIs use it: on a pipe its reader empties slowly, once fd 1
// is non-blocking (Node makes it so when anything creates process.stdout), a synchronous write meets
// EAGAIN; the rest must go through the stream, none of it lost. Real child, real pipe.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const module = fileURLToPath(new URL("../src/cli-write.ts", import.meta.url));

function child(code: string): {
  stdout: NodeJS.ReadableStream;
  done: Promise<{ code: number | null; stderr: string }>;
} {
  const proc = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  proc.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return { stdout: proc.stdout, done: new Promise((resolve) => proc.on("close", (c) => resolve({ code: c, stderr }))) };
}

it("hands what a full non-blocking pipe refused to the stream, and loses none of it", async () => {
  const size = 4 * 1024 * 1024; // far beyond a pipe's buffer
  const run = child(
    `import { writeFd } from ${JSON.stringify(module)};\n` +
      `process.stdout; // makes fd 1 non-blocking, as any use of the stream would\n` +
      `writeFd(1, "x".repeat(${size}) + "\\n");`,
  );
  run.stdout.pause();
  await new Promise((resolve) => setTimeout(resolve, 500)); // the child meets a full pipe
  let received = 0;
  run.stdout.on("data", (d: Buffer) => (received += d.length));
  run.stdout.resume();
  expect(await run.done).toEqual({ code: 0, stderr: "" });
  expect(received).toBe(size + 1);
});

it("ends quietly, with the command's exit code, when the reader is gone", async () => {
  const run = child(
    `import { writeFd } from ${JSON.stringify(module)};\n` +
      `process.exitCode = 3; process.stdout; writeFd(1, "x".repeat(4 * 1024 * 1024));`,
  );
  run.stdout.on("data", () => (run.stdout as unknown as { destroy(): void }).destroy());
  expect(await run.done).toEqual({ code: 3, stderr: "" });
});
