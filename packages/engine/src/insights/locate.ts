// Finding the transcript of one agent (docs/providers.md#claude-code, docs/providers.md#codex). Binding rules, in
// order:   Claude Code: hook session id → <claude>/projects/*/<id>.jsonl (the cwd's project dir first), only;
// without one, the newest *.jsonl in <claude>/projects/<slug(cwd)>/ (this also follows /clear,                which
// starts a new file in the same dir).   Codex:       hook session id → sessions/**/rollout-*-<id>.jsonl (newest day
// dirs first);                else the rollout the process holds open (/proc fds on Linux, lsof on macOS);
// else (no session id) the newest recent rollout whose session_meta cwd is the agent's cwd. Files older than the
// process (when its start is known) are never bound: they belong to earlier runs.
import path from "node:path";
import { claudeProjectSlug } from "./claude.js";
import { codexSessionIdFromName } from "./codex.js";
import { completeLines, parseRecords, asRecord, asString } from "./lines.js";
import type { TranscriptSource } from "./source.js";

export interface InsightPaths {
  claudeDir: string;
  codexHome: string;
  geminiDir: string;
  /** <data>/statusline: Claude Code's statusLine input, kept by our opt-in script. */
  statuslineDir?: string;
  /** The user's home (OpenCode's store lives under it) and OpenCode's opencode.db, when not the default. */
  home?: string;
  opencodeDb?: string;
}

export interface LocateInput {
  sessionId?: string;
  cwd?: string;
  pid?: number;
  /** Epoch ms the process started; files last written before it are not its transcript. */
  startedAtMs?: number;
}

/** How many day directories of Codex sessions to search (a session older than this is resumed, and then written today). */
const CODEX_DAY_DIRS = 7;
const CODEX_CWD_CANDIDATES = 12;
const HEAD_BYTES = 64 * 1024;

async function newestJsonl(
  source: TranscriptSource,
  dir: string,
  minMtimeMs: number,
  accept?: (name: string) => boolean,
): Promise<string | undefined> {
  const names = (await source.list(dir)).filter((n) => n.endsWith(".jsonl") && (accept === undefined || accept(n)));
  let best: { file: string; mtimeMs: number } | undefined;
  for (const name of names) {
    const file = path.join(dir, name);
    const stamp = await source.stat(file);
    if (stamp === undefined || stamp.mtimeMs < minMtimeMs) continue;
    if (best === undefined || stamp.mtimeMs > best.mtimeMs) best = { file, mtimeMs: stamp.mtimeMs };
  }
  return best?.file;
}

export async function locateClaudeTranscript(
  source: TranscriptSource,
  paths: InsightPaths,
  input: LocateInput,
): Promise<string | undefined> {
  const projects = path.join(paths.claudeDir, "projects");
  const slugDir = input.cwd !== undefined ? path.join(projects, claudeProjectSlug(input.cwd)) : undefined;
  if (input.sessionId !== undefined) {
    // A known session binds only its own file: the newest file of the dir may be another session's.
    if (input.sessionId.includes("/") || input.sessionId.startsWith(".")) return undefined;
    const name = `${input.sessionId}.jsonl`;
    if (slugDir !== undefined && (await source.stat(path.join(slugDir, name))) !== undefined)
      return path.join(slugDir, name);
    for (const dir of await source.list(projects)) {
      const file = path.join(projects, dir, name);
      if ((await source.stat(file)) !== undefined) return file;
    }
    return undefined;
  }
  if (slugDir === undefined) return undefined;
  return newestJsonl(source, slugDir, minMtime(input));
}

function minMtime(input: LocateInput): number {
  // A second of slack: mtime and process start come from different clocks' rounding.
  return input.startedAtMs !== undefined ? input.startedAtMs - 1_000 : 0;
}

/** Newest-first day directories `sessions/YYYY/MM/DD`, plus the flat `sessions/` of old Codex versions. */
async function codexDayDirs(source: TranscriptSource, sessions: string): Promise<string[]> {
  const out: string[] = [];
  const numeric = (names: string[]) =>
    names
      .filter((n) => /^\d+$/.test(n))
      .sort()
      .reverse();
  for (const year of numeric(await source.list(sessions))) {
    for (const month of numeric(await source.list(path.join(sessions, year)))) {
      for (const day of numeric(await source.list(path.join(sessions, year, month)))) {
        out.push(path.join(sessions, year, month, day));
        if (out.length >= CODEX_DAY_DIRS) return [...out, sessions];
      }
    }
  }
  return [...out, sessions];
}

/** session_meta cwd per rollout path: written once at the top of the file, so read once per file. */
export type CodexCwdCache = Map<string, string | null>;
const CWD_CACHE_LIMIT = 512;

async function sessionMetaCwd(
  source: TranscriptSource,
  file: string,
  cache?: CodexCwdCache,
): Promise<string | undefined> {
  const hit = cache?.get(file);
  if (hit !== undefined) return hit ?? undefined;
  const cwd = await readSessionMetaCwd(source, file);
  if (cache !== undefined) {
    if (cache.size >= CWD_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(file, cwd ?? null);
  }
  return cwd;
}

async function readSessionMetaCwd(source: TranscriptSource, file: string): Promise<string | undefined> {
  try {
    const head = await source.readRange(file, 0, HEAD_BYTES);
    for (const record of parseRecords(completeLines(head, 0))) {
      if (record.type === "session_meta") return asString(asRecord(record.payload)?.cwd);
    }
  } catch {
    // Rotated away between list and read: not this agent's file.
  }
  return undefined;
}

export async function locateCodexRollout(
  source: TranscriptSource,
  paths: InsightPaths,
  input: LocateInput,
  cwdCache?: CodexCwdCache,
): Promise<string | undefined> {
  const sessions = path.join(paths.codexHome, "sessions");
  const minMtimeMs = minMtime(input);
  if (input.sessionId !== undefined) {
    const id = input.sessionId.toLowerCase();
    for (const dir of await codexDayDirs(source, sessions)) {
      const found = await newestJsonl(source, dir, 0, (n) => codexSessionIdFromName(n) === id);
      if (found !== undefined) return found;
    }
  }
  if (input.pid !== undefined && source.openFiles !== undefined) {
    const prefix = sessions + path.sep;
    const open = (await source.openFiles(input.pid)).filter((f) => f.startsWith(prefix) && f.endsWith(".jsonl"));
    let best: { file: string; mtimeMs: number } | undefined;
    for (const file of open) {
      const stamp = await source.stat(file);
      if (stamp !== undefined && (best === undefined || stamp.mtimeMs > best.mtimeMs))
        best = { file, mtimeMs: stamp.mtimeMs };
    }
    if (best !== undefined) return best.file;
  }
  // By cwd only without a session id: two Codex sessions in one directory are told apart by id or fd only.
  if (input.cwd === undefined || input.sessionId !== undefined) return undefined;
  const candidates: { file: string; mtimeMs: number }[] = [];
  for (const dir of await codexDayDirs(source, sessions)) {
    for (const name of await source.list(dir)) {
      if (!name.startsWith("rollout-") || !name.endsWith(".jsonl")) continue;
      const file = path.join(dir, name);
      const stamp = await source.stat(file);
      if (stamp !== undefined && stamp.mtimeMs >= minMtimeMs) candidates.push({ file, mtimeMs: stamp.mtimeMs });
    }
  }
  candidates.sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of candidates.slice(0, CODEX_CWD_CANDIDATES)) {
    if ((await sessionMetaCwd(source, file, cwdCache)) === input.cwd) return file;
  }
  return undefined;
}
