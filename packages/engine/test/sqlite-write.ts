// Builds other agents' SQLite stores for tests, writable: node:sqlite where the runtime has it, else
// better-sqlite3 (an optional dependency; Node 20 has no node:sqlite).
import { createRequire } from "node:module";

export interface WritableDb {
  exec(sql: string): void;
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}

const requireHere = createRequire(import.meta.url);

export function openWritable(file: string): WritableDb {
  try {
    const { DatabaseSync } = requireHere("node:sqlite") as { DatabaseSync: new (file: string) => WritableDb };
    return new DatabaseSync(file);
  } catch {
    // Node 20: no node:sqlite.
  }
  const BetterSqlite = requireHere("better-sqlite3") as new (file: string) => WritableDb;
  return new BetterSqlite(file);
}
