import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const src = (p: string) => fileURLToPath(new URL(`./${p}/src/index.ts`, import.meta.url));

// Tests import workspace packages from source so they never run against a stale dist/.
export default defineConfig({
  resolve: {
    alias: {
      // Subpaths first: a prefix alias would otherwise take them.
      "@mytty-bar/engine/client": fileURLToPath(new URL("./packages/engine/src/client-entry.ts", import.meta.url)),
      "@mytty-bar/engine/view": fileURLToPath(new URL("./packages/engine/src/view.ts", import.meta.url)),
      "@mytty-bar/engine/cli-write": fileURLToPath(new URL("./packages/engine/src/cli-write.ts", import.meta.url)),
      "@mytty-bar/engine/published-status": fileURLToPath(
        new URL("./packages/engine/src/published-status.ts", import.meta.url),
      ),
      "@mytty-bar/paths": src("packages/paths"),
      "@mytty-bar/protocol/wire": fileURLToPath(new URL("./packages/protocol/src/wire.ts", import.meta.url)),
      "@mytty-bar/protocol": src("packages/protocol"),
      "@mytty-bar/detect": src("packages/detect"),
      "@mytty-bar/remote": src("packages/remote"),
      "@mytty-bar/installers": src("packages/installers"),
      "@mytty-bar/engine": src("packages/engine"),
    },
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // A private TMPDIR per run; the run fails if a test leaves anything in it.
    // The caller's XDG_*, CLAUDE_CONFIG_DIR, TMUX, SSH_*, MYTTY_* … removed first (test/clean-env.ts).
    // Refused when dist/ is older than the source (test/fresh-build.ts): `npm test` builds first.
    // The pinned real agents are installed into their cache when missing (test/agents/support/agents-setup.ts).
    globalSetup: [
      "test/clean-env.ts",
      "test/agents/support/agents-setup.ts",
      "test/fresh-build.ts",
      "test/temp-guard.ts",
    ],
  },
});
