// The `mytty-team …` command lines of the guide's code blocks, split into argv like sh would.

export function guideCommandLines(guide: string): string[] {
  const lines: string[] = [];
  let fenced = false;
  for (const line of guide.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    else if (fenced && line.trim().startsWith("mytty-team ")) lines.push(line.trim());
  }
  return lines;
}

/** Words of one simple sh command line: single quotes, double quotes (with \" \\ \$ \`), backslashes. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === " " || c === "\t") {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in: ${line}`);
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      word = word ?? "";
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === "\\" && /["\\$`]/.test(line[i + 1] ?? "")) i++;
        else if (line[i] === "$" || line[i] === "`") throw new Error(`expansion in: ${line}`);
        word += line[i];
      }
      if (i >= line.length) throw new Error(`unterminated " in: ${line}`);
    } else if (c === "\\") {
      word = (word ?? "") + (line[++i] ?? "");
    } else if (/[$`;&|<>()*?~]/.test(c)) {
      throw new Error(`shell syntax ${c} in: ${line}`);
    } else {
      word = (word ?? "") + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}
