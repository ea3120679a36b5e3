// `mytty-team stats [--json]`: the engine's intake counters and the last event per provider.
import type { Command } from "commander";
import type { Stats } from "@mytty-bar/engine";
import { callEngine } from "../engine/call.js";
import type { EngineAction } from "../engine/run.js";

export function formatStats(stats: Stats): string {
  const providers = Object.entries(stats.lastEventAt).sort(([a], [b]) => a.localeCompare(b));
  return [
    `accepted ${stats.accepted} · duplicates ${stats.duplicates} · rejected ${stats.rejected}${stats.ignored !== undefined ? ` · ignored ${stats.ignored}` : ""} · waiting in spool ${stats.spoolBacklog}`,
    ...(providers.length === 0 ? ["no hook events yet (are hooks installed? `mytty-doctor status`)"] : providers.map(([p, at]) => `last ${p} event: ${at}`)),
  ].join("\n");
}

export function registerStats(program: Command, run: EngineAction): void {
  program
    .command("stats")
    .description("hook intake counters and the last event per provider (needs the engine)")
    .option("--json", "print JSON")
    .action((options: { json?: boolean }) =>
      run(async (io) => {
        const stats = await callEngine<Stats>({ op: "stats" });
        io.out(options.json ? JSON.stringify(stats, null, 2) : formatStats(stats));
        return 0;
      }),
    );
}
