// `mytty-team stats [--json]`: the engine's intake counters and the last event per provider.
import type { Command } from "commander";
import type { Stats } from "@mytty-bar/engine/client";
import { callEngine } from "../engine/call.js";
import type { CommandIo, EngineAction } from "../engine/run.js";

export function formatStats(stats: Stats): string {
  const providers = Object.entries(stats.lastEventAt).sort(([a], [b]) => a.localeCompare(b));
  return [
    `accepted ${stats.accepted} · duplicates ${stats.duplicates} · rejected ${stats.rejected}${stats.ignored !== undefined ? ` · ignored ${stats.ignored}` : ""} · waiting in spool ${stats.spoolBacklog}`,
    ...(providers.length === 0
      ? ["no hook events yet (are hooks installed? `mytty-doctor status`)"]
      : providers.map(([p, at]) => `last ${p} event: ${at}`)),
  ].join("\n");
}

/** The whole command (also the fast path's: this module loads no commander). */
export async function runStats(io: CommandIo, json: boolean): Promise<number> {
  const stats = await callEngine<Stats>({ op: "stats" });
  io.out(json ? JSON.stringify(stats, null, 2) : formatStats(stats));
  return 0;
}

export function registerStats(program: Command, run: EngineAction): void {
  program
    .command("stats")
    .description("hook intake counters and the last event per provider (needs the engine)")
    .option("--json", "print JSON")
    .action((options: { json?: boolean }) => run((io) => runStats(io, options.json === true)));
}
