// The files edge of neighbours.ts: each JSON hook file we manage, read and parsed the way its provider
// parses it, and what the other tools' entries in it are. A file that is missing, unreadable or invalid
// has no neighbours to report (status already says what is wrong with it).
import type { Paths } from "./paths.js";
import { claudeCodeSpec } from "./claude-code.js";
import { codexSpec } from "./codex.js";
import { cursorSpec } from "./cursor.js";
import { geminiSpec } from "./gemini.js";
import { readText } from "./fsio.js";
import { analyze, isObj, type HookJsonSpec } from "./hook-json-spec.js";
import { parseJsonc } from "./jsonc-edit.js";
import { neighbourReport, type NeighbourReport } from "./neighbours.js";

function specs(paths: Paths): HookJsonSpec[] {
  const gemini = readText(paths.geminiSettings);
  const parsed = gemini.text !== null ? parseJsonc(gemini.text) : undefined;
  return [
    claudeCodeSpec(paths),
    codexSpec(paths, readText(paths.codexConfig, 1024 * 1024).text),
    geminiSpec(paths, parsed?.ok ? parsed.value : undefined),
    cursorSpec(paths),
  ];
}

/** One report per hook file that parses; ordered as the doctor lists providers. */
export function neighbourReports(paths: Paths): NeighbourReport[] {
  return specs(paths).flatMap((spec) => {
    const read = readText(spec.path);
    if (read.text === null || read.problem) return [];
    const parsed = parseJsonc(read.text, spec.grammar);
    if (!parsed.ok || !isObj(parsed.value)) return [];
    const analysis = analyze(read.text, spec);
    const ours = analysis.ok && analysis.owned.length > 0;
    return [neighbourReport(spec, parsed.value, ours)];
  });
}
