// Cursor CLI keeps each chat in `~/.cursor/chats/<md5 of the workspace path>/<session id>/store.db`; its
// `meta` table's row "0" holds hex-encoded JSON with `agentId`, `mode` and `lastUsedModel` (public readers of
// the format: see docs/usage-meters.md). Model and mode come from there; the conversation itself is protobuf
// blobs without a published schema, so no context is read (never a guess). Same throttle as OpenCode.
import { createHash } from "node:crypto";
import path from "node:path";
import { sanitizeLabel } from "@mytty-bar/protocol";
import { asRecord, asString } from "./lines.js";
import { OPENCODE_THROTTLE_MS } from "./opencode.js";
import type { FileStamp, TranscriptSource } from "./source.js";
import type { SqliteReader } from "./sqlite.js";

export interface CursorChat {
  model?: string;
  /** Cursor's chat mode as it names it ("plan", "ask", …). */
  mode?: string;
}

/** The meta row's value (hex of JSON; plain JSON tolerated) → model and mode. */
export function cursorMeta(value: unknown): CursorChat {
  if (typeof value !== "string" || value.length > 1 << 20) return {};
  const text =
    /^[0-9a-f]+$/i.test(value) && value.length % 2 === 0 ? Buffer.from(value, "hex").toString("utf8") : value;
  let meta: Record<string, unknown> | undefined;
  try {
    meta = asRecord(JSON.parse(text));
  } catch {
    // a meta row that is not JSON tells nothing: no model, never a guess
    return {};
  }
  const model = sanitizeLabel(asString(meta?.lastUsedModel));
  const mode = sanitizeLabel(asString(meta?.mode));
  return { ...(model !== undefined ? { model } : {}), ...(mode !== undefined ? { mode } : {}) };
}

/** The chat's store: by workspace hash when the cwd is known, else the first workspace dir holding the session. */
export async function locateCursorStore(
  source: TranscriptSource,
  home: string,
  sessionId: string,
  cwd?: string,
): Promise<string | undefined> {
  const chats = path.join(home, ".cursor", "chats");
  const hashes = cwd !== undefined ? [createHash("md5").update(cwd).digest("hex")] : [];
  for (const hash of [...hashes, ...(await source.list(chats))]) {
    const file = path.join(chats, hash, sessionId, "store.db");
    if ((await source.stat(file)) !== undefined) return file;
  }
  return undefined;
}

export interface CursorWatch {
  sessionId?: string;
  file?: string;
  stamp?: string;
  readAt?: number;
  chat: CursorChat;
}

const stampKey = (db?: FileStamp, wal?: FileStamp) => `${db?.mtimeMs}:${db?.size}:${wal?.mtimeMs}:${wal?.size}`;

export async function pollCursor(
  source: TranscriptSource,
  sqlite: SqliteReader | undefined,
  home: string | undefined,
  agent: { sessionId?: string; cwd?: string },
  watch: CursorWatch,
  t: number,
): Promise<CursorChat> {
  if (sqlite === undefined || home === undefined || agent.sessionId === undefined) return {};
  if (watch.sessionId !== agent.sessionId)
    Object.assign(watch, {
      sessionId: agent.sessionId,
      file: undefined,
      stamp: undefined,
      readAt: undefined,
      chat: {},
    });
  if (watch.readAt !== undefined && t - watch.readAt < OPENCODE_THROTTLE_MS) return watch.chat;
  watch.readAt = t;
  watch.file ??= await locateCursorStore(source, home, agent.sessionId, agent.cwd);
  if (watch.file === undefined) return watch.chat;
  const stamp = stampKey(await source.stat(watch.file), await source.stat(`${watch.file}-wal`));
  if (stamp === watch.stamp) return watch.chat;
  try {
    const rows = sqlite.all(watch.file, "SELECT value FROM meta WHERE key = ?", ["0"]);
    const chat = cursorMeta(rows[0]?.value);
    watch.chat = { ...watch.chat, ...chat };
    watch.stamp = stamp;
  } catch {
    // Locked or not Cursor's: try again on the next change.
  }
  return watch.chat;
}
