// Handler behind `mytty-doctor agents`: one scan (or a refresh loop), rendered as JSON or a table.
import { InvalidArgumentError } from "commander";
import { createScanner, createSource, type Scanner, type SourceKind } from "@mytty-bar/detect";
import type { HostStatus } from "@mytty-bar/engine/client";
import { engineHosts } from "./engine-hosts.js";
import { hostOwners, renderLeftOut } from "./left-out.js";
import { renderTable, toRows } from "./render.js";

export interface AgentsOptions {
  json?: boolean;
  watch?: boolean;
  /** Seconds between refreshes with --watch. */
  interval?: number;
  source?: SourceKind;
  /** Also say what was left out and why: other users' agents here and on watched hosts. */
  all?: boolean;
}

export interface AgentsIO {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  scanner?: Scanner;
  /** The uid the scan keeps (tests with a fixture's scanner); defaults to ours. */
  uid?: number;
  /** The watched hosts' statuses for --all (tests); defaults to asking the running engine. */
  hosts?: () => Promise<HostStatus[] | undefined>;
  /** Stops --watch; defaults to the first SIGINT/SIGTERM. */
  signal?: AbortSignal;
}

export const AGENTS_HELP = `
What it shows:
  Every terminal (tty) whose foreground job is a coding agent - Claude Code, Codex, Cursor CLI,
  OpenCode, Gemini CLI / Antigravity - with its pid, how it was recognised, and where the
  terminal lives (host app, tmux pane, remote session).

How agents are recognised ("FOUND BY"):
  process        the foreground program itself is the agent (by executable path and argv)
  under wrapper  a shell script, npx, node... in the foreground runs the agent as a child
  MYTTY_AGENT    nothing was recognisable, but the program was started with
                 MYTTY_AGENT=<provider> (codex, claude-code, opencode, antigravity, cursor)

Examples:
  $ mytty-doctor agents                 table of agents now
  $ mytty-doctor agents --json          [{ tty, pid, provider, via, executable, terminal: { app, tmuxPane } }]
  $ mytty-doctor agents --all           also what was left out and why: other users' agents,
                                        here and on watched hosts (asks the running engine)
  $ mytty-doctor agents --watch -i 1    refresh every second; Ctrl-C to stop
  $ MYTTY_AGENT=codex ./my-wrapper      make a wrapper we cannot see through show up
`;

export function parseInterval(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0.2 || seconds > 3600) {
    throw new InvalidArgumentError("give seconds between 0.2 and 3600, e.g. --interval 2");
  }
  return seconds;
}

export function parseSource(value: string): SourceKind {
  if (value === "proc" || value === "ps" || value === "ps-list") return value;
  throw new InvalidArgumentError("use one of: proc (Linux only), ps, ps-list");
}

/** Runs the command; resolves with the exit code (0 ok, 1 when the scan itself failed). */
export async function runAgents(options: AgentsOptions, io: AgentsIO): Promise<number> {
  const scanner = io.scanner ?? createScanner({ source: createSource(options.source) });
  const tty = io.stdout.isTTY === true;
  const uid = io.uid ?? process.getuid?.() ?? 0;
  const frame = async (): Promise<string> => {
    const scan = await scanner.scan();
    const indent = options.watch ? undefined : 2;
    if (options.all) {
      const hosts = await (io.hosts ?? (() => engineHosts()))();
      const owners = hosts !== undefined ? hostOwners(hosts) : undefined;
      const leftOut = scan.leftOut ?? [];
      if (options.json)
        return `${JSON.stringify({ agents: toRows(scan.agents), uid, leftOut, hosts: owners ?? null }, null, indent)}\n`;
      const table = renderTable(scan.agents, { bold: tty, at: options.watch ? scan.at : undefined });
      return `${table}\n${renderLeftOut(leftOut, uid, owners)}`;
    }
    if (options.json) return `${JSON.stringify(toRows(scan.agents), null, indent)}\n`;
    return renderTable(scan.agents, {
      bold: tty,
      at: options.watch ? scan.at : undefined,
      otherUsers: { count: scan.otherUsers ?? 0, uid },
    });
  };

  if (!options.watch) {
    try {
      io.stdout.write(await frame());
      return 0;
    } catch (error) {
      io.stderr.write(
        `Could not read the process table: ${error instanceof Error ? error.message : String(error)}\nTry another source: mytty-doctor agents --source ps\n`,
      );
      return 1;
    }
  }
  return watch(options, io, tty, frame);
}

async function watch(
  options: AgentsOptions,
  io: AgentsIO,
  tty: boolean,
  frame: () => Promise<string>,
): Promise<number> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  const signal = io.signal ?? controller.signal;
  if (!io.signal) {
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  }
  const intervalMs = (options.interval ?? 2) * 1000;
  try {
    while (!signal.aborted) {
      let text: string;
      try {
        text = await frame();
      } catch (error) {
        text = `Scan failed: ${error instanceof Error ? error.message : String(error)} (retrying)\n`;
      }
      if (signal.aborted) break;
      // Clear and redraw on a terminal; a pipe gets one frame after another (JSON: one line each).
      io.stdout.write(
        tty && !options.json
          ? `\x1b[2J\x1b[H${text}\nRefreshing every ${options.interval ?? 2}s · Ctrl-C to stop\n`
          : text,
      );
      await sleep(intervalMs, signal);
    }
  } finally {
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
  }
  return 0;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });
}
