// What a mistyped word most likely meant ("did you mean …"): pure, for the unknown-command and
// unknown-provider messages.

/** Edits (insert, delete, substitute, swap two neighbours) between two short words. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) d[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

/**
 * The one candidate `typed` names by its start (`claude` → claude-code, `gemini-cli` → gemini) or
 * misses by at most two edits (`instal` → install); undefined when none, or when two fit equally.
 */
export function closest(typed: string, candidates: readonly string[]): string | undefined {
  const t = typed.toLowerCase();
  if (t.length < 3) return undefined;
  const prefixed = candidates.filter((c) => c.startsWith(t) || t.startsWith(c));
  if (prefixed.length > 0) return prefixed.length === 1 ? prefixed[0] : undefined;
  const scored = candidates.map((c) => ({ c, d: distance(t, c) })).filter((s) => s.d <= Math.min(2, t.length - 2));
  const best = Math.min(...scored.map((s) => s.d));
  const top = scored.filter((s) => s.d === best);
  return top.length === 1 ? top[0]!.c : undefined;
}
