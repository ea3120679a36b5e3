// Parsers for `ps` output (pure). The args column is last because it is free text; argv boundaries
// inside it are lost (an argument holding a space splits), which classification tolerates.
import type { ProcessInfo } from "./types.js";

/** The one listing call: both procps and BSD ps accept it (docs/terminals.md#reading-the-process-table). */
export const PS_LIST_ARGS = ["-A", "-ww", "-o", "pid=,ppid=,pgid=,tpgid=,tty=,uid=,lstart=,args="] as const;

// A single process line longer than this is cut: nothing we classify needs more.
const MAX_ARGS_CHARS = 64 * 1024;

export function ttyName(raw: string): string | null {
  if (raw === "?" || raw === "??" || raw === "-" || raw === "") return null;
  return raw.startsWith("/dev/") ? raw.slice(5) : raw;
}

export function splitArgs(args: string): string[] {
  return args.length === 0
    ? []
    : args
        .slice(0, MAX_ARGS_CHARS)
        .split(" ")
        .filter((a) => a.length > 0);
}

// The uid column is optional: a remote host's streamer lists without it. Never ambiguous: a tty name is
// never all digits and lstart starts with a weekday.
const LINE =
  /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(-?\d+)\s+(\S+)\s+(?:(\d+)\s+)?([A-Za-z]\S*)\s+(\S+)\s+(\d+)\s+(\S+)\s+(\d+)(?: (.*))?$/;

/** Parses `ps -A -ww -o pid=,ppid=,pgid=,tpgid=,tty=[,uid=],lstart=,args=` output; bad lines are skipped. */
export function parsePsList(text: string): ProcessInfo[] {
  const rows: ProcessInfo[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    if (!m) continue;
    const args = (m[12] ?? "").trim();
    const argv = splitArgs(args);
    rows.push({
      pid: Number(m[1]),
      ppid: Number(m[2]),
      pgid: Number(m[3]),
      tpgid: Number(m[4]),
      tty: ttyName(m[5]!),
      startTime: `${m[7]} ${m[8]} ${m[9]} ${m[10]} ${m[11]}`,
      argv,
      ...(m[6] !== undefined ? { uid: Number(m[6]) } : {}),
    });
  }
  return rows;
}

const ENV_SPLIT = / (?=[A-Za-z_][A-Za-z0-9_]*=)/;

/**
 * Environment from `ps -E`/`ps eww` output for one pid: the text after the known args is
 * `KEY=value` entries joined by spaces. Values holding ` OTHER=` bleed — use as a lookup table only.
 */
export function parseEnvTail(tail: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of tail.trim().split(ENV_SPLIT)) {
    const eq = entry.indexOf("=");
    if (eq <= 0) continue;
    const key = entry.slice(0, eq);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) continue;
    // First occurrence wins, as with getenv() on a duplicated key.
    if (!(key in env)) env[key] = entry.slice(eq + 1);
  }
  return env;
}

/** Splits `ps … -o pid=,command=` lines with environment into pid → environment, given each pid's args. */
export function parseEnvListing(
  text: string,
  argsOf: (pid: number) => string | undefined,
): Map<number, Record<string, string>> {
  const out = new Map<number, Record<string, string>>();
  for (const line of text.split("\n")) {
    const m = /^\s*(\d+) (.*)$/.exec(line);
    if (!m) continue;
    const pid = Number(m[1]);
    const rest = m[2]!;
    const args = argsOf(pid);
    let tail: string;
    if (args !== undefined && rest.startsWith(args)) tail = rest.slice(args.length);
    else {
      // Args unknown or changed: the environment starts at the first KEY= token.
      const first = rest.search(/(^| )[A-Za-z_][A-Za-z0-9_]*=/);
      tail = first === -1 ? "" : rest.slice(first);
    }
    out.set(pid, parseEnvTail(tail));
  }
  return out;
}

/** `lsof -a -p PID -d cwd -Fpn` → pid → cwd. */
export function parseLsofCwd(text: string): Map<number, string> {
  const out = new Map<number, string>();
  let pid: number | undefined;
  for (const line of text.split("\n")) {
    if (line.startsWith("p")) pid = Number(line.slice(1));
    else if (line.startsWith("n") && pid !== undefined) out.set(pid, line.slice(1));
  }
  return out;
}
