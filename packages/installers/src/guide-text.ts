// The orchestration guide, <data>/mytty-team.md = exactly what `mytty-team guide` prints (English).
// The text lives in team-guide.ts, next to the commands it teaches (issue 8).
import type { Paths } from "./paths.js";
import { teamGuide } from "./team-guide.js";

export function guideText(paths: Paths): string {
  return teamGuide(paths);
}
