// Compare-and-swap of one file's whole content: the new bytes go to a temp file beside the target and
// are fsynced; only then is the target compared with what the change was computed from and swapped
// (no await in between). The swap keeps what it displaces, so a save that lands after the compare is
// found and handed back to be restored, never silently overwritten. A new file is linked into place
// (link fails if someone created it meanwhile); a deletion moves the file aside and puts it back if it
// changed.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

export type SwapResult =
  | { ok: true }
  /** The target did not hold `expected`. `lost` = bytes a concurrent in-place save put into the file we replaced. */
  | { ok: false; lost?: Buffer; keptAt?: string };

export interface SwapOptions {
  /** Mode for the new file, or for an existing one when `forceMode`. Existing files keep theirs otherwise. */
  mode: number;
  forceMode?: boolean;
  /** Runs after the new bytes are on disk, before the compare (tests edit the target here). */
  beforeCompare?: () => void | Promise<void>;
}

const NOFOLLOW_READ = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW;

function sideName(target: string, kind: string): string {
  return `${target}.mytty-${kind}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** Opens the target for reading without following a link or blocking on a fifo; undefined if absent. */
function openHeld(target: string): number | undefined {
  try {
    return fs.openSync(target, NOFOLLOW_READ);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

function readAll(fd: number): Buffer {
  const size = fs.fstatSync(fd).size;
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.max(64 * 1024, size - position + 1));
    const n = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    position += n;
  }
  return Buffer.concat(chunks);
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform lets a directory be fsynced; the rename itself is still atomic.
  }
}

function stage(target: string, content: Buffer, options: SwapOptions): string {
  const tmp = sideName(target, "tmp");
  let existing: fs.Stats | undefined;
  try {
    existing = fs.statSync(target);
  } catch {
    // no file yet: a new one gets the default mode
    existing = undefined;
  }
  const mode = existing && !options.forceMode ? existing.mode & 0o7777 : options.mode;
  const fd = fs.openSync(tmp, "wx", 0o600);
  try {
    let written = 0;
    while (written < content.length) written += fs.writeSync(fd, content, written);
    fs.fchmodSync(fd, mode);
    // Root editing a user's file (sudo) must leave it the user's.
    if (existing && process.getuid?.() === 0) fs.fchownSync(fd, existing.uid, existing.gid);
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  return tmp;
}

/**
 * Replaces `target` (a real path, not a link) with `content` if it still holds `expected` (null = absent).
 * The swap moves the target aside and links ours into place, so whatever stood there at that instant is
 * kept and checked afterwards: a save that won the race is never overwritten unseen (a rename over the
 * target would destroy it). For those few microseconds the path does not exist, as in Emacs's save.
 */
export async function swapFile(
  target: string,
  expected: Buffer | null,
  content: Buffer,
  options: SwapOptions,
): Promise<SwapResult> {
  const tmp = stage(target, content, options);
  try {
    await options.beforeCompare?.();
    // From here to the end everything is synchronous: nothing of ours runs in between.
    const held = openHeld(target);
    if (held === undefined) return expected === null && placeNew(tmp, target) ? { ok: true } : { ok: false };
    const same = expected !== null && readAll(held).equals(expected);
    fs.closeSync(held);
    if (!same) return { ok: false };
    const aside = sideName(target, "old");
    fs.renameSync(target, aside);
    const placed = placeNew(tmp, target);
    const fd = openHeld(aside);
    const displaced = fd === undefined ? Buffer.alloc(0) : readAll(fd);
    if (fd !== undefined) fs.closeSync(fd);
    if (displaced.equals(expected)) {
      fs.rmSync(aside, { force: true });
      return placed ? { ok: true } : { ok: false };
    }
    // A save landed between our compare and the swap: it is in `aside`, hand it back to be restored.
    if (!placed) return { ok: false, lost: displaced, keptAt: aside };
    fs.rmSync(aside, { force: true });
    return { ok: false, lost: displaced };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Links the staged file into place; false when someone created the target first (theirs stays). */
function placeNew(tmp: string, target: string): boolean {
  try {
    fs.linkSync(tmp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  fsyncDir(path.dirname(target));
  return true;
}

/** Deletes `target` if it still holds `expected`; a file that changed is put back (or kept beside it). */
export async function removeFile(
  target: string,
  expected: Buffer,
  beforeCompare?: () => void | Promise<void>,
): Promise<SwapResult> {
  await beforeCompare?.();
  const aside = sideName(target, "del");
  try {
    fs.renameSync(target, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ok: false };
    throw error;
  }
  const fd = openHeld(aside);
  const now = fd === undefined ? Buffer.alloc(0) : readAll(fd);
  if (fd !== undefined) fs.closeSync(fd);
  if (now.equals(expected)) {
    fs.rmSync(aside, { force: true });
    return { ok: true };
  }
  try {
    fs.linkSync(aside, target);
    fs.rmSync(aside, { force: true });
    return { ok: false };
  } catch {
    // Someone created the file again meanwhile: theirs stays, the changed one is kept beside it.
    return { ok: false, keptAt: aside };
  }
}
