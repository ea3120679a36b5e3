// Vitest global setup: the pinned agent CLIs the real-agent suite runs (test/agents/*.test.ts), installed
// into their cache when missing (tools/agents-install.ts). The cache is resolved here, once, from the
// caller's environment (before any test points HOME elsewhere) and handed to the workers.
import { agentsCache, ensureAgents } from "../../../tools/agents-install.js";

export default async function setup(): Promise<void> {
  // XDG_CACHE_HOME was already cleared by test/clean-env.ts; MYTTY_AGENTS_CACHE is kept.
  const cache = agentsCache();
  process.env.MYTTY_AGENTS_CACHE = cache;
  await ensureAgents({ cache, log: (line) => process.stderr.write(`agents: ${line}\n`) });
}
