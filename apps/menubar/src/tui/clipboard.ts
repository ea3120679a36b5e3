// "Copy resume command" in a terminal: OSC 52 asks the terminal itself to set the clipboard, which
// also works over ssh, where the machine running the dashboard has no clipboard of its own.
// Safe to send: the payload is base64 (it cannot end the sequence or start another one), only one line
// of printable text up to 4 KiB is sent (view-model/resume.ts), and terminals that do not know OSC 52
// swallow it without drawing anything. The status line shows the command as well, because a terminal
// may refuse (tmux needs `set -g set-clipboard on`; some terminals ask first or turn it off).
import { isCopyableText } from "../view-model/resume.js";

/** ESC ] 52 ; c ; <base64> BEL: "set the clipboard selection to this text". */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
}

/** Writes the OSC 52 request to the terminal; false (nothing written) for text we refuse to copy. */
export function osc52Copier(write: (data: string) => unknown): (text: string) => boolean {
  return (text) => {
    if (!isCopyableText(text)) return false;
    write(osc52(text));
    return true;
  };
}
