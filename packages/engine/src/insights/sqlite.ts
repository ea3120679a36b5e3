// The one door to SQLite stores of other agents (OpenCode's opencode.db): read-only, a short busy timeout,
// never a write or a lock that could shut the agent out. node:sqlite where the runtime has it (Electron's
// Node), else better-sqlite3 (Node 20 has no node:sqlite). Loaded lazily: a machine without either simply
// gets no model from these stores.
import { createRequire } from "node:module";
import { regularFileSync } from "@mytty-bar/paths";

export interface SqliteReader {
  /** Rows of one read-only query; throws on a locked, missing or foreign file (callers keep the last reading). */
  all(file: string, sql: string, params: readonly (string | number)[]): Record<string, unknown>[];
}

const requireHere = createRequire(import.meta.url);
const BUSY_TIMEOUT_MS = 100;

type Statement = { all(...params: unknown[]): unknown[] };
type Database = { prepare(sql: string): Statement; close(): void };

function opener(): ((file: string) => Database) | undefined {
  try {
    const { DatabaseSync } = requireHere("node:sqlite") as {
      DatabaseSync: new (file: string, options: object) => Database;
    };
    return (file) => new DatabaseSync(file, { readOnly: true, timeout: BUSY_TIMEOUT_MS });
  } catch {
    // Node 20: no node:sqlite.
  }
  try {
    const BetterSqlite = requireHere("better-sqlite3") as new (file: string, options: object) => Database;
    return (file) => new BetterSqlite(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  } catch {
    // better-sqlite3 not installed or not loadable here: no SQLite reader, the rows show no model
    return undefined;
  }
}

/**
 * SQLite opens the db (and its -wal, -shm, -journal) by path, blocking: a FIFO there (a hostile process's
 * swap) would hang the engine's thread for good. Each is proved a regular file (or absent) on an O_NONBLOCK
 * descriptor right before the open; the window left is SQLite's own open call.
 */
function refuseOdd(file: string): void {
  const db = regularFileSync(file);
  if (db.kind !== "file") throw new Error(`${file} is not a regular file we can read (${db.kind})`);
  for (const side of ["-wal", "-shm", "-journal"]) {
    const check = regularFileSync(file + side);
    if (check.kind !== "file" && check.kind !== "missing") throw new Error(`${file}${side} is not a regular file`);
  }
}

/** undefined when this runtime can read no SQLite at all. */
export function nodeSqliteReader(): SqliteReader | undefined {
  const open = opener();
  if (open === undefined) return undefined;
  return {
    all(file, sql, params) {
      refuseOdd(file);
      const db = open(file);
      try {
        return db.prepare(sql).all(...params) as Record<string, unknown>[];
      } finally {
        db.close();
      }
    },
  };
}
