// "Engine running, last event per provider" in `mytty-doctor status` when what the engine published cannot
// be trusted (engine-ask.ts): a ping and a stats request on one connection to the control socket, with a
// short timeout so a stuck engine cannot stall the doctor. The light entry: loading the whole engine to
// send two JSON lines cost most of status's budget.
import {
  requests,
  ControlClientError,
  EngineNotRunningError,
  type PingResult,
  type Stats,
} from "@mytty-bar/engine/client";
import { hostProblems as problemsOf } from "@mytty-bar/engine/published-status";
import type { Paths } from "@mytty-bar/paths";
import { runningStatus, type EngineStatus } from "./engine-running.js";

export type { EngineStatus } from "./engine-running.js";

const TIMEOUT_MS = 700;

export async function engineStatus(paths: Paths): Promise<EngineStatus> {
  try {
    const [ping, stats] = await requests<[PingResult, Stats]>(paths.controlSocket, [{ op: "ping" }, { op: "stats" }], {
      timeoutMs: TIMEOUT_MS,
    });
    return runningStatus(ping.pid, stats.lastEventAt, problemsOf(stats.hosts ?? []));
  } catch (error) {
    if (error instanceof EngineNotRunningError) return { running: false };
    // It answered, with a refusal: running, just not free to talk now.
    if (error instanceof ControlClientError && error.code === "busy") return { running: true, detail: error.message };
    return {
      running: false,
      detail: `the engine did not answer on ${paths.controlSocket}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
