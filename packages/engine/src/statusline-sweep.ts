// Retention for <data>/statusline/: our opt-in statusLine script keeps Claude Code's JSON there as
// <claude pid>.json (docs/usage-meters.md#claude-code-the-statusline-pass-through-opt-in), and nothing else
// ever removes it. After each poll the engine deletes the files whose Claude process is gone, and the
// script's own `.<pid>.in` temp files left by a script that was killed mid-render.
import { promises as fs } from "node:fs";
import path from "node:path";
import { isAlivePid } from "./pid.js";

/** A temp file of a script still running is its own; one whose script is gone gets this long first. */
export const STATUSLINE_TEMP_GRACE_MS = 60_000;

export interface StatuslineEntry {
  name: string;
  mtimeMs: number;
}

const PID_FILE = /^([1-9][0-9]{0,9})\.json$/;
const TEMP_FILE = /^\.([1-9][0-9]{0,9})\.in$/;

/** Pure: the names to delete, given which pids are alive. Anything not ours is left alone. */
export function staleStatuslineFiles(
  entries: readonly StatuslineEntry[],
  alive: (pid: number) => boolean,
  nowMs: number,
): string[] {
  const stale: string[] = [];
  for (const e of entries) {
    const own = PID_FILE.exec(e.name);
    if (own) {
      if (!alive(Number(own[1]))) stale.push(e.name);
      continue;
    }
    const temp = TEMP_FILE.exec(e.name);
    if (temp && !alive(Number(temp[1])) && nowMs - e.mtimeMs >= STATUSLINE_TEMP_GRACE_MS) stale.push(e.name);
  }
  return stale;
}

/** Deletes the stale files of `dir` (regular files only); a missing dir is nothing to do. Returns what went. */
export async function sweepStatusline(
  dir: string,
  nowMs: number,
  alive: (pid: number) => boolean = isAlivePid,
): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return [];
  const entries: StatuslineEntry[] = [];
  for (const name of names) {
    if (!PID_FILE.test(name) && !TEMP_FILE.test(name)) continue;
    const st = await fs.lstat(path.join(dir, name)).catch(() => undefined);
    if (st?.isFile()) entries.push({ name, mtimeMs: st.mtimeMs });
  }
  const stale = staleStatuslineFiles(entries, alive, nowMs);
  for (const name of stale) await fs.rm(path.join(dir, name), { force: true });
  return stale;
}
