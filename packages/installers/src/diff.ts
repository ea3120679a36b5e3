// Unified diffs of what a command would write (mytty-doctor diff, --dry-run).
import { effective, type FileChange } from "./plan.js";

/** Async because the diff library is loaded only when a diff is asked for (startup budget). */
export async function unifiedDiff(changes: readonly FileChange[]): Promise<string> {
  const { createTwoFilesPatch } = await import("diff");
  return effective(changes)
    .map((c) => {
      if (c.modeOnly) return `--- ${c.path}\n+++ ${c.path}\n@@ mode ${c.mode.toString(8)} @@\n`;
      const patch = createTwoFilesPatch(
        c.before === null ? "/dev/null" : c.path,
        c.after === null ? "/dev/null" : c.path,
        c.before ?? "",
        c.after ?? "",
        undefined,
        undefined,
        { context: 3 },
      );
      // Drop the "Index:"/"====" preamble: keep it the familiar --- / +++ form.
      return patch
        .split("\n")
        .filter((l) => !l.startsWith("Index: ") && !/^=+$/.test(l))
        .join("\n");
    })
    .join("");
}
