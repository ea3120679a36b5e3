// The top-level fields of a JSON object whose text was cut (docs/hook-helper.md#oversized-payloads).
// Providers put the ids and the event name first and the bulk (tool output, transcripts) after them,
// so the cut prefix of a large payload still names its event, session, prompt/turn and tool call.
// One linear pass over the prefix: every top-level member that ends inside it is kept, nested ones up to
// `maxNested` characters; the first member the cut runs into, and everything after it, is lost.

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

/** A complete nested value keeps its place only under this size: parsing it costs in proportion. */
export const SALVAGE_MAX_NESTED_CHARS = 64 * 1024;

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && WHITESPACE.has(text[i]!)) i += 1;
  return i;
}

/** Index just past the string starting at `at` (a quote), or -1 when it runs past the end. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i += 1) {
    const c = text[i];
    if (c === "\\") i += 1;
    else if (c === '"') return i + 1;
  }
  return -1;
}

/** Index just past the object/array starting at `at`, or -1 when the cut comes first. */
function nestedEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end === -1) return -1;
      i = end - 1;
    } else if (c === "{" || c === "[") {
      depth += 1;
    } else if (c === "}" || c === "]") {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Index just past a bare scalar (number, true, false, null), or -1 when it touches the end (maybe cut). */
function scalarEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && !WHITESPACE.has(text[i]!) && text[i] !== "," && text[i] !== "}") i += 1;
  return i < text.length ? i : -1;
}

function parsed(slice: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(slice) as unknown };
  } catch {
    // a member cut mid-value is dropped; the caller keeps the members before it
    return { ok: false };
  }
}

function valueEnd(text: string, at: number): number {
  const c = text[at];
  if (c === '"') return stringEnd(text, at);
  if (c === "{" || c === "[") return nestedEnd(text, at);
  return scalarEnd(text, at);
}

/**
 * The complete top-level members of the object `text` starts, or undefined when it does not start one
 * or none survived. Never throws; keys are defined as own properties (a "__proto__" key stays data).
 */
export function salvageTopLevel(
  text: string,
  maxNested = SALVAGE_MAX_NESTED_CHARS,
): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let count = 0;
  let i = skipSpace(text, 0);
  if (text[i] !== "{") return undefined;
  i += 1;
  for (;;) {
    i = skipSpace(text, i);
    if (text[i] !== '"') break;
    const keyEnd = stringEnd(text, i);
    if (keyEnd === -1) break;
    const key = parsed(text.slice(i, keyEnd));
    i = skipSpace(text, keyEnd);
    if (!key.ok || text[i] !== ":") break;
    const start = skipSpace(text, i + 1);
    const end = valueEnd(text, start);
    if (end === -1) break;
    const nested = text[start] === "{" || text[start] === "[";
    const value = nested && end - start > maxNested ? { ok: false as const } : parsed(text.slice(start, end));
    if (value.ok && typeof key.value === "string") {
      Object.defineProperty(out, key.value, {
        value: value.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      count += 1;
    }
    i = skipSpace(text, end);
    if (text[i] !== ",") break;
    i += 1;
  }
  return count > 0 ? out : undefined;
}
