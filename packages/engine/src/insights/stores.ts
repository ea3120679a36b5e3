// Model (and Cursor's mode) from other agents' SQLite stores, for the inspector: OpenCode's opencode.db and
// Cursor CLI's store.db, each behind its own throttle (opencode.ts, cursor-store.ts).
import { pollCursor, type CursorWatch } from "./cursor-store.js";
import type { InsightPaths } from "./locate.js";
import { opencodeDbPath, pollOpencode, type OpencodeWatch } from "./opencode.js";
import type { TranscriptSource } from "./source.js";
import { nodeSqliteReader, type SqliteReader } from "./sqlite.js";

export interface StoreWatch {
  opencode: OpencodeWatch;
  cursor: CursorWatch;
}

export const emptyStoreWatch = (): StoreWatch => ({ opencode: {}, cursor: { chat: {} } });

export type StoreReader = (
  source: TranscriptSource,
  agent: { provider: string; sessionId?: string; cwd?: string },
  watch: StoreWatch,
  t: number,
) => Promise<{ model?: string; mode?: string }>;

export function storeReader(
  paths: InsightPaths,
  option: SqliteReader | false | undefined,
  env: NodeJS.ProcessEnv = process.env,
): StoreReader {
  let sqlite: { value: SqliteReader | undefined } | undefined;
  const reader = () => (sqlite ??= { value: option === false ? undefined : (option ?? nodeSqliteReader()) }).value;
  const opencodeDb =
    paths.opencodeDb ?? (paths.home !== undefined ? opencodeDbPath(paths.home, env.XDG_DATA_HOME) : undefined);
  return async (source, agent, watch, t) => {
    if (agent.provider === "opencode")
      return { model: await pollOpencode(source, reader(), opencodeDb, agent.sessionId, watch.opencode, t) };
    if (agent.provider === "cursor") return pollCursor(source, reader(), paths.home, agent, watch.cursor, t);
    return {};
  };
}
