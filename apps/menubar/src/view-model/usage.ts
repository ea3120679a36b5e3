// Usage-limit meters for an agent row ("5 h: 62 % left · resets 14:00") and the low-usage warning,
// shared by the popup and the TUI dashboard. The reading is always "left" underneath; `display: "used"`
// only changes the words, so the warning compares the same number either way (docs/usage-meters.md).
import type { AgentRow, MeterDisplay } from "@mytty-bar/engine/view";
import { lowUsageText, resetsText, shareText, WEEKDAYS } from "../messages.js";

export interface UsageMeter {
  /** "5 h: 62 % left · resets 14:00". */
  text: string;
  /** Share left, rounded as the warning compares it. */
  leftPercent: number;
  low: boolean;
}

export interface UsageLine {
  meters: UsageMeter[];
  /** One sentence when any window is below the threshold. */
  warning?: string;
}

type Window = NonNullable<AgentRow["usage"]>[number];

/** "5h" → "5 h", "7d" → "7 d". */
const spaced = (window: string) => window.replace(/^(\d+)([a-z]+)$/, "$1 $2");

const pad = (n: number) => String(n).padStart(2, "0");

/** Local "14:00" when the reset is within a day, else "Sat 09:00". */
export function resetText(resetsAt: string, now: number): string | undefined {
  const at = Date.parse(resetsAt);
  if (!Number.isFinite(at)) return undefined;
  const d = new Date(at);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return at - now < 24 * 3_600_000 ? time : `${WEEKDAYS[d.getDay()]} ${time}`;
}

export function usageMeter(w: Window, display: MeterDisplay, lowUsagePercent: number, now: number): UsageMeter {
  const leftPercent = Math.max(0, Math.min(100, Math.round(100 - w.usedPercent)));
  const reset = w.resetsAt !== undefined ? resetText(w.resetsAt, now) : undefined;
  const text = `${spaced(w.window)}: ${shareText(leftPercent, display)}${reset !== undefined ? ` · ${resetsText(reset)}` : ""}`;
  return { text, leftPercent, low: lowUsagePercent > 0 && leftPercent < lowUsagePercent };
}

/** The row's usage meters; undefined when no local source reported any (never a guess). */
export function usageLine(
  agent: Pick<AgentRow, "usage">,
  display: MeterDisplay,
  lowUsagePercent: number,
  now: number,
): UsageLine | undefined {
  // A window whose reset time has passed has reset: its old reading would be a guess, so it is left out.
  const windows = (agent.usage ?? []).filter((w) => w.resetsAt === undefined || !(Date.parse(w.resetsAt) <= now));
  if (windows.length === 0) return undefined;
  const meters = windows.map((w) => usageMeter(w, display, lowUsagePercent, now));
  const worst = meters.filter((m) => m.low).sort((a, b) => a.leftPercent - b.leftPercent)[0];
  if (worst === undefined) return { meters };
  const window = windows[meters.indexOf(worst)]!;
  const reset = window.resetsAt !== undefined ? resetText(window.resetsAt, now) : undefined;
  return {
    meters,
    warning: lowUsageText(worst.leftPercent, spaced(window.window), reset),
  };
}
