// `mytty-team guide`: the orchestration manual, byte for byte what <data>/mytty-team.md holds.
import { guideText } from "@mytty-bar/installers";
import type { Command } from "commander";
import type { RunAction } from "./context.js";

export function registerGuide(program: Command, run: RunAction): void {
  program
    .command("guide")
    .description("print the orchestration guide for agents (the text of <data>/mytty-team.md)")
    .action(() => run(async (ctx) => ctx.write(guideText(ctx.paths))));
}
