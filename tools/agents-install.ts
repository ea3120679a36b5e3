// `npm run agents:install [--json]`: puts every pinned agent CLI (packages/protocol agent-versions.ts)
// into a cache outside node_modules, one folder per package and version, reused when present. They are
// hundreds of MB each, so `npm install` of the project never fetches them; the real-agent suite
// (test/agents/) installs what is missing through `ensureAgents` before it runs.
import { execFile } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { AGENT_PINS, type AgentPin } from "@mytty-bar/protocol";

const run = promisify(execFile);

/** `MYTTY_AGENTS_CACHE`, else `$XDG_CACHE_HOME/mytty-bar/agents`, else `~/.cache/mytty-bar/agents`. */
export function agentsCache(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MYTTY_AGENTS_CACHE) return path.resolve(env.MYTTY_AGENTS_CACHE);
  if (!env.XDG_CACHE_HOME && !env.HOME)
    throw new Error("Set HOME or MYTTY_AGENTS_CACHE: the agents' cache has no place.");
  const base = env.XDG_CACHE_HOME ? env.XDG_CACHE_HOME : path.join(env.HOME!, ".cache");
  return path.join(base, "mytty-bar", "agents");
}

export interface AgentInstall {
  agent: string;
  npm: string;
  version: string;
  bin: string;
  /** The executable's absolute path once installed. */
  executable: string;
}

/** Where one version of a pinned agent lives in the cache; undefined for an agent not on the registry. */
export function installOf(cache: string, pin: AgentPin, version: string): AgentInstall | undefined {
  if (pin.npm === null || pin.bin === null) return undefined;
  const folder = path.join(cache, `${pin.npm.replace("/", "+")}@${version}`);
  return {
    agent: pin.agent,
    npm: pin.npm,
    version,
    bin: pin.bin,
    executable: path.join(folder, "node_modules", ".bin", pin.bin),
  };
}

/** Every (package, version) the suite runs: each pin's version and the others it was observed on. */
export function wanted(cache: string, pins: readonly AgentPin[] = AGENT_PINS): AgentInstall[] {
  return pins.flatMap((pin) =>
    pin.version === null
      ? []
      : [pin.version, ...pin.alsoObserved].flatMap((version) => installOf(cache, pin, version) ?? []),
  );
}

/** The install folder of one (package, version): two levels above its executable. */
const folderOf = (item: AgentInstall) => path.dirname(path.dirname(path.dirname(item.executable)));
const MARK = ".installed";

export async function installOne(item: AgentInstall, log: (line: string) => void): Promise<"cached" | "installed"> {
  const folder = folderOf(item);
  if (existsSync(path.join(folder, MARK)) && existsSync(item.executable)) return "cached";
  // Into a fresh sibling, renamed into place when complete: a killed install never looks installed.
  const partial = `${folder}.partial-${process.pid}`;
  await fs.rm(partial, { recursive: true, force: true });
  await fs.mkdir(partial, { recursive: true });
  await fs.writeFile(path.join(partial, "package.json"), '{ "private": true }\n');
  log(`installing ${item.npm}@${item.version}…`);
  const started = Date.now();
  try {
    // The agents' own install scripts pick their native binary, so scripts run here (never in the project).
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", `${item.npm}@${item.version}`], {
      cwd: partial,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr?.trim().split("\n").at(-1) ?? String(error);
    throw new Error(`npm install ${item.npm}@${item.version} failed: ${stderr} (is the npm registry reachable?)`);
  }
  await fs.writeFile(path.join(partial, MARK), `${new Date().toISOString()}\n`);
  await fs.rm(folder, { recursive: true, force: true });
  await fs.rename(partial, folder);
  log(`installed ${item.npm}@${item.version} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return "installed";
}

/** Installs what is missing, several at a time; returns every wanted agent with its executable. */
export async function ensureAgents(
  options: { cache?: string; pins?: readonly AgentPin[]; log?: (line: string) => void } = {},
): Promise<Array<AgentInstall & { result: "cached" | "installed" }>> {
  const cache = options.cache ?? agentsCache();
  const log = options.log ?? (() => {});
  await fs.mkdir(cache, { recursive: true });
  const items = wanted(cache, options.pins);
  return Promise.all(items.map(async (item) => ({ ...item, result: await installOne(item, log) })));
}

async function main(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  const cache = agentsCache();
  try {
    const done = await ensureAgents({ cache, log: (line) => process.stderr.write(`${line}\n`) });
    if (json) process.stdout.write(`${JSON.stringify({ cache, agents: done }, null, 2)}\n`);
    else {
      process.stdout.write(`Agents in ${cache}:\n`);
      for (const d of done) process.stdout.write(`  ${d.agent} ${d.version}  ${d.result}  ${d.executable}\n`);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exitCode = await main(process.argv.slice(2));
