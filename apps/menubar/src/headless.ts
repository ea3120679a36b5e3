// `mytty-bar --headless`: the engine in the foreground, no UI. One per data dir (engine.pid), socket and
// pid file removed on SIGINT/SIGTERM; leftovers of a crash are replaced, a live engine is never.
import { createEngine, EngineAlreadyRunningError, type Engine, type Notice } from "@mytty-bar/engine";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { scanScope } from "./engine-runtime.js";
import {
  dataDirDeniedText,
  dataDirInTheWayText,
  engineStartFailedText,
  headlessRunningText,
  headlessStoppedText,
} from "./messages.js";

export interface HeadlessOptions {
  paths?: Paths;
  /** Where progress lines go (default process.stdout / process.stderr). */
  out?: (line: string) => void;
  err?: (line: string) => void;
  version?: string;
  /** Signals that stop the engine (default SIGINT, SIGTERM, SIGHUP). */
  signals?: NodeJS.Signals[];
}

/** Runs until a stop signal; resolves with the process exit code. */
export async function runHeadless(options: HeadlessOptions = {}): Promise<number> {
  const paths = options.paths ?? resolvePaths();
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  let engine: Engine;
  try {
    // createEngine takes <data>/engine.pid (one engine per data dir) and replaces crash leftovers.
    // MYTTY_BAR_SCAN_UNDER holds here as in the app and the TUI (docs/development.md).
    const scope = scanScope(process.env);
    engine = await createEngine({
      paths,
      version: options.version ?? "0.1.0",
      ...(scope ? { source: scope } : {}),
      ports: {
        notify: (notice: Notice) =>
          out(`notice ${notice.kind}: ${notice.title}${notice.body ? ` — ${notice.body}` : ""}`),
        // What the engine survives goes to <data>/engine.log; in the foreground it is shown too.
        log: err,
      },
    });
  } catch (error) {
    if (error instanceof EngineAlreadyRunningError) err(error.message);
    else err(startFailure(paths.dataDir, error));
    return 1;
  }
  out(headlessRunningText(process.pid, paths.dataDir));

  return await new Promise<number>((resolve) => {
    const signals = options.signals ?? ["SIGINT", "SIGTERM", "SIGHUP"];
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      for (const s of signals) process.off(s, stop);
      void (async () => {
        await engine.stop().catch(() => undefined); // exiting anyway; the next start replaces leftovers
        out(headlessStoppedText(signal));
        resolve(0);
      })();
    };
    for (const s of signals) process.on(s, stop);
  });
}

/** One line that says what went wrong with the data directory and how to fix it. */
export function startFailure(dataDir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = error instanceof Error ? error.message : String(error);
  if (code === "EEXIST" || code === "ENOTDIR") {
    return dataDirInTheWayText(dataDir, reason);
  }
  if (code === "EACCES" || code === "EPERM") {
    return dataDirDeniedText(dataDir, reason);
  }
  return engineStartFailedText(dataDir, reason);
}
