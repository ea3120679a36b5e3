// POSIX single-quote quoting (docs/architecture.md#ids-hygiene-and-quoting): the only way a value reaches a shell
// command string. Safe for any byte sequence, so a task text can never break out into shell syntax.

/** `it's` → `'it'\''s'`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** One command line for /bin/sh whose words are exactly `argv` (each element quoted, none interpolated). */
export function shellCommand(argv: readonly string[]): string {
  return argv.map(shellQuote).join(" ");
}
