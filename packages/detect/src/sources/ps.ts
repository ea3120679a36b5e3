// ProcessSource backed by one `ps` spawn per scan (portable: macOS and Linux), with environment
// and cwd read on demand. Environment requests made in the same tick share one `ps` call.
import { realpathSync } from "node:fs";
import type { Exec } from "../effects.js";
import { defaultExec } from "../effects.js";
import { PS_LIST_ARGS, parseEnvListing, parseLsofCwd, parsePsList } from "../ps-parse.js";
import type { ProcessInfo, ProcessSource } from "../types.js";

export interface PsSourceOptions {
  exec?: Exec;
  /** Decides the environment flag: BSD `-E` on macOS, procps `e` elsewhere. */
  platform?: NodeJS.Platform;
  /** Resolves an absolute argv[0] to the real file (symlinks followed); undefined when it does not exist. */
  resolvePath?: (path: string) => string | undefined;
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined; // a dangling or unreadable path: classified by argv alone
  }
}

/**
 * No ps column prints the executable path (macOS). An absolute argv[0] resolved through its
 * symlinks stands in — `~/.local/bin/agent` → `…/cursor-agent/versions/<v>/cursor-agent` — read
 * lazily, so only the rows someone classifies pay the syscall.
 */
export function withExecutable(row: ProcessInfo, resolve: (path: string) => string | undefined): ProcessInfo {
  const first = row.argv[0];
  if (!first?.startsWith("/")) return row;
  let resolved: string | null | undefined = null;
  Object.defineProperty(row, "executable", {
    enumerable: true,
    get() {
      if (resolved === null) resolved = resolve(first);
      return resolved;
    },
  });
  return row;
}

export function envCommand(platform: NodeJS.Platform, pids: readonly number[]): [string, string[]] {
  const list = pids.join(",");
  return platform === "darwin"
    ? ["ps", ["-E", "-ww", "-o", "pid=,command=", "-p", list]]
    : ["ps", ["eww", "-o", "pid=,args=", "-p", list]];
}

export function createPsSource(options: PsSourceOptions = {}): ProcessSource {
  const exec = options.exec ?? defaultExec;
  const platform = options.platform ?? process.platform;
  const resolve = options.resolvePath ?? realPath;
  const argsByPid = new Map<number, string>();
  let pending: { pids: Set<number>; done: Promise<Map<number, Record<string, string>>> } | undefined;

  function batchEnv(pid: number): Promise<Map<number, Record<string, string>>> {
    if (!pending) {
      const pids = new Set<number>();
      const done = new Promise<Map<number, Record<string, string>>>((resolve) => {
        // setImmediate lets every caller of this tick join the batch before the spawn.
        setImmediate(() => {
          pending = undefined;
          const [file, args] = envCommand(
            platform,
            [...pids].sort((a, b) => a - b),
          );
          exec(file, args).then(
            (text) => resolve(parseEnvListing(text, (p) => argsByPid.get(p))),
            // ps exits 1 when one of the pids has gone: what it printed is lost, so nothing is known.
            () => resolve(new Map()),
          );
        });
      });
      pending = { pids, done };
    }
    pending.pids.add(pid);
    return pending.done;
  }

  return {
    async list(): Promise<ProcessInfo[]> {
      const rows = parsePsList(await exec("ps", [...PS_LIST_ARGS])).map((row) => withExecutable(row, resolve));
      argsByPid.clear();
      for (const row of rows) argsByPid.set(row.pid, row.argv.join(" "));
      return rows;
    },
    async environ(pid: number) {
      return (await batchEnv(pid)).get(pid);
    },
    async cwd(pid: number) {
      try {
        return parseLsofCwd(await exec("lsof", ["-a", "-p", String(pid), "-d", "cwd", "-Fpn"])).get(pid);
      } catch {
        return undefined; // no lsof, or the process exited: the cwd stays unknown
      }
    },
  };
}
