// Reading a host's files for the plans (`mytty-doctor … --host`, docs/remote.md#installing-on-a-host): one
// connection, one POSIX sh script. It first prints the host's $HOME, the variables our paths honour and
// `uname -s`; from those we compute the host's Paths here, ask for the files the plans read, and the
// same script sends each one's bytes and mode plus the newest backup of each, and which agents live
// there (config dir or binary on the session's PATH, as presence.ts asks locally). Nothing runs on the
// host but sh, cat, ls, wc.
import type { Paths } from "@mytty-bar/paths";
import { resolvePaths } from "@mytty-bar/paths";
import { backupStem } from "./backups.js";
import type { FileView, ReadResult } from "./fsio.js";
import { MAX_CONFIG_BYTES } from "./fsio.js";
import type { BackupLookup } from "./plan.js";
import { decodeUtf8 } from "./text.js";
import { TARGET_IDS, type TargetId } from "./constants.js";
import { BINARIES, configDir } from "./presence-facts.js";

/** The transport, as the installers see it (apps/doctor builds it from @mytty-bar/remote). */
export interface HostShell {
  /** The destination as the user wrote it, for messages. */
  name: string;
  /**
   * Runs `script` with `input` on stdin; with `reply`, stdin stays open until stdout holds the marker,
   * then the answer is sent. Resolves with stdout; rejects with a one-line message naming the fix.
   */
  run(script: string, input: string, reply?: { marker: string; answer: (before: Buffer) => string }): Promise<Buffer>;
}

/** The variables resolvePaths honours (packages/paths), read from the host's session. */
export const HOST_ENV_VARS = [
  "HOME",
  "MYTTY_BAR_DATA_DIR",
  "XDG_DATA_HOME",
  "XDG_CONFIG_HOME",
  "CLAUDE_CONFIG_DIR",
  "CODEX_HOME",
  "GEMINI_CLI_HOME",
] as const;

const MAGIC = "mytty-bar-host 1\n";
const ASK = "mytty-bar-ask\n";

/** Prints the environment, reads the wanted list from stdin, then prints each file framed by its length. */
const READ_SCRIPT = `LC_ALL=C; export LC_ALL
umask 077
T=
# A cut link (HUP) or a kill still removes the temp dir; it is made only once the list has arrived.
trap '[ -z "$T" ] || rm -rf "$T"' EXIT
trap 'exit 1' HUP INT TERM PIPE
printf '${MAGIC.trim()}\\nuname %s\\n' "$(uname -s)"
for v in ${HOST_ENV_VARS.join(" ")}; do
  eval "x=\\\${$v-}"
  eval "s=\\\${$v+set}"
  [ "$s" = set ] && printf 'env %s %s\\n%s\\n' "$v" "\${#x}" "$x"
done
printf '${ASK.trim()}\\n'
while IFS= read -r line; do
  [ -n "$T" ] || T=$(mktemp -d "\${TMPDIR:-/tmp}/mytty-bar.XXXXXX") || exit 1
  case $line in
  "f "*)
    f=\${line#f }
    if [ -d "$f" ]; then echo dir
    elif [ ! -e "$f" ]; then echo missing
    elif [ ! -f "$f" ]; then echo other
    elif ! cat -- "$f" > "$T/c" 2>/dev/null; then echo unreadable
    else
      m=$(ls -lLdn -- "$f" | cut -c1-10)
      n=$(wc -c < "$T/c" | tr -d ' ')
      if [ "$n" -gt ${MAX_CONFIG_BYTES} ]; then echo "big $n"
      else printf 'file %s %s\\n' "$n" "$m"; cat "$T/c"; echo; fi
    fi ;;
  "b "*)
    b=\${line#b }
    newest=
    for x in "$b~"*; do
      case \${x##*/} in *.tmp*) continue ;; esac
      [ -e "$x" ] && newest=$x
    done
    case $newest in
    "") echo none ;;
    *~absent) echo absent ;;
    *) if cat -- "$newest" > "$T/c" 2>/dev/null; then printf 'file %s\\n' "$(wc -c < "$T/c" | tr -d ' ')"; cat "$T/c"; echo; else echo none; fi ;;
    esac ;;
  "c "*)
    d=\${line#c }; n=0
    # Backup names start with a dot (.claude%settings.json~…): count those too, as readdir would.
    for x in "$d"/* "$d"/.[!.]* "$d"/..?*; do [ -e "$x" ] && n=$((n + 1)); done
    echo "count $n" ;;
  "d "*)
    d=\${line#d }
    if [ -d "$d" ]; then echo "mode $(ls -ldn -- "$d" | cut -c1-10)"; else echo missing; fi ;;
  "e "*)
    if [ -d "\${line#e }" ]; then echo yes; else echo no; fi ;;
  "x "*)
    if command -v "\${line#x }" >/dev/null 2>&1; then echo yes; else echo no; fi ;;
  esac
done
echo end
`;

/** A host's files as the plans see them: what the read found, and the newest backup of each. */
export interface HostSnapshot {
  paths: Paths;
  files: FileView;
  newestBackup: BackupLookup;
  /** Entries in <data>/backups on the host. */
  backups: number;
  /** The permission bits of the host's <data>, null when it does not exist yet. */
  dataDirMode: number | null;
  /** The agents that live on the host: their config dir exists or their binary is on the session's PATH. */
  present: TargetId[];
}

/** What the host is asked to tell which agents live there: each one's config dir, then its binaries. */
function presenceAsks(paths: Paths): Array<{ id: TargetId; asks: string[] }> {
  return TARGET_IDS.map((id) => ({
    id,
    asks: [`e ${configDir(id, paths)}`, ...BINARIES[id].map((b) => `x ${b}`)].filter((l) => !l.includes("\n")),
  }));
}

type Entry =
  { kind: "file"; bytes: Buffer; mode?: number } | { kind: "absent" | "none" } | { kind: "problem"; message: string };

/** `-rw-r-x--T` → 0o1654: the permission bits as ls prints them (POSIX). */
export function lsMode(text: string): number | undefined {
  if (!/^[-a-zA-Z][-rwxsStT]{9}/.test(text)) return undefined;
  const bit = (i: number, set: string) => (set.includes(text[i] ?? "") ? 1 : 0);
  let mode = 0;
  for (let who = 0; who < 3; who += 1) {
    const at = 1 + who * 3;
    mode |= ((bit(at, "r") << 2) | (bit(at + 1, "w") << 1) | bit(at + 2, "xst")) << ((2 - who) * 3);
  }
  mode |= (bit(3, "sS") << 11) | (bit(6, "sS") << 10) | (bit(9, "tT") << 9);
  return mode;
}

class Cursor {
  at = 0;
  constructor(readonly buf: Buffer) {}
  line(): string {
    const end = this.buf.indexOf(10, this.at);
    if (end < 0) throw new Error("the host's answer was cut short");
    const text = this.buf.subarray(this.at, end).toString("utf8");
    this.at = end + 1;
    return text;
  }
  bytes(n: number): Buffer {
    if (!Number.isSafeInteger(n) || n < 0 || this.at + n + 1 > this.buf.length)
      throw new Error("the host's answer was cut short");
    const out = this.buf.subarray(this.at, this.at + n);
    this.at += n + 1; // and the newline after the content
    return out;
  }
}

function parseEnv(before: Buffer): { env: Record<string, string>; platform: NodeJS.Platform } {
  const start = before.indexOf(MAGIC);
  if (start < 0) throw new Error("the host did not answer like a POSIX sh (no greeting)");
  const c = new Cursor(before.subarray(start + MAGIC.length));
  const env: Record<string, string> = {};
  const uname = c.line().replace(/^uname /, "");
  while (c.at < c.buf.length) {
    const m = /^env (\w+) (\d+)$/.exec(c.line());
    if (!m) break;
    env[m[1]!] = c.bytes(Number(m[2])).toString("utf8");
  }
  return { env, platform: uname === "Darwin" ? "darwin" : "linux" };
}

/** The host's Paths. Values we cannot place on the host (relative, or holding a newline) are left out. */
export function hostPaths(env: Record<string, string>, platform: NodeJS.Platform): Paths {
  const home = env.HOME ?? "";
  if (!home.startsWith("/") || home.includes("\n"))
    throw new Error(`its HOME is ${home === "" ? "not set" : `not an absolute path (${JSON.stringify(home)})`}`);
  const usable = Object.fromEntries(Object.entries(env).filter(([, v]) => v.startsWith("/") && !v.includes("\n")));
  return resolvePaths({ env: usable, platform });
}

function parseEntry(c: Cursor, withMode: boolean): Entry {
  const head = c.line();
  if (head === "missing" || head === "none") return { kind: head === "none" ? "none" : "absent" };
  if (head === "absent") return { kind: "absent" };
  if (head === "dir") return { kind: "problem", message: "is a directory, not a file" };
  if (head === "other") return { kind: "problem", message: "is not a regular file" };
  if (head === "unreadable") return { kind: "problem", message: "cannot be read (permission denied on the host)" };
  if (head.startsWith("big ")) return { kind: "problem", message: `is larger than ${MAX_CONFIG_BYTES} bytes` };
  const m = /^file (\d+)(?: (\S+))?$/.exec(head);
  if (!m) throw new Error(`the host's answer is not understood (${JSON.stringify(head.slice(0, 40))})`);
  const bytes = c.bytes(Number(m[1]));
  const mode = withMode && m[2] !== undefined ? lsMode(m[2]) : undefined;
  return { kind: "file", bytes, ...(mode !== undefined ? { mode } : {}) };
}

function toRead(entry: Entry | undefined, maxBytes: number): ReadResult {
  const at = (message: string): ReadResult => ({ text: null, problem: { line: 1, column: 1, message } });
  if (entry === undefined) return at("was not fetched from the host");
  if (entry.kind === "problem") return at(entry.message);
  if (entry.kind !== "file") return { text: null };
  if (entry.bytes.length > maxBytes) return at(`is larger than ${maxBytes} bytes`);
  const text = decodeUtf8(entry.bytes);
  if (text === undefined)
    return { ...at("is not valid UTF-8"), ...(entry.mode !== undefined ? { mode: entry.mode } : {}) };
  return { text, ...(entry.mode !== undefined ? { mode: entry.mode } : {}) };
}

/**
 * Reads a host's files in one round trip. `wanted(paths)` names the files the plans will read (the
 * session asks with a recording view); each gets its newest backup too.
 */
export async function readHost(shell: HostShell, wanted: (paths: Paths) => readonly string[]): Promise<HostSnapshot> {
  let asked: { paths: Paths; files: string[] } | undefined;
  let failure: string | undefined;
  const out = await shell.run(READ_SCRIPT, "", {
    marker: ASK,
    answer: (before) => {
      try {
        const { env, platform } = parseEnv(before);
        const paths = hostPaths(env, platform);
        const files = [...new Set(wanted(paths))].filter((f) => !f.includes("\n"));
        asked = { paths, files };
        const lines = files.flatMap((f) => [`f ${f}`, `b ${paths.backupsDir}/${backupStem(paths, f)}`]);
        const presence = presenceAsks(paths).flatMap((p) => p.asks);
        return `${[...lines, `c ${paths.backupsDir}`, `d ${paths.dataDir}`, ...presence].join("\n")}\n`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        return "";
      }
    },
  });
  if (failure !== undefined) throw new Error(`${shell.name}: ${failure}`);
  if (asked === undefined) throw new Error(`${shell.name} did not answer like a POSIX sh (no greeting)`);
  const c = new Cursor(out.subarray(out.indexOf(ASK) + ASK.length));
  const files = new Map<string, Entry>();
  const backups = new Map<string, Entry>();
  for (const f of asked.files) {
    files.set(f, parseEntry(c, true));
    backups.set(f, parseEntry(c, false));
  }
  const count = /^count (\d+)$/.exec(c.line());
  const dataDir = /^mode (\S+)$/.exec(c.line());
  const present = presenceAsks(asked.paths)
    .filter((p) => p.asks.map(() => c.line() === "yes").some(Boolean))
    .map((p) => p.id);
  if (c.line() !== "end") throw new Error(`${shell.name}: the host's answer ended early`);
  return {
    paths: asked.paths,
    files: { read: (file, maxBytes = MAX_CONFIG_BYTES) => toRead(files.get(file), maxBytes) },
    newestBackup: (file) => {
      const b = backups.get(file);
      if (b === undefined || b.kind === "none" || b.kind === "problem") return undefined;
      if (b.kind !== "file") return null;
      return b.bytes.toString("utf8");
    },
    backups: Number(count?.[1] ?? 0),
    dataDirMode: dataDir ? (lsMode(dataDir[1]!) ?? null) : null,
    present,
  };
}
