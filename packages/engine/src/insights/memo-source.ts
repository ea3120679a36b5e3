// Lookups memoised for one poll of the inspector (a poll describes one instant anyway).
import type { FileStamp, TranscriptSource } from "./source.js";

/**
 * Directory listings and stats memoised for one poll (a poll describes one instant anyway); reads pass
 * through. Without it every Codex agent bound by cwd would list and stat the same day dirs.
 */
export function memoizedLookups(source: TranscriptSource): TranscriptSource {
  const stats = new Map<string, Promise<FileStamp | undefined>>();
  const lists = new Map<string, Promise<string[]>>();
  const dirs = new Map<string, Promise<number | undefined>>();
  const once = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    let hit = map.get(key);
    if (hit === undefined) map.set(key, (hit = load()));
    return hit;
  };
  return {
    ...source,
    stat: (file) => once(stats, file, () => source.stat(file)),
    list: (dir) => once(lists, dir, () => source.list(dir)),
    dirMtime: (dir) => once(dirs, dir, () => source.dirMtime(dir)),
    readRange: (file, start, length) => source.readRange(file, start, length),
    readText: (file, maxBytes) => source.readText(file, maxBytes),
    ...(source.openFiles !== undefined ? { openFiles: source.openFiles.bind(source) } : {}),
    ...(source.bootTimeMs !== undefined ? { bootTimeMs: source.bootTimeMs.bind(source) } : {}),
  };
}
