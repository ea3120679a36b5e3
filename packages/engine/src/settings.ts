// <data>/settings.json: read by the engine, read and written by the menu bar through these functions.
// Every field falls back to its default on its own, so one bad value never resets the others.
import { constants, promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Paths } from "@mytty-bar/paths";
import { silentLog, type EngineLog } from "./log.js";

/** At most this many watched hosts: each holds one ssh session open. */
export const REMOTES_MAX = 32;

const flag = (fallback: boolean) => z.boolean().catch(fallback).default(fallback);

/** The jump-to-most-urgent shortcut until the user picks another; "" turns it off. */
export const DEFAULT_GLOBAL_SHORTCUT = "CommandOrControl+Shift+J";

export const NotificationSettingsSchema = z.object({
  approval: flag(true),
  input: flag(true),
  failure: flag(true),
  completion: flag(true),
});

export const SettingsSchema = z.object({
  notifications: NotificationSettingsSchema.catch(NotificationSettingsSchema.parse({})).default(
    NotificationSettingsSchema.parse({}),
  ),
  /** Completions notify only when the run worked at least this long. */
  completionThresholdMinutes: z
    .number()
    .min(0)
    .max(24 * 60)
    .catch(5)
    .default(5),
  /** Hold a sleep blocker while any agent is running. */
  preventSleep: flag(true),
  pollIntervalSeconds: z.number().min(1).max(60).catch(2).default(2),
  /** Low-context warning when less than this share of the context window is left; 0 = off (insights/context.ts). */
  lowContextPercent: z.number().min(0).max(100).catch(30).default(30),
  /** Meters (context and usage limits) show the share "left" or "used": display only, warnings compare the same numbers. */
  meterDisplay: z.enum(["left", "used"]).catch("left").default("left"),
  /** Low-usage warning when less than this share of a provider's usage limit window is left; 0 = off. */
  lowUsagePercent: z.number().min(0).max(100).catch(10).default(10),
  /** Route Claude Code's statusLine through Mytty for its usage limits (mytty-doctor reads it; opt-in). */
  claudeStatusLine: flag(false),
  pointerLanguage: z.enum(["en", "ja"]).catch("en").default("en"),
  launchAtLogin: flag(false),
  /** Write SKILL.md / AGENTS.md pointers on install (read by mytty-doctor). */
  pointers: flag(true),
  /**
   * Electron accelerator string; "" = none. Anything else (null, written by earlier versions when the
   * user had not chosen) falls back to the default, which is what null meant to the menu bar.
   */
  globalShortcut: z.string().max(64).catch(DEFAULT_GLOBAL_SHORTCUT).default(DEFAULT_GLOBAL_SHORTCUT),
  /**
   * Hosts watched over the user's ssh (`mytty-bar remote add`), as given: `devbox`, `docker://web`
   * (docs/remote.md#watching-a-host). Each is checked again where it is used.
   */
  remotes: z.array(z.string().min(1).max(255)).max(REMOTES_MAX).catch([]).default([]),
});
export type Settings = z.infer<typeof SettingsSchema>;
export type SettingsPatch = Partial<Omit<Settings, "notifications">> & {
  notifications?: Partial<Settings["notifications"]>;
};

export const SETTINGS_MAX_BYTES = 64 * 1024;

export function defaultSettings(): Settings {
  return SettingsSchema.parse({});
}

/**
 * Parses settings text; anything unreadable yields the defaults (the file is the user's, we never fail on
 * it) and is reported to `invalid`.
 */
export function parseSettings(text: string, invalid: (why: string) => void = () => undefined): Settings {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    invalid(`not JSON (${error instanceof Error ? error.message : String(error)})`);
    return defaultSettings();
  }
  const result = SettingsSchema.safeParse(raw);
  if (!result.success) invalid("not a JSON object of settings");
  return result.success ? result.data : defaultSettings();
}

/** Reads <data>/settings.json; a file that is there but unusable is logged and the defaults apply. */
export async function loadSettings(paths: Pick<Paths, "settingsFile">, log: EngineLog = silentLog): Promise<Settings> {
  const invalid = (why: string) => log.swallowed("settings", `${paths.settingsFile}: ${why}; using the defaults`);
  try {
    // Non-blocking, and only a regular file: a fifo here must not hang the engine's start.
    const handle = await fs.open(paths.settingsFile, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      if (!(await handle.stat()).isFile()) return defaultSettings();
      const buffer = Buffer.alloc(SETTINGS_MAX_BYTES + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (bytesRead > SETTINGS_MAX_BYTES) {
        invalid(`over ${SETTINGS_MAX_BYTES} bytes`);
        return defaultSettings();
      }
      return parseSettings(buffer.subarray(0, bytesRead).toString("utf8"), invalid);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") log.swallowed("settings", error); // absent = defaults
    return defaultSettings();
  }
}

/**
 * Merges a patch into the stored settings and writes them atomically (0600). Keys this schema does
 * not know (another front end's) are kept as they were. Returns the settings now in force.
 */
export async function saveSettings(paths: Pick<Paths, "settingsFile">, patch: SettingsPatch): Promise<Settings> {
  const existing = await readRawObject(paths.settingsFile);
  const raw = existing.ok ? existing.value : {};
  const current = SettingsSchema.parse(raw);
  const next = SettingsSchema.parse({
    ...current,
    ...patch,
    notifications: { ...current.notifications, ...(patch.notifications ?? {}) },
  });
  await fs.mkdir(path.dirname(paths.settingsFile), { recursive: true, mode: 0o700 });
  // A settings file we cannot read is the user's data too: keep it beside the new one, never lose it.
  if (!existing.ok && existing.present) {
    await fs.rename(
      paths.settingsFile,
      `${paths.settingsFile}.unreadable-${new Date().toISOString().replace(/[:.]/g, "-")}`,
    );
  }
  const tmp = `${paths.settingsFile}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(tmp, `${JSON.stringify({ ...raw, ...next }, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(tmp, paths.settingsFile);
  return next;
}

async function readRawObject(
  file: string,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; present: boolean }> {
  try {
    const info = await fs.stat(file);
    if (!info.isFile() || info.size > SETTINGS_MAX_BYTES) return { ok: false, present: info.isFile() };
    const raw: unknown = JSON.parse(await fs.readFile(file, "utf8"));
    if (typeof raw === "object" && raw !== null && !Array.isArray(raw))
      return { ok: true, value: raw as Record<string, unknown> };
    return { ok: false, present: true };
  } catch (error) {
    return { ok: false, present: (error as NodeJS.ErrnoException).code !== "ENOENT" };
  }
}
