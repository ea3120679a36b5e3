// Labels and model names travel into tmux options and argv: accept only short printable text
// (docs/architecture.md#ids-hygiene-and-quoting, the label rule), reject rather than repair.

const CONTROL = /[\p{Cc}\p{Cf}]/u;

export function validLabel(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "" || Buffer.byteLength(trimmed) > 128 || CONTROL.test(trimmed)) return undefined;
  return trimmed;
}

/** The engine shows at most this many characters of a pane label (detect's MAX_LABEL_CHARS). */
export const MAX_LABEL_CHARS = 64;

/** A spawn label: a valid label the engine will show whole, so `wait <label>` matches it exactly. */
export function validSpawnLabel(value: string): string | undefined {
  const label = validLabel(value);
  return label !== undefined && [...label].length <= MAX_LABEL_CHARS ? label : undefined;
}

/** A model name is one word that cannot be mistaken for a flag. */
export function validModel(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.startsWith("-") || /\s/u.test(trimmed)) return undefined;
  return validLabel(trimmed);
}
