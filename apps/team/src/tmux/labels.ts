// Labels and model names travel into tmux options and argv: accept only short printable text
// (providers.md §5.2 label rule), reject rather than repair.

const CONTROL = /[\p{Cc}\p{Cf}]/u;

export function validLabel(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "" || Buffer.byteLength(trimmed) > 128 || CONTROL.test(trimmed)) return undefined;
  return trimmed;
}

/** A model name is one word that cannot be mistaken for a flag. */
export function validModel(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.startsWith("-") || /\s/u.test(trimmed)) return undefined;
  return validLabel(trimmed);
}
