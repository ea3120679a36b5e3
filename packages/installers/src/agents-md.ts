// The managed block in ~/.codex/AGENTS.md (docs/architecture.md#orchestration-guide-and-pointers), with one change
// from Mytty: a file that ended without a newline gets the block without one either, so removal restores the exact
// bytes.
import type { Problem } from "./jsonc-edit.js";
import { AGENTS_BEGIN, AGENTS_END } from "./pointer-text.js";
import { lineColumn } from "./text.js";

export type BlockScan =
  { kind: "none" } | { kind: "block"; start: number; end: number; text: string } | { kind: "broken"; problem: Problem };

export function scanBlock(text: string): BlockScan {
  const start = text.indexOf(AGENTS_BEGIN);
  if (start < 0) return { kind: "none" };
  const endMarker = text.indexOf(AGENTS_END, start + AGENTS_BEGIN.length);
  if (endMarker < 0) {
    return {
      kind: "broken",
      problem: { ...lineColumn(text, start), message: `"${AGENTS_BEGIN}" has no matching "${AGENTS_END}"` },
    };
  }
  const end = endMarker + AGENTS_END.length;
  return { kind: "block", start, end, text: text.slice(start, end) };
}

function eolOf(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

/** The block in the file's own line endings. */
export function localized(block: string, text: string | null): string {
  return text !== null && eolOf(text) === "\r\n" ? block.replaceAll("\n", "\r\n") : block;
}

export function insertBlock(text: string | null, block: string): string {
  const cur = text ?? "";
  const scan = scanBlock(cur);
  const b = localized(block, text);
  if (scan.kind === "block") return cur.slice(0, scan.start) + b + cur.slice(scan.end);
  const eol = eolOf(cur);
  if (cur === "") return b + eol;
  if (cur.endsWith("\n")) return `${cur}${eol}${b}${eol}`;
  return `${cur}${eol}${eol}${b}`;
}

/** Removes the block and the blank lines insertBlock put around it. */
export function removeBlock(text: string): string {
  const scan = scanBlock(text);
  if (scan.kind !== "block") return text;
  let { start, end } = scan;
  const eolBefore = (at: number) => (text.slice(0, at).endsWith("\r\n") ? 2 : text.slice(0, at).endsWith("\n") ? 1 : 0);
  if (end === text.length) {
    // Block at the very end without a newline: the file had none either; take both separators.
    start -= eolBefore(start);
    start -= eolBefore(start);
    return text.slice(0, start) + text.slice(end);
  }
  start -= eolBefore(start);
  end += text.startsWith("\r\n", end) ? 2 : text.startsWith("\n", end) ? 1 : 0;
  return text.slice(0, start) + text.slice(end);
}
