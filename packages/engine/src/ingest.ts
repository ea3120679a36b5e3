// Ingest: each spool file the intake hands on is prepared (parsed, mapped), joined to its agent (the
// scanner reads just the helper's missing parents on top of the last scan's table) and committed.
import type { Scanner } from "@mytty-bar/detect";
import type { Change, EngineCore } from "./core.js";
import { createIntake, type Intake } from "./intake.js";
import type { Preparer } from "./prepare-offload.js";
import type { Scheduler } from "./schedule.js";
import type { Answering } from "./answers/answering.js";
import { heldJoin } from "./change.js";

export interface IngestDeps {
  dir: string;
  pollMs: number;
  core: EngineCore;
  scanner: Pick<Scanner, "join">;
  scheduler: Pick<Scheduler, "processes">;
  clock(): Date;
  failed(kind: string): (error: unknown) => undefined;
  onError(kind: string, error: unknown): void;
  /** The one path every Change takes (persist, publish). */
  commit(change: Change, now: Date): void;
  /** Counters changed without a Change (a rejected or ignored file): publish only. */
  publish(): void;
  /** Awaited before a handed-on batch's files are deleted: the event log is written by then. */
  settle(): Promise<void>;
  /** Every ingested file, for the holds it announces (answers/answering.ts). */
  answering: Pick<Answering, "ingested">;
  /** Where files are prepared (prepare-offload.ts): the engine's, shared with its hosts, which stops it. */
  preparer: Preparer;
}

export function createIngest(deps: IngestDeps): Intake {
  const { core, clock } = deps;
  // Big files are parsed and mapped off the loop (prepare-offload.ts); the order of files stays the intake's.
  const { preparer } = deps;
  return createIntake({
    dir: deps.dir,
    pollMs: deps.pollMs,
    onReject: () => {
      core.countRejected();
      deps.publish();
    },
    onError: deps.onError,
    settle: deps.settle,
    onFile: async (bytes) => {
      const now = clock();
      const outcome = await preparer.prepare(bytes, now);
      // Stopped mid-parse: the file stays in the spool for the next start.
      if (outcome === "stopped") return false;
      const prepared = core.accept(outcome, now);
      if (prepared.kind === "done") deps.answering.ingested(undefined, prepared.hold, undefined);
      if (prepared.kind === "join") {
        const ppid = prepared.envelope.ppid;
        // The helper's parent is usually newer than the last scan: no full scan per hook, no table per join.
        const joined =
          ppid !== undefined
            ? await deps.scanner.join(ppid, deps.scheduler.processes()).catch(deps.failed("join"))
            : undefined;
        const change = core.commit(prepared, joined, now);
        const { envelope } = prepared;
        deps.answering.ingested(envelope, envelope.hold, heldJoin(core.runOwner, prepared, change));
        if (change !== "ignored") {
          deps.commit(change, now);
          return;
        }
      }
      deps.publish();
      return true;
    },
  });
}
