// "Copy resume command": which text may go to the clipboard. Shared by the popup (button), main (it
// re-checks what the page sends) and the TUI (OSC 52), so all three refuse the same things.

/** Upper bound for one copy: a resume command is ~100 bytes; anything near this is not one. */
export const COPY_TEXT_MAX_BYTES = 4096;

/**
 * C0 controls and DEL: a newline in a copied shell line would run it on paste, and an ESC could
 * smuggle terminal sequences; resume commands never contain either.
 */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Non-empty, at most COPY_TEXT_MAX_BYTES of UTF-8, one line of printable text. */
export function isCopyableText(text: unknown): text is string {
  return (
    typeof text === "string" &&
    text.length > 0 &&
    !hasControl(text) &&
    new TextEncoder().encode(text).length <= COPY_TEXT_MAX_BYTES
  );
}

/** The agent's resume command when it can be copied; undefined otherwise (no button, no key action). */
export function copyableResume(agent: { resumeCommand?: string | undefined }): string | undefined {
  return isCopyableText(agent.resumeCommand) ? agent.resumeCommand : undefined;
}
