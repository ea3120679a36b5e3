// Timestamped backups in <data>/backups (0600, at most BACKUPS_PER_FILE per file) taken before we
// modify a user file. A "~absent" record notes that we created the file, so uninstall can delete it.
import fs from "node:fs";
import path from "node:path";
import { readRegularFileSync } from "@mytty-bar/paths";
import { MAX_CONFIG_BYTES } from "./fsio.js";
import type { BackupLookup } from "./plan.js";
import type { Paths } from "./paths.js";
import { HELPER_BASENAME } from "./text.js";

export const BACKUPS_PER_FILE = 10;
const ABSENT = "~absent";

/** `~/.claude/settings.json` → `.claude%settings.json`: one flat, readable name per file. */
export function backupStem(paths: Pick<Paths, "home">, file: string): string {
  const rel = path.relative(paths.home, file);
  const shown = rel.startsWith("..") || path.isAbsolute(rel) ? file : rel;
  return shown.split(path.sep).filter(Boolean).join("%");
}

export interface BackupEntry {
  file: string;
  path: string;
  absent: boolean;
}

export function listBackups(paths: Pick<Paths, "home" | "backupsDir">, file: string): BackupEntry[] {
  const stem = `${backupStem(paths, file)}~`;
  let names: string[];
  try {
    names = fs.readdirSync(paths.backupsDir);
  } catch {
    return []; // no backups dir yet: no backups
  }
  return names
    .filter((n) => n.startsWith(stem) && !n.includes(".tmp"))
    .sort()
    .map((n) => ({ file, path: path.join(paths.backupsDir, n), absent: n.endsWith(ABSENT) }));
}

/**
 * The newest backup of `file` taken before our entries were in it: that is what uninstall's removal
 * asks the backup ("was this array, or the file itself, there without us?"). A later backup, taken
 * before a `fix` or before the statusLine entry joined our hooks, only shows what we wrote; when every
 * backup is like that, the newest one is all there is.
 */
export function newestBackupLookup(paths: Pick<Paths, "home" | "backupsDir">): BackupLookup {
  return (file) => {
    const all = listBackups(paths, file);
    let newest: string | null | undefined;
    for (let i = all.length - 1; i >= 0; i -= 1) {
      const entry = all[i]!;
      if (entry.absent) return null;
      // Gone, or not a regular file any more: nothing to restore from.
      const read = readRegularFileSync(entry.path, { maxBytes: MAX_CONFIG_BYTES });
      if (read.kind !== "file") continue;
      const text = read.bytes.toString("utf8");
      if (!text.includes(HELPER_BASENAME)) return text;
      newest ??= text;
    }
    return newest;
  };
}

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

/** Writes one backup (content, or an absent record for null) and drops the oldest beyond the bound. */
export function writeBackup(
  paths: Pick<Paths, "home" | "backupsDir">,
  file: string,
  content: string | null,
  now = new Date(),
): string {
  fs.mkdirSync(paths.backupsDir, { recursive: true, mode: 0o700 });
  const base = `${backupStem(paths, file)}~${stamp(now)}`;
  let name = base;
  for (
    let i = 1;
    fs.existsSync(path.join(paths.backupsDir, name)) || fs.existsSync(path.join(paths.backupsDir, name + ABSENT));
    i += 1
  ) {
    name = `${base}-${String(i).padStart(3, "0")}`;
  }
  const target = path.join(paths.backupsDir, content === null ? name + ABSENT : name);
  fs.writeFileSync(target, content ?? "", { mode: 0o600, flag: "wx" });
  const all = listBackups(paths, file);
  for (const old of all.slice(0, Math.max(0, all.length - BACKUPS_PER_FILE))) fs.rmSync(old.path, { force: true });
  return target;
}

export function countBackups(paths: Pick<Paths, "backupsDir">): number {
  try {
    return fs.readdirSync(paths.backupsDir).length;
  } catch {
    return 0; // no backups dir yet
  }
}
