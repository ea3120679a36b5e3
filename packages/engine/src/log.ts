// The engine's log: what it swallows to stay up (a failed scan, a throwing port, an unwritable event
// log) is written to <data>/engine.log, once per kind and then at most once per REPEAT_MS with a count
// of what was held back, so a failing 2 s poll is seen without writing a line every poll.
import fs from "node:fs";

/** Where the engine reports failures it survives. `kind` names the place ("scan", "insights-poll"). */
export interface EngineLog {
  swallowed(kind: string, error: unknown): void;
}

export const LOG_MAX_BYTES = 256 * 1024;
export const REPEAT_MS = 10 * 60_000;
const MAX_MESSAGE_CHARS = 500;

/** A log that drops everything: for callers that pass no log (tests of one module, the doctor). */
export const silentLog: EngineLog = { swallowed: () => undefined };

interface Seen {
  lastWrittenAt: number;
  heldBack: number;
}

/**
 * Rate-limits by kind and formats one line per written failure. Pure apart from `write`: the time
 * comes from `now`.
 */
export function createLog(write: (line: string) => void, now: () => Date = () => new Date()): EngineLog {
  const seen = new Map<string, Seen>();
  return {
    swallowed(kind, error) {
      const at = now();
      const before = seen.get(kind);
      if (before && at.getTime() - before.lastWrittenAt < REPEAT_MS) {
        before.heldBack += 1;
        return;
      }
      const repeats = before && before.heldBack > 0 ? ` (${before.heldBack} more since the last line)` : "";
      seen.set(kind, { lastWrittenAt: at.getTime(), heldBack: 0 });
      write(`${at.toISOString()} ${kind}: ${describe(error)}${repeats}`);
    },
  };
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS)}…` : line;
}

/**
 * Appends lines to `file` (0600). Past `maxBytes` the file becomes `<file>.1` (replacing the older
 * one), so the log never holds more than two caps. Writes are synchronous: lines are rare by design.
 */
export function fileLineWriter(file: string, maxBytes = LOG_MAX_BYTES): (line: string) => void {
  let size: number | undefined;
  return (line) => {
    const bytes = Buffer.byteLength(line) + 1;
    try {
      size ??= sizeOf(file);
      if (size > 0 && size + bytes > maxBytes) {
        fs.renameSync(file, `${file}.1`);
        size = 0;
      }
      fs.appendFileSync(file, `${line}\n`, { mode: 0o600 });
      size += bytes;
    } catch {
      // The log is the last resort: a full disk or a removed data dir must not stop the engine.
      size = undefined;
    }
  };
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0; // no log yet
  }
}
