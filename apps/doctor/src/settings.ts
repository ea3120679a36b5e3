// The two doctor-relevant fields of <data>/settings.json (owned by the engine/menu bar):
// pointerLanguage and pointers. Read leniently: a bad file never stops the doctor.
import fs from "node:fs";
import type { Lang, Paths } from "@mytty-bar/installers";

export interface DoctorSettings {
  /** Set only when the file names it, so an installed pointer in the other language stays accepted. */
  lang?: Lang;
  pointers: boolean;
  /** `claudeStatusLine: true`: install claude-code also routes its statusLine through Mytty (docs/usage-meters.md). */
  claudeStatusLine?: boolean;
}

const MAX_SETTINGS_BYTES = 64 * 1024;

export function readDoctorSettings(paths: Pick<Paths, "settingsFile">): DoctorSettings {
  try {
    // A fifo would block every status call; an oversized file is not ours to read whole.
    const st = fs.statSync(paths.settingsFile);
    if (!st.isFile() || st.size > MAX_SETTINGS_BYTES) return { pointers: true };
    const raw: unknown = JSON.parse(fs.readFileSync(paths.settingsFile, "utf8"));
    if (typeof raw !== "object" || raw === null) return { pointers: true };
    const r = raw as Record<string, unknown>;
    const lang = r.pointerLanguage === "en" || r.pointerLanguage === "ja" ? r.pointerLanguage : undefined;
    return {
      ...(lang ? { lang } : {}),
      pointers: r.pointers !== false,
      ...(r.claudeStatusLine === true ? { claudeStatusLine: true } : {}),
    };
  } catch {
    return { pointers: true }; // unreadable or not JSON: the defaults, as the engine does
  }
}
