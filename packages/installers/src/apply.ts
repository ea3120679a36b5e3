// Applying a plan: atomic writes (write-file-atomic) that keep the file's mode, follow a symlink to
// its target, back up user files first, and compare-and-swap against a concurrent edit: the target is
// re-read just before the rename; when it changed, the change is recomputed from the new content.
import fs from "node:fs";
import path from "node:path";
import { writeBackup } from "./backups.js";
import { readText } from "./fsio.js";
import { effective, type FileChange } from "./plan.js";
import type { Paths } from "./paths.js";

export interface ApplyHooks {
  /** Called after the new content is staged and before the re-check and rename (tests simulate a concurrent edit here). */
  beforeCommit?: (file: string, attempt: number) => void | Promise<void>;
}

export interface ApplyOptions {
  paths: Pick<Paths, "home" | "backupsDir">;
  hooks?: ApplyHooks;
  /** Attempts before a file that keeps changing under us is reported (default 3). */
  attempts?: number;
  now?: () => Date;
}

export type ChangeOutcome =
  | { path: string; result: "written" | "deleted" | "unchanged" | "chmod"; backup?: string }
  | { path: string; result: "conflict" | "invalid" | "error"; message: string };

class Conflict extends Error {}

/** Where the bytes really live: a symlink's target (even a dangling one), else the path itself. */
function realTarget(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    try { // dangling link or missing file: resolve the link by hand
      const link = fs.readlinkSync(file);
      return path.resolve(path.dirname(file), link);
    } catch {
      return file; // not a link: the path itself is the target
    }
  }
}

export async function applyChanges(changes: readonly FileChange[], options: ApplyOptions): Promise<ChangeOutcome[]> {
  const out: ChangeOutcome[] = [];
  for (const change of effective(changes)) {
    try {
      out.push(await applyOne(change, options));
    } catch (error) {
      out.push({ path: change.path, result: "error", message: error instanceof Error ? error.message : String(error) });
    }
  }
  return out;
}

async function applyOne(change: FileChange, options: ApplyOptions): Promise<ChangeOutcome> {
  if (change.modeOnly) {
    fs.chmodSync(realTarget(change.path), change.mode);
    return { path: change.path, result: "chmod" };
  }
  let expected = change.before;
  let after = change.after;
  let backup: string | undefined;
  const attempts = options.attempts ?? 3;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (after === expected) return { path: change.path, result: "unchanged" };
    const target = realTarget(change.path);
    if (change.backup && backup === undefined) backup = writeBackup(options.paths, change.path, expected, options.now?.());
    const recheck = async () => {
      await options.hooks?.beforeCommit?.(change.path, attempt);
      const now = readText(target);
      if (now.problem || now.text !== expected) throw new Conflict();
    };
    try {
      if (after === null) {
        await recheck();
        fs.rmSync(change.path, { force: true });
        for (const dir of change.removeEmptyDirs ?? []) removeIfEmpty(dir);
        return { path: change.path, result: "deleted", ...(backup ? { backup } : {}) };
      }
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const exists = fs.existsSync(target);
      // Loaded on first write only: status never pays for it.
      const { default: writeFileAtomic } = await import("write-file-atomic");
      await writeFileAtomic(target, after, {
        ...(exists && !change.forceMode ? {} : { mode: change.mode }),
        tmpfileCreated: recheck,
      });
      return { path: change.path, result: "written", ...(backup ? { backup } : {}) };
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      const now = readText(target);
      if (now.problem) return { path: change.path, result: "invalid", message: `${change.path} ${now.problem.message}` };
      const redone = change.redo(now.text);
      if (redone === undefined) return { path: change.path, result: "invalid", message: `${change.path} changed while we wrote it and can no longer be parsed; it was left as it is` };
      expected = now.text;
      after = redone;
      // The file changed: back up what is there now before the next attempt overwrites it.
      backup = undefined;
    }
  }
  return { path: change.path, result: "conflict", message: `${change.path} kept changing while we wrote it (${attempts} attempts); nothing was written` };
}

function removeIfEmpty(dir: string): void {
  try {
    fs.rmdirSync(dir);
  } catch {
    // Not empty (the user keeps something there) or already gone: leave it.
  }
}
