// Wall time and CPU of spawning commands, measured from a fresh small node process (bench/spawn-calls.mjs)
// or, for comparison, from this bench process (docs/performance.md#the-hook-helper).
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface SpawnJob {
  commands: { name: string; file: string; args: string[] }[];
  env: NodeJS.ProcessEnv;
  /** Call i gets payloads[i % length] on stdin. */
  payloads: string[];
  runs: number;
  warmup: number;
  /** engine.pid, its mtime kept `seconds` ahead as the running engine keeps it. */
  lease?: { file: string; seconds: number };
  /** Directories emptied between calls (outside the timed span), as a running engine consumes the spool. */
  clean?: string[];
}

export interface SpawnCost {
  wallMs: Record<string, number[]>;
  /** The children's user + system CPU per call (Linux, 10 ms ticks summed over the runs); NaN elsewhere. */
  cpuMsPerCall: Record<string, number>;
  /** Files found in the `clean` directories over the whole job (warmup included): what was spooled. */
  cleaned: number;
  parentRssMb: number;
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "spawn-calls.mjs");

/** The job run by a fresh `node` child that loads nothing else: the parent a hook's cost is judged from. */
export function spawnCostFresh(job: SpawnJob): Promise<SpawnCost> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [script], { maxBuffer: 16 * 2 ** 20 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as SpawnCost),
    );
    child.stdin?.end(JSON.stringify(job));
  });
}

/** The same job run from this process, whatever its heap by now. */
export async function spawnCostHere(job: SpawnJob): Promise<SpawnCost> {
  const mod = (await import(pathToFileURL(script).href)) as { spawnCalls: (job: SpawnJob) => SpawnCost };
  return mod.spawnCalls(job);
}
