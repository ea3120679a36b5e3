// Starts the engine in this process. createEngine comes from @mytty-bar/engine; it is looked up at run
// time so a front end can say clearly when the engine it needs is missing instead of crashing.
import type { EngineHandle, EnginePorts } from "@mytty-bar/engine";
import type { Paths } from "@mytty-bar/installers";

export interface StartEngineOptions {
  paths: Paths;
  ports: EnginePorts;
}

type CreateEngine = (options: StartEngineOptions) => EngineHandle | Promise<EngineHandle>;

export class EngineUnavailableError extends Error {}

export async function startEngine(options: StartEngineOptions): Promise<EngineHandle> {
  const mod = (await import("@mytty-bar/engine")) as unknown as Record<string, unknown>;
  const create = mod.createEngine;
  if (typeof create !== "function") {
    throw new EngineUnavailableError("this build of @mytty-bar/engine has no createEngine: rebuild with `npm run build`");
  }
  return await (create as CreateEngine)(options);
}
