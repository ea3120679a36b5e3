// Which SQLite reader this install has for OpenCode's and Cursor's stores (the engine's
// insights/sqlite.ts opens the same two, in this order): node:sqlite built into the runtime (Node >= 22.13,
// Electron), else the optional better-sqlite3, which npm leaves out when it cannot build. Found without
// loading either: status runs on a tight startup budget, and node:sqlite warns on stderr when loaded.
import fs from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type SqliteReaderName = "node:sqlite" | "better-sqlite3" | "none";

export interface SqliteProbe {
  isBuiltin: (id: string) => boolean;
  /** The entry file of a package, or a throw when it is not installed. */
  resolve: (id: string) => string;
  exists: (file: string) => boolean;
}

// The bundled status is CommonJS (no import.meta.url); the ES build (tests, dist/cli.js) has no __filename.
const here = () => (typeof __filename === "string" ? __filename : fileURLToPath(import.meta.url));

const realProbe = (): SqliteProbe => ({
  isBuiltin,
  resolve: (id) => createRequire(here()).resolve(id),
  exists: (file) => fs.existsSync(file),
});

export function sqliteReaderName(probe: SqliteProbe = realProbe()): SqliteReaderName {
  if (probe.isBuiltin("node:sqlite")) return "node:sqlite";
  try {
    // lib/index.js; a package unpacked without its build (npm --ignore-scripts) has no addon to load.
    const entry = probe.resolve("better-sqlite3");
    return probe.exists(path.join(path.dirname(entry), "..", "build", "Release", "better_sqlite3.node"))
      ? "better-sqlite3"
      : "none";
  } catch {
    return "none"; // not installed (an optional dependency that could not build): no reader, not an error
  }
}
