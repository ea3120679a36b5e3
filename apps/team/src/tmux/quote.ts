// POSIX single-quote quoting (docs/architecture.md#ids-hygiene-and-quoting): the only way a value reaches a shell
// command string. One rule for the whole tree, protocol's posixQuote: `it's` → `'it'\''s'`, safe for any
// byte sequence, so a task text can never break out into shell syntax.
import { posixQuote } from "@mytty-bar/protocol/wire";

export { posixQuote as shellQuote };

/** One command line for /bin/sh whose words are exactly `argv` (each element quoted, none interpolated). */
export function shellCommand(argv: readonly string[]): string {
  return argv.map(posixQuote).join(" ");
}
