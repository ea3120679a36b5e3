// `mytty-team guide`: the orchestration manual, byte for byte what <data>/mytty-team.md holds.
import { guideText } from "@mytty-bar/installers";
import type { TeamContext } from "../context.js";

export async function printGuide(ctx: TeamContext): Promise<void> {
  ctx.write(guideText(ctx.paths));
}
