// `mytty-team list|stats [--json]` and `mytty-team wait <agent> --until <c> [--timeout-seconds N] [--json]`
// on their own: the entry of dist/fast.cjs, the single CommonJS file scripts/bundle-fast.mjs builds for
// bin/mytty-team.js. Agents call list and wait in loops, so their budget is 1.5 x `node -e 0`: one
// file, the engine's light client, no commander. Anything else (help, a usage error, tmux commands)
// is left to the full CLI (cli.ts), which says the same things.
import { writeFd } from "@mytty-bar/engine/cli-write";
import { WAIT_CONDITIONS, type WaitCondition } from "@mytty-bar/engine/client";
import { resolvePaths } from "@mytty-bar/paths";
import { runList } from "./commands/list.js";
import { runStats } from "./commands/stats.js";
import { runWait, timeoutSeconds } from "./commands/wait.js";
import type { Body, EngineContext } from "./context.js";
import { engineLink } from "./engine-link.js";
import { runner } from "./run.js";

/** The command as a fast one, or undefined when the full CLI must parse it. */
export function fastCommand(argv: readonly string[]): Body<EngineContext> | undefined {
  const [command, ...rest] = argv;
  const json = rest.includes("--json");
  if (command === "list" || command === "stats") {
    if (rest.some((a) => a !== "--json")) return undefined;
    return command === "list" ? (ctx) => runList(ctx, json) : (ctx) => runStats(ctx, json);
  }
  if (command !== "wait") return undefined;
  let agent: string | undefined;
  let until: string | undefined;
  let timeout: number | undefined;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg === "--json") continue;
    if (arg === "--until") until = rest[++i];
    else if (arg === "--timeout-seconds") {
      timeout = timeoutSeconds(rest[++i] ?? "");
      if (timeout === undefined) return undefined;
    } else if (arg.startsWith("-") || agent !== undefined) return undefined;
    else agent = arg;
  }
  if (agent === undefined || !(WAIT_CONDITIONS as readonly string[]).includes(until ?? "")) return undefined;
  const options = {
    until: until as WaitCondition,
    json,
    ...(timeout !== undefined ? { timeoutSeconds: timeout } : {}),
  };
  return (ctx) => runWait(ctx, agent, options);
}

/** Runs the command when it is a fast one; false hands it to the full CLI. */
export function main(argv: readonly string[] = process.argv.slice(2)): boolean {
  const body = fastCommand(argv);
  if (!body) return false;
  const env = process.env;
  const context = (): EngineContext => ({
    out: (t) => writeFd(1, `${t}\n`),
    err: (t) => writeFd(2, `${t}\n`),
    env,
    engine: engineLink(resolvePaths({ env })),
  });
  runner(context)(body).catch((error: unknown) => {
    writeFd(2, `${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
  return true;
}
