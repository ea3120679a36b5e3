// The dashboard's keys from one chunk of terminal input. Ink hands a chunk of plain characters to its
// input handler as one string ("jjj" when keys arrive together: a held key, typing over ssh, tmux
// send-keys), so every character is one key here; arrows and Enter arrive as their own events.

export type TuiKey = "down" | "up" | "enter" | "acknowledge" | "copy" | "allow" | "deny" | "terminal" | "quit";
export type AnswerKey = Extract<TuiKey, "allow" | "deny" | "terminal">;

// y allows once (never "always"), n denies, t hands the request back to the agent's own prompt.
const CHARS: Readonly<Record<string, TuiKey>> = {
  j: "down",
  k: "up",
  a: "acknowledge",
  c: "copy",
  y: "allow",
  n: "deny",
  t: "terminal",
  q: "quit",
};

/** The keys in one input event, in order; anything else in the chunk is ignored. */
export function keysOf(
  input: string,
  key: { upArrow: boolean; downArrow: boolean; return: boolean; ctrl: boolean },
): TuiKey[] {
  if (key.ctrl) return input === "c" ? ["quit"] : [];
  if (key.downArrow) return ["down"];
  if (key.upArrow) return ["up"];
  if (key.return) return ["enter"];
  const keys: TuiKey[] = [];
  for (const ch of input) {
    if (ch === "\r") keys.push("enter");
    else if (CHARS[ch] !== undefined) keys.push(CHARS[ch]);
  }
  return keys;
}
