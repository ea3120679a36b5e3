// The real effects behind TeamContext: process streams, the caller's tmux server, the engine's
// control socket and the process table.
import { execFile } from "node:child_process";
import { resolvePaths } from "@mytty-bar/paths";
import type { TeamContext } from "./context.js";
import { engineLink } from "./engine-link.js";
import { createTmuxRunner } from "./tmux/runner.js";

/** `ps -A -o pid=,ppid=` → this process's ancestors, nearest first (ps works on macOS and Linux). */
export function ancestorsFrom(psOutput: string, start: number): number[] {
  const parent = new Map<number, number>();
  for (const line of psOutput.split("\n")) {
    const m = /^\s*(\d+)\s+(\d+)\s*$/.exec(line);
    if (m) parent.set(Number(m[1]), Number(m[2]));
  }
  const chain: number[] = [];
  for (let pid = start; pid > 1 && !chain.includes(pid) && chain.length < 64; pid = parent.get(pid) ?? 0)
    chain.push(pid);
  return chain;
}

function psAncestors(): Promise<number[]> {
  return new Promise((resolve) => {
    execFile(
      "ps",
      ["-A", "-o", "pid=,ppid="],
      { env: { ...process.env, LC_ALL: "C" }, timeout: 5000 },
      (error, stdout) => resolve(error === null ? ancestorsFrom(String(stdout), process.ppid) : [process.ppid]),
    );
  });
}

export function defaultContext(): TeamContext {
  const env = process.env;
  const paths = resolvePaths({ env });
  return {
    env,
    paths,
    out: (text) => void process.stdout.write(`${text}\n`),
    err: (text) => void process.stderr.write(`${text}\n`),
    write: (text) => void process.stdout.write(text),
    tmux: (socket) => createTmuxRunner(socket === undefined ? { env } : { env, socket }),
    engine: engineLink(paths),
    ancestors: psAncestors,
    pid: process.pid,
  };
}
