// The settings the running engine uses: <data>/settings.json, re-read when its mtime moves (the poll
// checks), saved through updateSettings; each new value goes to `apply` with the one it replaces.
import type { Paths } from "@mytty-bar/paths";
import { mtimeOf } from "./engine-util.js";
import type { EngineLog } from "./log.js";
import { loadSettings, saveSettings, type Settings, type SettingsPatch } from "./settings.js";

export interface LiveSettings {
  current(): Settings;
  /** Re-reads the file if it changed since the last read or save (never when settings were fixed). */
  reloadIfChanged(): Promise<void>;
  update(patch: SettingsPatch): Promise<Settings>;
}

export async function liveSettings(
  paths: Pick<Paths, "settingsFile">,
  log: EngineLog,
  fixed: Settings | undefined,
  apply: (next: Settings, previous: Settings) => void,
): Promise<LiveSettings> {
  let settings = fixed ?? (await loadSettings(paths, log));
  let mtime = await mtimeOf(paths.settingsFile);
  const set = (next: Settings) => {
    const previous = settings;
    settings = next;
    apply(next, previous);
  };
  return {
    current: () => settings,
    async reloadIfChanged() {
      const now = await mtimeOf(paths.settingsFile);
      if (now === mtime || fixed !== undefined) return;
      mtime = now;
      set(await loadSettings(paths, log));
    },
    async update(patch) {
      const saved = await saveSettings(paths, patch);
      mtime = await mtimeOf(paths.settingsFile);
      set(saved);
      return saved;
    },
  };
}
