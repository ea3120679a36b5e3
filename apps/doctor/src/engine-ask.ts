// The engine's part of `mytty-doctor status`: what the running engine published (two small files, no
// connection) while it can be trusted, else a ping and stats on the control socket (engine-status.ts).
// That client (node:net and a cold connection, ~12 ms) is loaded only then; in dist/status.cjs esbuild
// turns the import() into the bundled module's lazy init.
import fs from "node:fs";
import { readPublished } from "@mytty-bar/engine/published-status";
import type { Paths } from "@mytty-bar/paths";
import { runningStatus, type EngineStatus } from "./engine-running.js";

export { runningStatus, type EngineStatus } from "./engine-running.js";

/** What is known without a connection: no socket, or what a trusted engine published; undefined → ask. */
function known(paths: Paths): EngineStatus | undefined {
  if (!fs.existsSync(paths.controlSocket)) return { running: false };
  const published = readPublished(paths);
  return published && runningStatus(published.pid, published.lastEventAt, published.hostProblems);
}

async function ask(paths: Paths): Promise<EngineStatus> {
  const { engineStatus } = await import("./engine-status.js");
  return engineStatus(paths);
}

export async function askEngine(paths: Paths): Promise<EngineStatus> {
  return known(paths) ?? ask(paths);
}

/**
 * The engine's part, started before the caller reads and plans. Asking over the socket lets one turn of
 * the loop pass (a unix connect completes at once, so the requests are out) and the engine answers on its
 * own core meanwhile; known facts need no turn. Wrapped, so awaiting this never waits for the answer.
 */
export async function askFirst(paths: Paths): Promise<{ asked: Promise<EngineStatus> }> {
  const now = known(paths);
  if (now !== undefined) return { asked: Promise.resolve(now) };
  const asked = ask(paths);
  await new Promise((resolve) => setImmediate(resolve));
  return { asked };
}
