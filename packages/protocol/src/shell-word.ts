// One word as it is printed in a command for the user to paste: bare when sh reads it as it stands,
// single-quoted otherwise (a destination `a;b` pasted bare would run `b`).

/** Single-quotes `value` for POSIX sh; each `'` becomes `'\''`. Safe for any string. */
export function posixQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `word` as sh would read it back: bare when it holds only characters sh takes literally. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : posixQuote(word);
}
