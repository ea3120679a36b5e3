// The `status --json` view and status's exit code (the contract in docs/architecture.md#contracts): one place for the bundled
// status's kept report (status-main.ts) and a planned one (handlers.ts), so both print and exit alike.
import type { Io } from "./io.js";
import type { StatusReport } from "./report.js";

/** Status's exit code, whatever the view: 1 when the report names any issue. */
export const statusExitCode = (report: StatusReport): number => (report.issues.length > 0 ? 1 : 0);

/** Prints the report and gives the exit code. */
/** `neighbours`: with `--verbose`, the other tools' entries (installers' NeighbourReport). */
export function writeStatusJson(report: StatusReport & { neighbours?: unknown }, io: Pick<Io, "stdout">): number {
  io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return statusExitCode(report);
}
