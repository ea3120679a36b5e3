// Spool file parser and writer. The format (docs/architecture.md#spool-file):
//
//   mytty-bar-spool 1\n          magic + version, exactly
//   key=value\n …                header lines; the value is everything after the first "="
//   \n                           one blank line
//   <payload bytes>              raw hook stdin, a JSON object, ≤ 1 MiB
//
// Decisions the parser documents (and tests):
// - keys outside SPOOL_HEADER_KEYS are skipped and listed in `ignoredKeys`;
// - a known key whose value is over 512 bytes is DROPPED (treated as absent) and listed in
//   `droppedKeys`: a long terminal hint must not cost us the event. Except `provider`, which then
//   fails as missing-provider. Malformed pid/ppid values are dropped the same way;
// - an empty value is the same as an absent key (the helper writes `tmux=` for an unset $TMUX);
// - a known key given twice is a bad-header-line: the helper never does it, so it is not ours;
// - the header (magic line included) must end within 16 KiB and be valid UTF-8;
// - JSON nesting deeper than SPOOL_MAX_PAYLOAD_DEPTH is refused before JSON.parse;
// - a payload of exactly SPOOL_MAX_PAYLOAD_BYTES that does not parse was cut by the helper (its cap is
//   the marker, at no cost in sh): its complete top-level members are salvaged and the result says
//   `truncated` (docs/hook-helper.md#oversized-payloads).
// The parser never throws: every failure is a SpoolError.
import { z } from "zod";
import { isProviderId } from "./providers.js";
import {
  SPOOL_ENV_KEYS,
  SPOOL_HEADER_KEYS,
  SPOOL_HOLD_PATTERN,
  SPOOL_MAGIC,
  SPOOL_MAX_HEADER_BYTES,
  SPOOL_MAX_HEADER_VALUE_BYTES,
  SPOOL_MAX_PAYLOAD_BYTES,
  SPOOL_MAX_PAYLOAD_DEPTH,
} from "./spool.js";
import type { SpoolEnvKey, SpoolEnvelope, SpoolError, SpoolErrorCode, SpoolParseResult } from "./spool.js";
import { shownText, utf8Length } from "./hygiene.js";
import { salvageTopLevel } from "./salvage.js";

const PayloadSchema = z.record(z.string(), z.unknown());
const HEADER_KEYS: ReadonlySet<string> = new Set(SPOOL_HEADER_KEYS);
const ENV_KEYS: ReadonlySet<string> = new Set(SPOOL_ENV_KEYS);
const NEWLINE = 0x0a;
const MAX_PID = 2 ** 31 - 1;
const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true });
// A cut can split a UTF-8 sequence; only the salvage of a cut payload decodes leniently.
const lenientDecoder = new TextDecoder("utf-8");

function fail(code: SpoolErrorCode, message: string): { ok: false; error: SpoolError } {
  return { ok: false, error: { code, message } };
}

function decode(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined; // not valid UTF-8: the caller names the failure
  }
}

/** Index of the first "\n\n" (end of the last header line + blank line), or -1. */
function findSeparator(bytes: Uint8Array, limit: number): number {
  const end = Math.min(bytes.length - 1, limit);
  for (let i = 0; i < end; i += 1) {
    if (bytes[i] === NEWLINE && bytes[i + 1] === NEWLINE) return i;
  }
  return -1;
}

/** Deepest {/[ nesting outside strings, stopping early once over `max`. */
function nestingExceeds(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i += 1) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c)
        i += 1; // skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) {
      inString = true;
    } else if (b === 0x7b || b === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (b === 0x7d || b === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

function parsePid(value: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_PID ? n : undefined;
}

function checkMagic(bytes: Uint8Array): SpoolError | undefined {
  const firstNewline = bytes.indexOf(NEWLINE);
  const firstLine = decode(
    bytes.subarray(0, firstNewline === -1 ? Math.min(bytes.length, 64) : Math.min(firstNewline, 64)),
  );
  if (firstLine === SPOOL_MAGIC) return undefined;
  const family = SPOOL_MAGIC.slice(0, SPOOL_MAGIC.lastIndexOf(" ") + 1);
  if (firstLine?.startsWith(family)) {
    return {
      code: "unsupported-version",
      message: `spool version "${firstLine.slice(family.length)}" is not supported (expected "${SPOOL_MAGIC}")`,
    };
  }
  return { code: "bad-magic", message: `first line is not "${SPOOL_MAGIC}"` };
}

export function parseSpoolFile(bytes: Uint8Array): SpoolParseResult {
  const magicError = checkMagic(bytes);
  if (magicError) return { ok: false, error: magicError };

  const separator = findSeparator(bytes, SPOOL_MAX_HEADER_BYTES);
  if (separator === -1) {
    return bytes.length > SPOOL_MAX_HEADER_BYTES
      ? fail("header-too-large", `header does not end within ${SPOOL_MAX_HEADER_BYTES} bytes`)
      : fail("bad-header-line", "header is not followed by a blank line");
  }
  const header = decode(bytes.subarray(0, separator));
  if (header === undefined) return fail("bad-header-line", "header is not valid UTF-8");

  const values = new Map<string, string>();
  const ignoredKeys: string[] = [];
  const droppedKeys: string[] = [];
  const lines = header.split("\n");
  for (let n = 1; n < lines.length; n += 1) {
    const line = lines[n]!;
    const eq = line.indexOf("=");
    if (eq <= 0) return fail("bad-header-line", `header line ${n + 1} is not key=value`);
    const key = line.slice(0, eq);
    // Values are shown (pane ids, terminal names, cwd): one rule for local and host files alike.
    const value = shownText(line.slice(eq + 1));
    if (!HEADER_KEYS.has(key)) {
      if (!ignoredKeys.includes(key)) ignoredKeys.push(key);
      continue;
    }
    if (values.has(key) || droppedKeys.includes(key))
      return fail("bad-header-line", `header key "${key}" appears twice`);
    if (utf8Length(value) > SPOOL_MAX_HEADER_VALUE_BYTES) {
      droppedKeys.push(key);
      continue;
    }
    if (value.length > 0) values.set(key, value);
  }

  const provider = values.get("provider");
  if (provider === undefined) return fail("missing-provider", "header has no provider");
  if (!isProviderId(provider)) return fail("unknown-provider", `unknown provider "${provider}"`);

  const envelope: SpoolEnvelope = { provider, env: {} };
  for (const [key, value] of values) {
    if (key === "event") envelope.event = value;
    else if (key === "cwd") envelope.cwd = value;
    else if (key === "hold") {
      if (SPOOL_HOLD_PATTERN.test(value)) envelope.hold = value;
      else droppedKeys.push(key);
    } else if (key === "pid" || key === "ppid") {
      const pid = parsePid(value);
      if (pid === undefined) droppedKeys.push(key);
      else envelope[key] = pid;
    } else if (ENV_KEYS.has(key)) envelope.env[key as SpoolEnvKey] = value;
  }

  const payloadBytes = bytes.subarray(separator + 2);
  if (payloadBytes.length > SPOOL_MAX_PAYLOAD_BYTES) {
    return fail("payload-too-large", `payload is ${payloadBytes.length} bytes (limit ${SPOOL_MAX_PAYLOAD_BYTES})`);
  }
  if (nestingExceeds(payloadBytes, SPOOL_MAX_PAYLOAD_DEPTH)) {
    return fail("payload-too-deep", `payload nests deeper than ${SPOOL_MAX_PAYLOAD_DEPTH} levels`);
  }
  const text = decode(payloadBytes);
  const cut = payloadBytes.length === SPOOL_MAX_PAYLOAD_BYTES;
  if (text === undefined && !cut) return fail("payload-not-json", "payload is not valid UTF-8");
  let json: unknown;
  try {
    json = JSON.parse(text ?? "");
  } catch (error) {
    const salvaged = cut ? salvageTopLevel(lenientDecoder.decode(payloadBytes)) : undefined;
    if (salvaged !== undefined) {
      return { ok: true, envelope, payload: salvaged, ignoredKeys, droppedKeys, truncated: true };
    }
    if (text === undefined) return fail("payload-not-json", "payload is not valid UTF-8");
    return fail("payload-not-json", `payload is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = PayloadSchema.safeParse(json);
  if (!parsed.success)
    return fail(
      "payload-not-object",
      `payload is JSON but not an object (${json === null ? "null" : Array.isArray(json) ? "array" : typeof json})`,
    );
  return { ok: true, envelope, payload: parsed.data, ignoredKeys, droppedKeys };
}

function headerLine(key: string, value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  // Same rule as the helper: a value holding a newline would forge header lines, so it is left out.
  return text.includes("\n") ? undefined : `${key}=${text}\n`;
}

/** Builds a spool file the way the helper does (tests, benches, fake agents). */
export function formatSpoolFile(envelope: SpoolEnvelope, payload: Uint8Array | string): Uint8Array {
  let header = `${SPOOL_MAGIC}\n`;
  const fixed: [string, string | number | undefined][] = [
    ["provider", envelope.provider],
    ["event", envelope.event],
    ["ppid", envelope.ppid],
    ["pid", envelope.pid],
    ["cwd", envelope.cwd],
    ["hold", envelope.hold],
  ];
  for (const [key, value] of fixed) header += headerLine(key, value) ?? "";
  for (const key of SPOOL_ENV_KEYS) header += headerLine(key, envelope.env[key]) ?? "";
  header += "\n";
  const head = encoder.encode(header);
  const body = typeof payload === "string" ? encoder.encode(payload) : payload;
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}
