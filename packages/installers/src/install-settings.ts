// The installer-relevant fields of <data>/settings.json (owned by the engine/menu bar):
// pointerLanguage, pointers and claudeStatusLine. Read leniently and without zod (the doctor's `status` budget):
// a bad file never stops an install, it means the defaults, as it does for the engine.
import { readRegularFileSync } from "@mytty-bar/paths";
import type { Paths } from "./paths.js";
import type { InstallSettings } from "./session.js";

const MAX_SETTINGS_BYTES = 64 * 1024;
const DEFAULTS: InstallSettings = { pointers: true };

/** `lang` is set only when the file names it, so an installed pointer in the other language stays accepted. */
export function readInstallSettings(paths: Pick<Paths, "settingsFile">): InstallSettings {
  try {
    // A fifo would block every status call; an oversized file is not ours to read whole.
    const read = readRegularFileSync(paths.settingsFile, { maxBytes: MAX_SETTINGS_BYTES });
    if (read.kind !== "file") return DEFAULTS;
    const raw: unknown = JSON.parse(read.bytes.toString("utf8"));
    if (typeof raw !== "object" || raw === null) return DEFAULTS;
    const r = raw as Record<string, unknown>;
    const lang = r.pointerLanguage === "en" || r.pointerLanguage === "ja" ? r.pointerLanguage : undefined;
    return {
      ...(lang ? { lang } : {}),
      pointers: r.pointers !== false,
      ...(r.claudeStatusLine === true ? { claudeStatusLine: true } : {}),
    };
  } catch {
    return DEFAULTS; // unreadable or not JSON: the defaults, as the engine does
  }
}
