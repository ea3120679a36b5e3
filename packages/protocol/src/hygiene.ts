// Identifier and text hygiene (docs/architecture.md#ids-hygiene-and-quoting). Everything a payload hands us that
// becomes a key, a label or a line on screen passes through here first.

export const MAX_SESSION_ID_BYTES = 256;
export const MAX_TOOL_NAME_BYTES = 128;
export const MAX_TOOL_USE_ID_BYTES = 256;
export const MAX_LABEL_BYTES = 128;
export const MAX_PROMPT_SNIPPET_CHARS = 400;
/** Matches AgentEventSchema's `message` cap (UTF-16 units, as zod counts). */
export const MAX_MESSAGE_UNITS = 1000;
export const MAX_CWD_UNITS = 4096;

// Swift's `controlCharacters` (what Mytty validates with) is Unicode Cc + Cf, so ZWJ, BOM and soft
// hyphen count as control characters too.
const CONTROL = /[\p{Cc}\p{Cf}]/u;
const CONTROL_ALL = /[\p{Cc}\p{Cf}]/gu;
const SPACE_OR_CONTROL_RUNS = /[\s\p{Cc}\p{Cf}]+/gu;

const encoder = new TextEncoder();

export function utf8Length(value: string): number {
  // Fast path: pure ASCII needs no encoding.
  let ascii = true;
  for (let i = 0; i < value.length; i += 1) {
    if (value.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  return ascii ? value.length : encoder.encode(value).length;
}

/** Longest prefix of `value` within `maxBytes` UTF-8 bytes, cut between code points (never U+FFFD). */
export function clampUtf8(value: string, maxBytes: number): string {
  if (utf8Length(value) <= maxBytes) return value;
  let bytes = 0;
  let end = 0;
  for (const char of value) {
    const cp = char.codePointAt(0)!;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return value.slice(0, end);
}

/** Prefix within `maxUnits` UTF-16 units that never splits a surrogate pair. */
export function clampUnits(value: string, maxUnits: number): string {
  if (value.length <= maxUnits) return value;
  let end = maxUnits;
  const last = value.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return value.slice(0, end);
}

/**
 * Session ids and every other id used as a key: validated, never repaired. Non-empty,
 * ≤ 256 UTF-8 bytes, no surrounding white space, no Cc/Cf characters; anything else is absent.
 */
export function sanitizeSessionId(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0) return undefined;
  if (value !== value.trim()) return undefined;
  if (CONTROL.test(value)) return undefined;
  if (utf8Length(value) > MAX_SESSION_ID_BYTES) return undefined;
  return value;
}

/** Run keys, conversation ids, plugin run ids: the same rule as session ids. */
export const sanitizeId = sanitizeSessionId;

function stripAndClamp(value: unknown, maxBytes: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const stripped = clampUtf8(shownText(value), maxBytes);
  return stripped.length === 0 ? undefined : stripped;
}

/** Tool names are shown, never rejected: strip Cc/Cf, clamp to 128 bytes. */
export function sanitizeToolName(value: unknown): string | undefined {
  return stripAndClamp(value, MAX_TOOL_NAME_BYTES);
}

/**
 * Cursor has sent `tool_use_id`s with an embedded newline; pre and post events must sanitise the
 * same way or pairing breaks, so this strips instead of rejecting.
 */
export function sanitizeToolUseId(value: unknown): string | undefined {
  return stripAndClamp(value, MAX_TOOL_USE_ID_BYTES);
}

/** Model names, modes: trimmed, non-empty, ≤ 128 bytes, no control characters, else absent. */
export function sanitizeLabel(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  if (trimmed.length === 0 || CONTROL.test(trimmed)) return undefined;
  if (utf8Length(trimmed) > MAX_LABEL_BYTES) return undefined;
  return trimmed;
}

/**
 * Text for one line on screen: escape sequences removed whole (not only their ESC, which would leave
 * `]0;title` behind), then each run of white space and control or format characters one space, trimmed.
 */
export function oneLineText(value: string): string {
  return value.replace(ESCAPE_SEQUENCES, "").replace(SPACE_OR_CONTROL_RUNS, " ").trim();
}

function collapse(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const collapsed = oneLineText(value);
  return collapsed.length === 0 ? undefined : collapsed;
}

/** One-line prompt preview: white space and control runs become one space, ≤ 400 code points. */
export function promptSnippet(value: unknown): string | undefined {
  const collapsed = collapse(value);
  if (collapsed === undefined) return undefined;
  const chars = Array.from(collapsed);
  return chars.length <= MAX_PROMPT_SNIPPET_CHARS ? collapsed : chars.slice(0, MAX_PROMPT_SNIPPET_CHARS).join("");
}

/** Event messages: one line, ≤ 1000 UTF-16 units (the event schema's cap), empty → absent. */
export function sanitizeMessage(value: unknown): string | undefined {
  const collapsed = collapse(value);
  return collapsed === undefined ? undefined : clampUnits(collapsed, MAX_MESSAGE_UNITS);
}

/** A working directory is kept only whole: a cut or control-laden path would mislead. */
export function sanitizeCwd(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_CWD_UNITS) return undefined;
  return CONTROL.test(value) ? undefined : value;
}

// A whole escape sequence goes, not just its introducer: CSI (ESC [ or 0x9b) to its final byte, OSC, DCS,
// SOS, PM and APC (ESC ] P X ^ _, or 0x9d 0x90 0x98 0x9e 0x9f) to BEL or ST, any other ESC with its next byte.
const ESCAPE_SEQUENCES =
  // eslint-disable-next-line no-control-regex
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u009d\u0090\u0098\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[\u0020-\u007e]?/gu;

/**
 * The one rule for text a watched host sends that may reach a terminal, a notification or the popup
 * (docs/remote.md#what-a-host-can-send): escape sequences removed whole, then every other Cc/Cf character.
 */
export function shownText(value: string): string {
  return value.replace(ESCAPE_SEQUENCES, "").replace(CONTROL_ALL, "");
}
