// Reads the streamer's stdout (remote/streamer.ts) into frames. Pure: bytes in, frames out. A stream
// that breaks the framing — a header that is not ours, a size over the caps — is an error, after which
// the link is restarted: the host keeps every unacknowledged file, so nothing is lost by that.
// It is also the trust boundary for text (docs/remote.md#what-a-host-can-send): every string a host sends
// that may be shown — hello fields, listing lines — leaves here through shownText; spool header values
// get the same rule in the spool parser (protocol spool-codec.ts), as local files do.
import { shownText } from "@mytty-bar/protocol";
import { REMOTE_FILE_MAX_BYTES } from "./streamer.js";

/** One process listing is at most this many bytes (thousands of long command lines stay far below it). */
export const REMOTE_PS_MAX_BYTES = 16 * 1024 * 1024;
/** One listing keeps at most this many processes; the rest are counted and dropped as they stream in. */
export const REMOTE_PS_MAX_PROCESSES = 5000;
const HEADER_MAX_BYTES = 512;
const HELLO_MAX_BYTES = 4096;

export type Frame =
  | { kind: "hello"; fields: Record<string, string> }
  | { kind: "file"; name: string; bytes: Buffer }
  /** `dropped`: processes past REMOTE_PS_MAX_PROCESSES (or the byte cap), not kept. */
  | { kind: "ps"; text: string; dropped: number }
  | { kind: "error"; code: string };

export interface FrameReader {
  /** Frames completed by this chunk; throws FrameError when the stream is not ours. */
  push(chunk: Buffer): Frame[];
}

export class FrameError extends Error {}

const HEADER = /^(HELLO|FILE|ERR) ([A-Za-z0-9._-]{1,255}) (\d{1,9})$/;

export function createFrameReader(): FrameReader {
  let buffer: Buffer = Buffer.alloc(0);
  // Chunks of a sized body still short of its size: joined once it is complete (one copy of a 1 MiB file,
  // not one per chunk, which cost the loop ~40–60 ms over a file's chunks).
  let parts: Buffer[] = [];
  let partsBytes = 0;
  // Set while a frame's body is awaited: either a sized body, or a listing up to its end marker.
  let pending:
    | { kind: "sized"; type: string; name: string; size: number }
    | { kind: "ps"; lines: string[]; bytes: number; dropped: number }
    | undefined;

  function next(): Frame | "more" | "none" {
    if (!pending) {
      const nl = buffer.indexOf(10);
      if (nl < 0) {
        if (buffer.length > HEADER_MAX_BYTES) throw new FrameError("a frame header over 512 bytes");
        return "more";
      }
      const line = buffer.subarray(0, nl).toString("latin1");
      buffer = buffer.subarray(nl + 1);
      if (line === "PSB") pending = { kind: "ps", lines: [], bytes: 0, dropped: 0 };
      else {
        const m = HEADER.exec(line);
        if (!m) throw new FrameError(`not a streamer frame: ${JSON.stringify(line.slice(0, 80))}`);
        const size = Number(m[3]);
        const cap = m[1] === "FILE" ? REMOTE_FILE_MAX_BYTES : HELLO_MAX_BYTES;
        if (size > cap) throw new FrameError(`a ${m[1]} frame of ${size} bytes (cap ${cap})`);
        pending = { kind: "sized", type: m[1]!, name: m[2]!, size };
      }
      return "none";
    }
    if (pending.kind === "ps") {
      // Line by line as they stream in (ps lines start with a space or a digit, so none is "PSE"): past the
      // cap a line is only counted, so a host listing 100,000 processes costs a scan for newlines, no more.
      const nl = buffer.indexOf(10);
      if (nl < 0) {
        if (buffer.length > REMOTE_PS_MAX_BYTES) throw new FrameError("a process listing line over 16 MiB");
        return "more";
      }
      const line = buffer.subarray(0, nl);
      buffer = buffer.subarray(nl + 1);
      if (line.length === 3 && line.toString("latin1") === "PSE") {
        const { lines, dropped } = pending;
        pending = undefined;
        return { kind: "ps", text: lines.length === 0 ? "" : `${lines.join("\n")}\n`, dropped };
      }
      if (pending.lines.length >= REMOTE_PS_MAX_PROCESSES || pending.bytes + line.length > REMOTE_PS_MAX_BYTES)
        pending.dropped += 1;
      else {
        pending.lines.push(shownText(line.toString("utf8")));
        pending.bytes += line.length + 1;
      }
      return "none";
    }
    if (buffer.length < pending.size) return "more";
    const body = Buffer.from(buffer.subarray(0, pending.size));
    buffer = buffer.subarray(pending.size);
    const { type, name } = pending;
    pending = undefined;
    if (type === "FILE") return { kind: "file", name, bytes: body }; // its header values are filtered by the spool parser
    if (type === "ERR") return { kind: "error", code: name };
    return { kind: "hello", fields: parseFields(body.toString("utf8")) };
  }

  return {
    push(chunk) {
      if (pending?.kind === "sized" && buffer.length + partsBytes + chunk.length < pending.size) {
        parts.push(chunk);
        partsBytes += chunk.length;
        return [];
      }
      buffer = buffer.length + partsBytes === 0 ? chunk : Buffer.concat([buffer, ...parts, chunk]);
      parts = [];
      partsBytes = 0;
      const frames: Frame[] = [];
      for (;;) {
        const step = next();
        if (step === "more") break;
        if (step !== "none") frames.push(step);
      }
      return frames;
    },
  };
}

function parseFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = shownText(raw);
    const eq = line.indexOf("=");
    if (eq > 0) fields[line.slice(0, eq)] = line.slice(eq + 1).slice(0, 256);
  }
  return fields;
}
