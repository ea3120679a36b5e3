// Pure helpers for JSONL tails: bytes read from the middle of a file → whole records only.
// Agents append while we read, so the last line may be half-written and the first one cut by the tail.

export type JsonRecord = Record<string, unknown>;

const NEWLINE = 0x0a;

/**
 * Complete lines of a chunk read at byte offset `start`. A chunk that does not start at 0 drops its
 * first (cut) line; the text after the last newline is a write in progress and is dropped too.
 * Works on bytes so a tail cut inside a multi-byte character never decodes to garbage.
 */
export function completeLines(chunk: Uint8Array, start: number): string[] {
  let from = 0;
  if (start > 0) {
    const first = chunk.indexOf(NEWLINE);
    if (first < 0) return [];
    from = first + 1;
  }
  const last = chunk.lastIndexOf(NEWLINE);
  if (last < from) return [];
  const text = Buffer.from(chunk.buffer, chunk.byteOffset + from, last - from).toString("utf8");
  return text.split("\n");
}

/** JSON objects of each line; blank, broken or non-object lines are skipped (a bad line costs nothing else). */
export function parseRecords(lines: readonly string[]): JsonRecord[] {
  const out: JsonRecord[] = [];
  for (const line of lines) {
    if (line.length === 0 || line.charCodeAt(0) !== 0x7b /* { */) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) out.push(value as JsonRecord);
    } catch {
      // A torn or foreign line: ignore it, the rest of the tail still counts.
    }
  }
  return out;
}

export function asRecord(value: unknown): JsonRecord | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonRecord) : undefined;
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Token counts are numbers, sometimes numeric strings; anything negative or non-finite is absent. */
export function tokenCount(value: unknown): number | undefined {
  const n =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
