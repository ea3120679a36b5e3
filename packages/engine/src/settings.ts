// <data>/settings.json: read by the engine, read and written by the menu bar through these functions.
// Every field falls back to its default on its own, so one bad value never resets the others.
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ANSWER_WAIT_DEFAULT_SECONDS, ANSWER_WAIT_MAX_SECONDS } from "@mytty-bar/protocol";
import { readRegularFile, type Paths } from "@mytty-bar/paths";
import { silentLog, type EngineLog } from "./log.js";
import {
  DEFAULT_GLOBAL_SHORTCUT,
  GLOBAL_SHORTCUT_MAX_LENGTH,
  METER_DISPLAYS,
  POINTER_LANGUAGES,
  SETTING_RANGES,
  type RangedSetting,
} from "./settings-facts.js";

/** At most this many watched hosts: each holds one ssh session open. */
export const REMOTES_MAX = 32;

const flag = (fallback: boolean) => z.boolean().catch(fallback).default(fallback);
const bounded = (name: RangedSetting) => z.number().min(SETTING_RANGES[name].min).max(SETTING_RANGES[name].max);
const ranged = (name: RangedSetting) =>
  bounded(name).catch(SETTING_RANGES[name].default).default(SETTING_RANGES[name].default);
const shortcut = () => z.string().max(GLOBAL_SHORTCUT_MAX_LENGTH);

export const NotificationSettingsSchema = z.object({
  approval: flag(true),
  input: flag(true),
  failure: flag(true),
  completion: flag(true),
});

/** The fields' meanings are in settings-facts.ts; here every field falls back to its default on its own. */
export const SettingsSchema = z.object({
  notifications: NotificationSettingsSchema.catch(NotificationSettingsSchema.parse({})).default(
    NotificationSettingsSchema.parse({}),
  ),
  completionThresholdMinutes: ranged("completionThresholdMinutes"),
  /** Hold a sleep blocker while any agent is running. */
  preventSleep: flag(true),
  pollIntervalSeconds: ranged("pollIntervalSeconds"),
  lowContextPercent: ranged("lowContextPercent"),
  meterDisplay: z.enum(METER_DISPLAYS).catch("left").default("left"),
  lowUsagePercent: ranged("lowUsagePercent"),
  /** Route Claude Code's statusLine through Mytty for its usage limits (mytty-doctor reads it; opt-in). */
  claudeStatusLine: flag(false),
  pointerLanguage: z.enum(POINTER_LANGUAGES).catch("en").default("en"),
  launchAtLogin: flag(false),
  /** Write SKILL.md / AGENTS.md pointers on install (read by mytty-doctor). */
  pointers: flag(true),
  /**
   * Electron accelerator string; "" = none. Anything else (null, written by earlier versions when the
   * user had not chosen) falls back to the default, which is what null meant to the menu bar.
   */
  globalShortcut: shortcut().catch(DEFAULT_GLOBAL_SHORTCUT).default(DEFAULT_GLOBAL_SHORTCUT),
  /**
   * How long a Claude Code / Codex PermissionRequest hook holds the request for an answer from Mytty Bar before
   * the agent shows its own prompt; 0 = never hold (docs/answering.md).
   */
  answerWaitSeconds: z
    .number()
    .int()
    .min(0)
    .max(ANSWER_WAIT_MAX_SECONDS)
    .catch(ANSWER_WAIT_DEFAULT_SECONDS)
    .default(ANSWER_WAIT_DEFAULT_SECONDS),
  /** Let control-socket clients (scripts, agents) answer held requests; never a request of the caller's own pane. */
  allowAgentAnswers: flag(false),
  /**
   * Hosts watched over the user's ssh (`mytty-bar remote add`), as given: `devbox`, `docker://web`
   * (docs/remote.md#watching-a-host). Each is checked again where it is used.
   */
  remotes: z.array(z.string().min(1).max(255)).max(REMOTES_MAX).catch([]).default([]),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * A change a front end asks for (the popup through IPC): the same fields and bounds, but strict — a
 * value out of range or a key this schema does not know is refused, never replaced by a default.
 */
export const SettingsPatchSchema = z
  .object({
    notifications: z
      .object({ approval: z.boolean(), input: z.boolean(), failure: z.boolean(), completion: z.boolean() })
      .partial()
      .strict(),
    completionThresholdMinutes: bounded("completionThresholdMinutes"),
    preventSleep: z.boolean(),
    pollIntervalSeconds: bounded("pollIntervalSeconds"),
    lowContextPercent: bounded("lowContextPercent"),
    meterDisplay: z.enum(METER_DISPLAYS),
    lowUsagePercent: bounded("lowUsagePercent"),
    claudeStatusLine: z.boolean(),
    pointerLanguage: z.enum(POINTER_LANGUAGES),
    launchAtLogin: z.boolean(),
    pointers: z.boolean(),
    globalShortcut: shortcut(),
    answerWaitSeconds: z.number().int().min(0).max(ANSWER_WAIT_MAX_SECONDS),
    allowAgentAnswers: z.boolean(),
    remotes: z.array(z.string().min(1).max(255)).max(REMOTES_MAX),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

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
  // Non-blocking, and only a regular file: a fifo here must not hang the engine's start.
  const read = await readRegularFile(paths.settingsFile, { maxBytes: SETTINGS_MAX_BYTES });
  if (read.kind === "file") return parseSettings(read.bytes.toString("utf8"), invalid);
  if (read.kind === "too-large") invalid(`over ${SETTINGS_MAX_BYTES} bytes`);
  if (read.kind === "unreadable") log.swallowed("settings", `${paths.settingsFile}: cannot be read (${read.code})`);
  return defaultSettings(); // absent or not a regular file: the defaults
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
  const read = await readRegularFile(file, { maxBytes: SETTINGS_MAX_BYTES });
  if (read.kind !== "file") return { ok: false, present: read.kind === "too-large" || read.kind === "unreadable" };
  try {
    const raw: unknown = JSON.parse(read.bytes.toString("utf8"));
    if (typeof raw === "object" && raw !== null && !Array.isArray(raw))
      return { ok: true, value: raw as Record<string, unknown> };
  } catch {
    // not JSON: present but unusable, as below
  }
  return { ok: false, present: true };
}
