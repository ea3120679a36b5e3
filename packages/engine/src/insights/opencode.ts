// OpenCode keeps its messages in SQLite (`<data>/opencode/opencode.db`, table `message`: `id`, `session_id`,
// `time_created`, `time_updated`, `data` JSON — sst/opencode packages/opencode/src/session/session.sql.ts).
// The newest assistant message of the hook session names the model (`data.modelID`, `data.providerID`);
// OpenCode stores no context window, so no context meter. Re-read only when the db (or its WAL) changed,
// at most every 5 s per pane, and at once when the hook session id changes.
import path from "node:path";
import { sanitizeLabel } from "@mytty-bar/protocol";
import { asRecord, asString } from "./lines.js";
import type { FileStamp, TranscriptSource } from "./source.js";
import type { SqliteReader } from "./sqlite.js";

export const OPENCODE_THROTTLE_MS = 5_000;
const NEWEST_ROWS = 20;

/** The model of the newest assistant message among rows (newest first); undefined when none names one. */
export function opencodeModel(rows: readonly Record<string, unknown>[]): string | undefined {
  for (const row of rows) {
    let data: unknown;
    try {
      data = typeof row.data === "string" ? JSON.parse(row.data) : undefined;
    } catch {
      // a message row that is not JSON is skipped; the next one may tell the model
      continue;
    }
    const info = asRecord(data);
    if (info?.role !== "assistant") continue;
    const model = sanitizeLabel(asString(info.modelID));
    if (model !== undefined) return model;
  }
  return undefined;
}

export interface OpencodeWatch {
  sessionId?: string;
  stamp?: string;
  readAt?: number;
  model?: string;
}

const stampKey = (db?: FileStamp, wal?: FileStamp) => `${db?.mtimeMs}:${db?.size}:${wal?.mtimeMs}:${wal?.size}`;

export async function pollOpencode(
  source: TranscriptSource,
  sqlite: SqliteReader | undefined,
  db: string | undefined,
  sessionId: string | undefined,
  watch: OpencodeWatch,
  t: number,
): Promise<string | undefined> {
  if (sqlite === undefined || db === undefined || sessionId === undefined) return undefined;
  if (watch.sessionId !== sessionId) {
    Object.assign(watch, { sessionId, stamp: undefined, readAt: undefined, model: undefined });
  }
  if (watch.readAt !== undefined && t - watch.readAt < OPENCODE_THROTTLE_MS) return watch.model;
  const stamp = stampKey(await source.stat(db), await source.stat(`${db}-wal`));
  if (stamp === watch.stamp) return watch.model;
  watch.readAt = t;
  try {
    const rows = sqlite.all(
      db,
      "SELECT data FROM message WHERE session_id = ? ORDER BY time_created DESC, id DESC LIMIT ?",
      [sessionId, NEWEST_ROWS],
    );
    watch.model = opencodeModel(rows) ?? watch.model;
    watch.stamp = stamp;
  } catch {
    // Locked, half-migrated or not OpenCode's: try again on the next change.
  }
  return watch.model;
}

/** `$XDG_DATA_HOME/opencode/opencode.db`, else `~/.local/share/opencode/opencode.db` (OpenCode's data dir). */
export function opencodeDbPath(home: string, xdgDataHome?: string): string {
  return path.join(
    xdgDataHome !== undefined && xdgDataHome !== "" ? xdgDataHome : path.join(home, ".local", "share"),
    "opencode",
    "opencode.db",
  );
}
