// ProcessSource from ps-list plus one extra `ps` for what ps-list lacks (tty, pgid, tpgid).
// Kept as the portable fallback and for the bench comparison; it is not the default because it
// spawns three `ps` processes per scan (~58 ms at 80 processes, docs/terminals.md#reading-the-process-table).
import psList from "ps-list";
import type { Exec } from "../effects.js";
import { defaultExec } from "../effects.js";
import { splitArgs, ttyName } from "../ps-parse.js";
import type { ProcessInfo, ProcessSource } from "../types.js";
import { createPsSource } from "./ps.js";

const TERMINAL_ARGS = ["-A", "-ww", "-o", "pid=,pgid=,tpgid=,tty="] as const;

export function createPsListSource(options: { exec?: Exec; platform?: NodeJS.Platform } = {}): ProcessSource {
  const exec = options.exec ?? defaultExec;
  // Environment and cwd on demand are the same as the ps source's.
  const onDemand = createPsSource(options);
  return {
    async list(): Promise<ProcessInfo[]> {
      const [described, text] = await Promise.all([psList(), exec("ps", [...TERMINAL_ARGS])]);
      const terminal = new Map<number, { pgid: number; tpgid: number; tty: string | null }>();
      for (const line of text.split("\n")) {
        const m = /^\s*(\d+)\s+(\d+)\s+(-?\d+)\s+(\S+)\s*$/.exec(line);
        if (m) terminal.set(Number(m[1]), { pgid: Number(m[2]), tpgid: Number(m[3]), tty: ttyName(m[4]!) });
      }
      const rows: ProcessInfo[] = [];
      for (const d of described) {
        const t = terminal.get(d.pid);
        // Started or exited between the spawns: left for the next scan.
        if (!t) continue;
        rows.push({
          pid: d.pid,
          ppid: d.ppid,
          ...t,
          startTime: d.startTime ? d.startTime.toISOString() : "",
          executable: d.path,
          argv: splitArgs(d.cmd ?? ""),
          comm: d.name,
          ...(d.uid !== undefined ? { uid: d.uid } : {}),
        });
      }
      return rows;
    },
    environ: (pid) => onDemand.environ(pid),
    cwd: (pid) => onDemand.cwd(pid),
  };
}
