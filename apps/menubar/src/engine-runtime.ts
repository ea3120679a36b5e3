// Starts the engine inside a front end (menu bar, TUI): one engine per data dir, so the lock comes
// first, and stopping releases it again.
import { createSource, scopedSource, type ProcessSource } from "@mytty-bar/detect";
import { acquireEngineLock, createEngine, type Engine, type EnginePorts } from "@mytty-bar/engine";
import type { Paths } from "@mytty-bar/paths";

export interface RunningEngine {
  engine: Engine;
  /** Stops the engine (socket removed) and releases the data dir. */
  stop(): Promise<void>;
}

export async function startEngine(options: {
  paths: Paths;
  ports: EnginePorts;
  version?: string;
}): Promise<RunningEngine> {
  // Throws EngineAlreadyRunningError, whose message says how to stop the other one.
  const lock = await acquireEngineLock(options.paths);
  try {
    const scope = scanScope(process.env);
    const engine = await createEngine({
      paths: options.paths,
      ports: options.ports,
      version: options.version ?? "0.1.0",
      ...(scope ? { source: scope } : {}),
    });
    return {
      engine,
      stop: async () => {
        await engine.stop().catch(() => undefined); // quitting anyway: the lock is released next
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * MYTTY_BAR_SCAN_UNDER=<pid>: the engine sees only that process and its descendants (a tmux server,
 * say). Tests on a machine where other people's agents run use it; see docs/development.md.
 */
export function scanScope(env: NodeJS.ProcessEnv): ProcessSource | undefined {
  const value = env.MYTTY_BAR_SCAN_UNDER;
  if (value === undefined || value === "") return undefined;
  const root = Number(value);
  if (!Number.isSafeInteger(root) || root <= 0)
    throw new Error(
      `MYTTY_BAR_SCAN_UNDER must be a process id, not ${JSON.stringify(value)}: unset it to see every process.`,
    );
  return scopedSource(createSource(), root);
}
