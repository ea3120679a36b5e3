// The engine's part of `mytty-doctor status`: what the running engine published (two small files, no
// connection) while it can be trusted, else a ping and stats on the control socket. That client (node:net
// and a cold connection, ~12 ms) is loaded only then; in dist/status.cjs esbuild turns the import() into
// the bundled module's lazy init.
import fs from "node:fs";
import { readPublished } from "@mytty-bar/engine/published-status";
import type { Paths } from "@mytty-bar/paths";
import type { EngineStatus } from "./engine-status.js";

export async function askEngine(paths: Paths): Promise<EngineStatus> {
  if (!fs.existsSync(paths.controlSocket)) return { running: false };
  const published = readPublished(paths);
  if (published !== undefined) {
    const { pid, lastEventAt, hostProblems } = published;
    return { running: true, pid, lastEventAt, ...(hostProblems.length > 0 ? { hostProblems } : {}) };
  }
  const { engineStatus } = await import("./engine-status.js");
  return engineStatus(paths);
}

/**
 * Asks the engine and lets one turn of the loop pass (a unix connect completes at once, so the requests
 * are out): the engine answers on its own core while the caller reads and plans. Wrapped, so awaiting
 * this waits for the turn, not for the answer.
 */
export async function askFirst(paths: Paths): Promise<{ asked: Promise<EngineStatus> }> {
  const asked = askEngine(paths);
  await new Promise((resolve) => setImmediate(resolve));
  return { asked };
}
