// Small effect helpers of the composition root.
import { promises as fs } from "node:fs";

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

export async function mtimeOf(file: string): Promise<number | undefined> {
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return undefined; // no file (yet): the caller treats a missing file as "unchanged defaults"
  }
}
