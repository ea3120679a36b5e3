// Timestamped backups in <data>/backups (0600, at most BACKUPS_PER_FILE per file) taken before we
// modify a user file. A "~absent" record notes that we created the file, so uninstall can delete it.
import fs from "node:fs";
import path from "node:path";
import { readRegularFileSync } from "@mytty-bar/paths";
import { MAX_CONFIG_BYTES } from "./fsio.js";
import type { BackupLookup } from "./plan.js";
import type { Paths } from "./paths.js";

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

export function newestBackupLookup(paths: Pick<Paths, "home" | "backupsDir">): BackupLookup {
  return (file) => {
    const newest = listBackups(paths, file).at(-1);
    if (!newest) return undefined;
    if (newest.absent) return null;
    // Gone, or not a regular file any more: nothing to restore from.
    const read = readRegularFileSync(newest.path, { maxBytes: MAX_CONFIG_BYTES });
    return read.kind === "file" ? read.bytes.toString("utf8") : undefined;
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
