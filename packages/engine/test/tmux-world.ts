// One private world per end-to-end engine test: a temp root, a private tmux server (its own socket, no
// user config) and the engine under test, all torn down after each test, pass or fail.
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach } from "vitest";
import type { Engine } from "@mytty-bar/engine";

const run = promisify(execFile);

export interface TmuxWorld {
  /** The test's temp root (fresh per test). */
  readonly root: string;
  tmux(...args: string[]): Promise<string>;
  /** Stopped after the test. */
  engine: Engine | undefined;
}

export function useTmuxWorld(prefix: string): TmuxWorld {
  let root = "";
  const world: TmuxWorld = {
    get root() {
      return root;
    },
    tmux: (...args) => run("tmux", ["-S", path.join(root, "sock"), "-f", "/dev/null", ...args]).then((r) => r.stdout),
    engine: undefined,
  };
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterEach(async () => {
    await world.engine?.stop();
    world.engine = undefined;
    await world.tmux("kill-server").catch(() => "");
    await fs.rm(root, { recursive: true, force: true });
  });
  return world;
}

export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  deadlineMs = 20_000,
): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
