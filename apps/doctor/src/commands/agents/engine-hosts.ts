// The watched hosts' statuses for `mytty-doctor agents --all`, from the running engine's `stats`: who owns
// what on a host is known only to the engine, which reads the host's listings. Undefined: no engine answered.
import { EngineNotRunningError, request, statsReply, type HostStatus } from "@mytty-bar/engine/client";
import { resolvePaths } from "@mytty-bar/paths";

const TIMEOUT_MS = 2000;

export async function engineHosts(env: NodeJS.ProcessEnv = process.env): Promise<HostStatus[] | undefined> {
  try {
    const stats = statsReply(
      await request(resolvePaths({ env }).controlSocket, { op: "stats" }, { timeoutMs: TIMEOUT_MS }),
    );
    return stats.hosts ?? [];
  } catch (error) {
    if (error instanceof EngineNotRunningError) return undefined;
    throw error;
  }
}
