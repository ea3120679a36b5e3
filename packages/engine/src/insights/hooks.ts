// "Are this provider's hooks installed?" — decides whether runs are estimated from transcripts. Asked
// from the config files themselves (installers' plan status), cached because it parses JSON files.
import type { ProviderId } from "@mytty-bar/protocol";
import { planContext, planProvider, type Paths } from "@mytty-bar/installers";

export interface HookPresence {
  /** True when the provider's config holds our hook entries (installed or needing repair). */
  installed(provider: ProviderId, now: Date): boolean;
}

export function createHookPresence(paths: Paths, intervalMs = 30_000): HookPresence {
  const cache = new Map<ProviderId, { at: number; installed: boolean }>();
  return {
    installed(provider, now) {
      const t = now.getTime();
      const hit = cache.get(provider);
      if (hit !== undefined && t - hit.at < intervalMs) return hit.installed;
      let installed = false;
      try {
        const status = planProvider(provider, planContext(paths)).status;
        installed = status === "installed" || status === "needs-repair";
      } catch {
        // A check that crashed proves nothing is installed; estimating is the safe side.
      }
      cache.set(provider, { at: t, installed });
      return installed;
    },
  };
}
