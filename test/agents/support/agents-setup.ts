// Vitest global setup: the pinned agent CLIs the real-agent suite runs (test/agents/*.test.ts), installed
// into their cache when missing (tools/agents-install.ts). The cache is resolved here, once, from the
// caller's environment (before any test points HOME elsewhere) and handed to the workers.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, rmdirSync } from "node:fs";
import path from "node:path";
import { agentsCache, ensureAgents } from "../../../tools/agents-install.js";

/**
 * Where Codex's managed daemon keeps a socket and a `.lock` per CODEX_HOME whatever TMPDIR says, and
 * leaves both when it stops. After the run, the pairs the run made go (never one whose lock a running
 * daemon holds), and the folder too when the run made it: the suite leaves nothing behind in /tmp.
 */
const CODEX_DAEMON_DIR = `/tmp/codex-daemon-${process.getuid?.() ?? 0}`;

const entries = (dir: string): Set<string> => new Set(existsSync(dir) ? readdirSync(dir) : []);

/** True when no process holds the lock (util-linux `flock -n` takes it and lets go at once). */
const unheld = (lock: string): boolean => spawnSync("flock", ["-n", lock, "true"]).status === 0;

function removeRunsDaemonFiles(dirExisted: boolean, before: ReadonlySet<string>): void {
  for (const name of entries(CODEX_DAEMON_DIR)) {
    if (before.has(name) || name.endsWith(".lock")) continue;
    const lock = path.join(CODEX_DAEMON_DIR, `${name}.lock`);
    if (existsSync(lock) && !unheld(lock)) continue;
    rmSync(path.join(CODEX_DAEMON_DIR, name), { force: true });
    rmSync(lock, { force: true });
  }
  try {
    if (!dirExisted && existsSync(CODEX_DAEMON_DIR) && readdirSync(CODEX_DAEMON_DIR).length === 0)
      rmdirSync(CODEX_DAEMON_DIR);
  } catch {
    // Another Codex on the machine took it meanwhile: it is theirs now, left as it is.
  }
}

export default async function setup(): Promise<() => void> {
  // XDG_CACHE_HOME was already cleared by test/clean-env.ts; MYTTY_AGENTS_CACHE is kept.
  const cache = agentsCache();
  process.env.MYTTY_AGENTS_CACHE = cache;
  const dirExisted = existsSync(CODEX_DAEMON_DIR);
  const before = entries(CODEX_DAEMON_DIR);
  await ensureAgents({ cache, log: (line) => process.stderr.write(`agents: ${line}\n`) });
  return () => removeRunsDaemonFiles(dirExisted, before);
}
