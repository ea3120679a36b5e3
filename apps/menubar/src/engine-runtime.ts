// Starts the engine inside a front end (menu bar, TUI): one engine per data dir, so the lock comes
// first, and stopping releases it again.
import { acquireEngineLock, createEngine, type Engine, type EnginePorts } from "@mytty-bar/engine";
import type { Paths } from "@mytty-bar/installers";

export interface RunningEngine {
  engine: Engine;
  /** Stops the engine (socket removed) and releases the data dir. */
  stop(): Promise<void>;
}

export async function startEngine(options: { paths: Paths; ports: EnginePorts; version?: string }): Promise<RunningEngine> {
  // Throws EngineAlreadyRunningError, whose message says how to stop the other one.
  const lock = await acquireEngineLock(options.paths);
  try {
    const engine = await createEngine({ paths: options.paths, ports: options.ports, version: options.version ?? "0.1.0" });
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
