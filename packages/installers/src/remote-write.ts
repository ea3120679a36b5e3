// Writing planned changes on a host (docs/remote.md#installing-on-a-host) with the promises apply.ts keeps
// locally, in POSIX sh: the bytes the plan was computed from and the new bytes travel in the script
// (single-quoted, fed on stdin, so no argument-size limit applies); for each file the script follows a
// symlink to its target, backs the old bytes up into <data>/backups (at most BACKUPS_PER_FILE per file),
// writes a temp file in the same directory (`cp -p` first, so the mode and owner stay), compares the
// target with the planned bytes right before `mv` (atomic within the directory) and reports a conflict
// instead of overwriting a concurrent edit. A new file gets the plan's mode; no file we cannot parse is
// ever planned, so none is written.
import type { ChangeOutcome } from "./apply.js";
import { BACKUPS_PER_FILE, backupStem } from "./backups.js";
import { effective, type FileChange } from "./plan.js";
import type { Paths } from "./paths.js";
import type { HostShell } from "./remote-read.js";
import { shellQuote } from "./text.js";

const PRELUDE = `LC_ALL=C; export LC_ALL
umask 077
T=$(mktemp -d "\${TMPDIR:-/tmp}/mytty-bar.XXXXXX") || { echo "fatal cannot create a temp dir"; exit 0; }
trap 'rm -rf "$T"' EXIT
# The file a path stands for: symlinks followed (at most 40), as realpath would.
real() {
  p=$1; n=0
  while [ -L "$p" ] && [ "$n" -lt 40 ]; do
    l=$(readlink -- "$p") || break
    case $l in /*) p=$l ;; *) p=$(dirname -- "$p")/$l ;; esac
    n=$((n + 1))
  done
  printf '%s' "$p"
}
# same <target> <expected file or "-" for absent>: does the target still hold what the plan read?
same() {
  if [ "$2" = - ]; then [ ! -e "$1" ] && [ ! -L "$1" ]; else [ -f "$1" ] && cmp -s -- "$1" "$2"; fi
}
# backup <dir> <stem> <stamp> <expected or ->: one copy, then the oldest beyond the bound go.
backup() {
  (umask 077; mkdir -p -- "$1") || return 1
  name=$2~$3; i=1
  while [ -e "$1/$name" ] || [ -e "$1/$name~absent" ]; do
    name=$2~$3-$(printf %03d "$i"); i=$((i + 1))
  done
  if [ "$4" = - ]; then name=$name~absent; : > "$1/$name"; else cp -- "$4" "$1/$name"; fi || return 1
  n=0
  for x in "$1/$2~"*; do case \${x##*/} in *.tmp*) ;; *) [ -e "$x" ] && n=$((n + 1)) ;; esac; done
  drop=$((n - ${BACKUPS_PER_FILE}))
  for x in "$1/$2~"*; do
    [ "$drop" -gt 0 ] || break
    case \${x##*/} in *.tmp*) continue ;; esac
    [ -e "$x" ] && rm -f -- "$x" && drop=$((drop - 1))
  done
  printf '%s' "$1/$name"
}
# put <i> <path> <expected or -> <new> <mode> <force 0|1> <backup dir or -> <stem> <stamp>
put() {
  t=$(real "$2")
  same "$t" "$3" || { echo "r $1 conflict"; return; }
  b=
  if [ "$7" != - ]; then b=$(backup "$7" "$8" "$9" "$3") || { echo "r $1 error cannot write a backup"; return; }; fi
  d=$(dirname -- "$t")
  (umask 077; mkdir -p -- "$d") || { echo "r $1 error cannot create $d"; return; }
  tmp=$t.mytty-tmp-$$-$1
  if [ -f "$t" ]; then cp -p -- "$t" "$tmp" || { echo "r $1 error cannot write beside $t"; return; }
  else : > "$tmp" && chmod "$5" "$tmp" || { echo "r $1 error cannot write beside $t"; return; }; fi
  cat -- "$4" > "$tmp" || { rm -f -- "$tmp"; echo "r $1 error cannot write beside $t"; return; }
  [ "$6" = 1 ] && chmod "$5" "$tmp"
  # The compare-and-swap: checked again right before the rename.
  same "$t" "$3" || { rm -f -- "$tmp"; echo "r $1 conflict"; return; }
  mv -f -- "$tmp" "$t" || { rm -f -- "$tmp"; echo "r $1 error cannot replace $t"; return; }
  echo "r $1 written $b"
}
# del <i> <path> <expected> <backup dir or -> <stem> <stamp> <empty dirs to remove…>
del() {
  i=$1; t=$(real "$2"); e=$3
  same "$t" "$e" || { echo "r $i conflict"; return; }
  b=
  if [ "$4" != - ]; then b=$(backup "$4" "$5" "$6" "$e") || { echo "r $i error cannot write a backup"; return; }; fi
  same "$t" "$e" || { echo "r $i conflict"; return; }
  rm -f -- "$t" || { echo "r $i error cannot delete $t"; return; }
  shift 6
  for dir in "$@"; do rmdir -- "$dir" 2>/dev/null; done
  echo "r $i deleted $b"
}
`;

function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

export interface HostApplyOptions {
  paths: Pick<Paths, "home" | "backupsDir">;
  now?: () => Date;
  /** Runs after the plan was read and before the write is sent (tests edit a file here). */
  beforeWrite?: () => void | Promise<void>;
}

/** The sh script that applies `changes` (already effective); NUL bytes cannot pass through sh. */
export function hostWriteScript(changes: readonly FileChange[], options: HostApplyOptions): string {
  const q = shellQuote;
  const when = stamp(options.now?.() ?? new Date());
  const lines = [PRELUDE];
  changes.forEach((change, i) => {
    const expected = change.before === null ? "-" : `"$T/e${i}"`;
    if (change.before !== null) lines.push(`printf '%s' ${q(change.before)} > "$T/e${i}"`);
    const mode = (change.mode & 0o7777).toString(8);
    const backupArgs = change.backup
      ? [q(options.paths.backupsDir), q(backupStem(options.paths, change.path)), q(when)]
      : ["-", "-", "-"];
    if (change.modeOnly) {
      lines.push(
        `chmod ${mode} "$(real ${q(change.path)})" && echo "r ${i} chmod" || echo "r ${i} error chmod failed"`,
      );
    } else if (change.after === null) {
      const dirs = (change.removeEmptyDirs ?? []).map(q).join(" ");
      lines.push(`del ${i} ${q(change.path)} ${expected} ${backupArgs.join(" ")} ${dirs}`.trimEnd());
    } else {
      lines.push(`printf '%s' ${q(change.after)} > "$T/a${i}"`);
      lines.push(
        `put ${i} ${q(change.path)} ${expected} "$T/a${i}" ${mode} ${change.forceMode ? 1 : 0} ${backupArgs.join(" ")}`,
      );
    }
  });
  lines.push("echo end", "");
  return lines.join("\n");
}

/** Applies changes on the host in one round trip; each file's outcome as locally (apply.ts). */
export async function applyOnHost(
  shell: HostShell,
  changes: readonly FileChange[],
  options: HostApplyOptions,
): Promise<ChangeOutcome[]> {
  const todo = effective(changes);
  if (todo.length === 0) return [];
  const nul = todo.find((c) => c.before?.includes("\0") === true || c.after?.includes("\0") === true);
  if (nul)
    return todo.map((c) => ({
      path: c.path,
      result: "error",
      message: `${nul.path} holds a NUL byte; nothing was written`,
    }));
  await options.beforeWrite?.();
  const out = (await shell.run("exec sh -s", hostWriteScript(todo, options))).toString("utf8");
  const results = new Map<number, string[]>();
  for (const line of out.split("\n")) {
    const m = /^r (\d+) (\S+) ?(.*)$/.exec(line);
    if (m) results.set(Number(m[1]), [m[2]!, m[3] ?? ""]);
  }
  return todo.map((change, i): ChangeOutcome => {
    const [result, rest = ""] = results.get(i) ?? ["error", `${shell.name} did not say what happened to this file`];
    const path = change.path;
    if (result === "written" || result === "deleted") return { path, result, ...(rest !== "" ? { backup: rest } : {}) };
    if (result === "chmod") return { path, result };
    if (result === "conflict")
      return {
        path,
        result,
        message: `${path} on ${shell.name} changed after we read it; nothing was written to it (run the command again)`,
      };
    return { path, result: "error", message: `${path} on ${shell.name}: ${rest}` };
  });
}
