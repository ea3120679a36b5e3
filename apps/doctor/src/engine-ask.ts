// The engine's part of `mytty-doctor status`. Its client (node:net, ~3 ms) is loaded only when a control
// socket exists; in dist/status.cjs esbuild turns the import() into the bundled module's lazy init.
import fs from "node:fs";
import type { Paths } from "@mytty-bar/paths";
import type { EngineStatus } from "./engine-status.js";

export async function askEngine(paths: Paths): Promise<EngineStatus> {
  if (!fs.existsSync(paths.controlSocket)) return { running: false };
  const { engineStatus } = await import("./engine-status.js");
  return engineStatus(paths);
}

/** One turn of the loop: enough for a unix connect to complete and the requests to go out. */
export const oneTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
