// One line of <data>/events.jsonl back into a LogEntry. The log is outside input like any other file,
// but nearly every line is one the engine wrote itself, and zod costs ~35 µs a line on a cold start
// (most of a restart's read, docs/performance.md#what-changed-to-get-there). So a line first meets a
// plain check that accepts only what LogEntrySchema accepts unchanged: the exact keys and types the
// engine writes, every bound and enum of the schema, timestamps in toISOString's form. Anything else —
// an extra key, another time format, an answer line, a hand edit — goes through zod as before, and a
// line zod refuses is skipped. test/log-line.test.ts holds the check to zod on real and mutated lines.
import { ATTENTION_KINDS, EVENT_KINDS, PROVIDER_IDS, RUN_STATES, isRecord } from "@mytty-bar/protocol";
import { LogEntrySchema, type LogEntry } from "./log-entry.js";

type Obj = Record<string, unknown>;

const PROVIDERS: ReadonlySet<unknown> = new Set(PROVIDER_IDS);
const EVENT_KIND_SET: ReadonlySet<unknown> = new Set(EVENT_KINDS);
const RUN_STATE_SET: ReadonlySet<unknown> = new Set(RUN_STATES);
const ITEM_KINDS: ReadonlySet<unknown> = new Set(ATTENTION_KINDS);
const VIA: ReadonlySet<unknown> = new Set(["process", "descendant", "hint"]);
const VARIANTS: ReadonlySet<unknown> = new Set(["gemini", "antigravity"]);
/** TerminalSchema's plain string fields (label has its own bound; hints and remote go through zod). */
const TERMINAL_STRINGS: ReadonlySet<string> = new Set([
  "app",
  "bundleId",
  "tmuxPane",
  "tmuxSocket",
  "tmuxSession",
  "tmuxWindow",
  "tmuxClientTty",
]);

/** Field → check, for objects whose every key must be listed (zod would strip an unknown one). */
type Shape = Record<string, (value: unknown) => boolean>;

const str =
  (max = Infinity) =>
  (v: unknown): boolean =>
    typeof v === "string" && v.length <= max;
const opt =
  (check: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    v === undefined || check(v);
const oneOf =
  (set: ReadonlySet<unknown>) =>
  (v: unknown): boolean =>
    set.has(v);
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number of `width` digits at `at`, or -1 where one is not a digit. */
function digits(v: string, at: number, width: number): number {
  let n = 0;
  for (let i = at; i < at + width; i += 1) {
    const d = v.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * What toISOString writes ("2026-11-02T08:00:00.000Z": a real date, UTC, milliseconds), a subset of
 * z.string().datetime(); read by character (a Date round trip was half of this check's cost).
 */
function iso(v: unknown): boolean {
  if (typeof v !== "string" || v.length !== 24) return false;
  for (const [at, code] of SEPARATORS) if (v.charCodeAt(at) !== code) return false;
  const year = digits(v, 0, 4);
  const month = digits(v, 5, 2);
  const day = digits(v, 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS[month - 1]!)) return false;
  const hour = digits(v, 11, 2);
  const minute = digits(v, 14, 2);
  const second = digits(v, 17, 2);
  return hour >= 0 && hour < 24 && minute >= 0 && minute < 60 && second >= 0 && second < 60 && digits(v, 20, 3) >= 0;
}
const SEPARATORS: readonly (readonly [number, number])[] = [
  [4, 45], // -
  [7, 45],
  [10, 84], // T
  [13, 58], // :
  [16, 58],
  [19, 46], // .
  [23, 90], // Z
];
const nonNegativeInt = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

/** An array of at most `max` elements that all pass (a for loop: `every` would skip the holes of a sparse one). */
const arrayOf =
  (check: (v: unknown) => boolean, max: number) =>
  (v: unknown): boolean => {
    if (!Array.isArray(v) || v.length > max) return false;
    for (let i = 0; i < v.length; i += 1) if (!check(v[i])) return false;
    return true;
  };

const isObj: (v: unknown) => v is Obj = isRecord;

function fits(v: unknown, shape: Shape): boolean {
  if (!isObj(v)) return false;
  for (const key in v) if (!Object.hasOwn(shape, key)) return false;
  for (const key in shape) if (!shape[key]!(v[key])) return false;
  return true;
}

const EVENT: Shape = {
  v: (v) => v === 1,
  id: str(64),
  provider: oneOf(PROVIDERS),
  kind: oneOf(EVENT_KIND_SET),
  runKey: str(256),
  runId: str(64),
  sessionId: opt(str(256)),
  hook: str(128),
  at: iso,
  message: opt(str(1000)),
  toolName: opt(str(128)),
  toolUseId: opt(str(256)),
  cwd: opt(str(4096)),
  synthetic: opt((v) => typeof v === "boolean"),
};

function terminal(v: unknown): boolean {
  if (!isObj(v)) return false;
  for (const key in v) {
    const value = v[key];
    if (key === "label" ? !str(64)(value) : !TERMINAL_STRINGS.has(key) || typeof value !== "string") return false;
  }
  return true;
}

const AGENT: Shape = {
  key: str(512),
  id: str(300),
  provider: oneOf(PROVIDERS),
  pid: (v) => v === null || Number.isSafeInteger(v),
  startTime: opt(str(128)),
  tty: (v) => v === null || str(128)(v),
  terminal,
  via: oneOf(VIA),
  executable: (v) => v === null || str(4096)(v),
  argv: opt(arrayOf(str(4096), 64)),
  variant: opt(oneOf(VARIANTS)),
  host: opt(str(300)),
};

const RUN: Shape = {
  id: str(),
  provider: oneOf(PROVIDERS),
  runKey: str(),
  generation: nonNegativeInt,
  sessionId: opt(str()),
  scope: opt(str()),
  state: oneOf(RUN_STATE_SET),
  message: opt(str()),
  toolName: opt(str()),
  cwd: opt(str()),
  startedAt: opt(iso),
  updatedAt: iso,
  lastEventId: opt(str()),
  closedBy: opt(str()),
};

const ITEM: Shape = {
  id: str(),
  kind: oneOf(ITEM_KINDS),
  provider: oneOf(PROVIDERS),
  runId: str(),
  message: opt(str()),
  toolName: opt(str()),
  createdAt: iso,
  resolvedAt: opt(iso),
  acknowledgedAt: opt(iso),
};

const LINES: Record<string, Shape> = {
  event: { t: () => true, event: (v) => fits(v, EVENT), agent: (v) => fits(v, AGENT) },
  note: { t: () => true, key: str(512), note: str(1000), at: iso },
  run: {
    t: () => true,
    run: (v) => fits(v, RUN),
    agent: (v) => fits(v, AGENT),
    items: arrayOf((item) => fits(item, ITEM), 1000),
    latest: (v) => typeof v === "boolean",
    firstSeenAt: iso,
  },
};

/** The line as the engine wrote it, without zod; undefined when it is anything else. */
export function trustedEntry(value: unknown): LogEntry | undefined {
  if (!isObj(value) || typeof value.t !== "string" || !Object.hasOwn(LINES, value.t)) return undefined;
  return fits(value, LINES[value.t]!) ? (value as LogEntry) : undefined;
}

/** A line of the log as an entry, or undefined for a torn write, a bad hand edit or an unknown shape. */
export function parseLogLine(line: string): LogEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined; // a torn write or a hand edit: the caller counts it
  }
  const trusted = trustedEntry(value);
  if (trusted) return trusted;
  const parsed = LogEntrySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
