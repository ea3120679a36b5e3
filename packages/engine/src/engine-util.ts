// Small effect helpers of the composition root.
import { promises as fs } from "node:fs";
import type { EngineLog } from "./log.js";

/** Runs a front end's port; a throwing port must not take the engine down, so its error is logged. */
export function safely(fn: () => void, failed: (error: unknown) => void): "ok" | "failed" {
  try {
    fn();
    return "ok";
  } catch (error) {
    failed(error);
    return "failed";
  }
}

/** Handlers for failures the engine survives: each is logged (rate-limited per kind), then ignored. */
export function swallowing(log: Pick<EngineLog, "swallowed">): (kind: string) => (error: unknown) => undefined {
  return (kind) => (error) => {
    log.swallowed(kind, error);
    return undefined;
  };
}

export async function mtimeOf(file: string): Promise<number | undefined> {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return undefined; // no file (yet): the caller treats a missing file as "unchanged defaults"
  }
}

/** Makes `dir` a 0700 directory; something else in its place is a one-line error naming it. */
export async function privateDir(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const st = await fs.stat(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory: remove it and start again.`);
  await fs.chmod(dir, 0o700);
}
