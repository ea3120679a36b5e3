// Applying a plan: atomic writes that keep the file's mode, follow a symlink to its target, back up
// user files first, and compare-and-swap against a concurrent edit (swap.ts: compared after every byte
// is on disk, right before the rename); when it changed, the change is recomputed from the new content.
import fs from "node:fs";
import path from "node:path";
import { writeBackup } from "./backups.js";
import { readText } from "./fsio.js";
import { effective, type FileChange } from "./plan.js";
import { removeFile, swapFile } from "./swap.js";
import type { Paths } from "./paths.js";

/** How long a file that changed under us into something unparsable gets to finish its save. */
const SETTLE_MS = 50;

export interface ApplyHooks {
  /** Called after the new content is on disk and before the compare and rename (tests simulate a concurrent edit here). */
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

/** Where the bytes really live: a symlink's target (even a dangling one), else the path itself. */
function realTarget(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    try {
      // dangling link or missing file: resolve the link by hand
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
    if (change.backup && backup === undefined)
      backup = writeBackup(options.paths, change.path, expected, options.now?.());
    const beforeCompare = () => options.hooks?.beforeCommit?.(change.path, attempt);
    const bytes = (text: string | null) => (text === null ? null : Buffer.from(text, "utf8"));
    if (after === null) {
      const removed = await removeFile(target, bytes(expected) ?? Buffer.alloc(0), beforeCompare);
      if (removed.ok) {
        for (const dir of change.removeEmptyDirs ?? []) removeIfEmpty(dir);
        return { path: change.path, result: "deleted", ...(backup ? { backup } : {}) };
      }
      if (removed.keptAt)
        return {
          path: change.path,
          result: "conflict",
          message: `${change.path} changed while we removed it; the changed file is kept as ${removed.keptAt}`,
        };
    } else {
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const swapped = await swapFile(target, bytes(expected), Buffer.from(after, "utf8"), {
        mode: change.mode,
        ...(change.forceMode ? { forceMode: true } : {}),
        beforeCompare,
      });
      if (swapped.ok) return { path: change.path, result: "written", ...(backup ? { backup } : {}) };
      if (swapped.lost) {
        // A save landed between our compare and the swap: put it back before anything else.
        if (swapped.keptAt)
          return {
            path: change.path,
            result: "conflict",
            message: `${change.path} was saved twice while we wrote it; the earlier save is kept as ${swapped.keptAt}`,
          };
        const restored = await swapFile(target, Buffer.from(after, "utf8"), swapped.lost, { mode: change.mode });
        if (!restored.ok)
          return {
            path: change.path,
            result: "conflict",
            message: `${change.path} kept changing while we restored a concurrent save; nothing was written`,
          };
      }
    }
    // The file changed under us: recompute the change from what is there now (an in-place save may
    // still be halfway, so a file that does not parse is looked at once more a moment later).
    let now = readText(target);
    if (now.problem || change.redo(now.text) === undefined) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      now = readText(target);
    }
    if (now.problem) return { path: change.path, result: "invalid", message: `${change.path} ${now.problem.message}` };
    const redone = change.redo(now.text);
    if (redone === undefined)
      return {
        path: change.path,
        result: "invalid",
        message: `${change.path} changed while we wrote it and can no longer be parsed; it was left as it is`,
      };
    expected = now.text;
    after = redone;
    // Back up what is there now before the next attempt overwrites it.
    backup = undefined;
  }
  return {
    path: change.path,
    result: "conflict",
    message: `${change.path} kept changing while we wrote it (${attempts} attempts); nothing was written`,
  };
}

function removeIfEmpty(dir: string): void {
  try {
    fs.rmdirSync(dir);
  } catch {
    // Not empty (the user keeps something there) or already gone: leave it.
  }
}
