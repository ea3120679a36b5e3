// The system clipboard for "Copy resume command". Main writes plain text only; the text was checked
// at the IPC boundary and is checked again here, so no other caller can put anything else there.
import { isCopyableText } from "../view-model/resume.js";

/** The slice of Electron's clipboard we use. */
export interface ClipboardLike {
  writeText(text: string): void;
}

export function setupClipboard(clipboard: ClipboardLike): (text: string) => void {
  return (text) => {
    if (!isCopyableText(text)) throw new Error("refused to copy: not one line of at most 4 KiB");
    clipboard.writeText(text);
  };
}
