// `mytty-doctor [status] [--json]` on its own: the entry of dist/status.cjs, the single CommonJS file
// scripts/bundle-status.mjs builds for bin/mytty-doctor.js. Startup budget 1.5 x `node -e 0`: one
// file instead of ~35 ESM modules, no commander, and stdout written without process.stdout (creating
// that stream loads the internal stream modules). The same handler runs as in the full CLI (cli.ts).
import fs from "node:fs";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { quiet, writeFd } from "@mytty-bar/engine/cli-write";
import { askFirst } from "./engine-ask.js";
import type { Io } from "./handlers.js";
import type { StatusReport } from "./report.js";
import { sqliteReaderName } from "./sqlite-reader.js";
import { writeStatusJson } from "./status-json.js";
import { keep, kept, touching } from "./status-cache.js";

/**
 * Runs status. With --json in dist/status.cjs, the report of the last run is printed while none of its
 * inputs changed (status-cache.ts), with the engine's part found afresh (engine-ask.ts).
 */
export function main(): void {
  // The bundle's own file, which keys the kept report on this build; an ES module (tests) has none.
  const bundle = typeof __filename === "string" && __filename.endsWith(".cjs") ? __filename : undefined;
  const io: Io = {
    // Asked only by the text view; node:tty would load node:net and the streams (~3 ms) for --json.
    stdout: {
      write: (text: string) => writeFd(1, text),
      get isTTY() {
        return process.stdout.isTTY === true;
      },
    },
    stderr: { write: (text: string) => quiet(process.stderr).write(text) },
    env: process.env,
  };
  status(process.argv.slice(2).includes("--json"), io, bundle).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      quiet(process.stderr).write(`mytty-doctor: ${error instanceof Error ? error.message : String(error)}\n`);
      if (process.env.MYTTY_BAR_DEBUG) quiet(process.stderr).write(`${error instanceof Error ? error.stack : ""}\n`);
      process.exitCode = 1;
    },
  );
}

async function status(json: boolean, io: Io, bundle: string | undefined): Promise<number> {
  const paths = resolvePaths({ env: io.env });
  const { asked } = await askFirst(paths);
  const key = json && bundle !== undefined ? cacheKey(bundle, paths, io.env) : undefined;
  const report = key !== undefined ? kept(paths.statusCache, key, isReport) : undefined;
  if (report !== undefined) return writeStatusJson({ ...report, engine: await asked }, io);
  // The planning modules are initialised only now (esbuild's lazy init for an import()).
  const { runStatus } = await import("./status-run.js");
  if (key === undefined) return runStatus({ json }, io, { asked });
  let full: StatusReport | undefined;
  const run = await touching(() => runStatus({ json }, io, { asked, keep: (r) => (full = r) }));
  // Kept only where the data dir already is: status never creates it (its report says whether it exists).
  // Nor after a crashed check: its cause is no file, and it stopped before its remaining reads.
  if (full !== undefined && full.crashed.length === 0 && fs.existsSync(paths.dataDir))
    keep(paths.statusCache, key, run.touched, { ...full, engine: {} });
  return run.value;
}

/** Enough of a report's shape for printing it and its exit code. */
const isReport = (r: unknown): r is StatusReport =>
  typeof r === "object" &&
  r !== null &&
  Array.isArray((r as StatusReport).issues) &&
  Array.isArray((r as StatusReport).crashed);

/** What else a report depends on: this bundle's build, every path, PATH (where `claude` is found), the SQLite reader. */
function cacheKey(bundle: string, paths: Paths, env: NodeJS.ProcessEnv): string | undefined {
  const st = fs.statSync(bundle, { throwIfNoEntry: false });
  if (st === undefined) return undefined;
  return JSON.stringify([
    st.size,
    st.mtimeMs,
    st.ino,
    paths,
    env.PATH ?? "",
    process.getuid?.() ?? -1,
    sqliteReaderName(),
  ]);
}
