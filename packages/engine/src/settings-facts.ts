// The settings' defaults and bounds, without zod: settings.ts builds its schemas from these, and the
// popup (through @mytty-bar/engine/view) shows the same bounds on its fields and the same defaults until
// the settings arrive.
import { DEFAULT_LOW_CONTEXT_PERCENT } from "./insights/context.js";

/** The jump-to-most-urgent shortcut until the user picks another; "" turns it off. */
export const DEFAULT_GLOBAL_SHORTCUT = "CommandOrControl+Shift+J";
/** Longest accelerator string kept. */
export const GLOBAL_SHORTCUT_MAX_LENGTH = 64;

export interface SettingRange {
  min: number;
  max: number;
  default: number;
}

/** Every numeric setting: its bounds (inclusive) and its default. */
export const SETTING_RANGES = {
  /** Completions notify only when the run worked at least this long. */
  completionThresholdMinutes: { min: 0, max: 24 * 60, default: 5 },
  pollIntervalSeconds: { min: 1, max: 60, default: 2 },
  /** Low-context warning below this share of the context window left; 0 = off (insights/context.ts). */
  lowContextPercent: { min: 0, max: 100, default: DEFAULT_LOW_CONTEXT_PERCENT },
  /** Low-usage warning below this share of a provider's usage limit window left; 0 = off. */
  lowUsagePercent: { min: 0, max: 100, default: 10 },
} as const satisfies Record<string, SettingRange>;

export type RangedSetting = keyof typeof SETTING_RANGES;

export const POINTER_LANGUAGES = ["en", "ja"] as const;
export type PointerLanguage = (typeof POINTER_LANGUAGES)[number];

/** Meters (context and usage limits) show the share "left" or "used": display only. */
export const METER_DISPLAYS = ["left", "used"] as const;
export type MeterDisplay = (typeof METER_DISPLAYS)[number];
