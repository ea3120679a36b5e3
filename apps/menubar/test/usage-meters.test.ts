// Usage-limit meters beside the context meter (docs/usage-meters.md): the shared view-model, the popup in
// headless Chromium (screenshot docs/usage-meters.png) and the TUI dashboard; the used/left switch flips both.
import { copyFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "ink";
import { defaultSettings, SnapshotSchema, type Snapshot } from "@mytty-bar/engine";
import { describe, expect, it } from "vitest";
import { Dashboard } from "../src/tui/dashboard.js";
import { tuiRows } from "../src/tui/model.js";
import { contextLine } from "../src/view-model/context.js";
import { resetText, usageLine } from "../src/view-model/usage.js";
import { AT, busySnapshot } from "./fixtures/snapshots.js";
import { bridgeCalls, sharedBrowser, openPopup, outputDir, push, repoRoot } from "./helpers/popup-page.js";

const at = Date.parse(AT);
const iso = (hours: number) => new Date(at + hours * 3_600_000).toISOString();
const FIVE_H = iso(2.5);
const SEVEN_D = iso(4 * 24);
// Local wall-clock times, as both the popup and the dashboard print them.
const five = resetText(FIVE_H, at)!;
const seven = resetText(SEVEN_D, at)!;

/** busySnapshot with Codex's rate limits and Claude Code's statusLine limits on their rows. */
function meteredSnapshot(): Snapshot {
  const snapshot = busySnapshot();
  const agents = snapshot.agents.map((a) =>
    a.id === "codex-5151"
      ? {
          ...a,
          usage: [
            { window: "5h", usedPercent: 38, resetsAt: FIVE_H },
            { window: "7d", usedPercent: 14, resetsAt: SEVEN_D },
          ],
        }
      : a.id === "claude-code-4242"
        ? {
            ...a,
            usage: [
              { window: "5h", usedPercent: 93.6, resetsAt: FIVE_H },
              { window: "7d", usedPercent: 41.2, resetsAt: SEVEN_D },
            ],
          }
        : a,
  );
  return SnapshotSchema.parse({ ...snapshot, agents });
}

describe("usage meters view-model", () => {
  it("says left by default, used when switched, and warns on the same number either way", () => {
    const codex = meteredSnapshot().agents.find((a) => a.id === "codex-5151")!;
    expect(usageLine(codex, "left", 10, at)?.meters.map((m) => m.text)).toEqual([
      `5 h: 62 % left · resets ${five}`,
      `7 d: 86 % left · resets ${seven}`,
    ]);
    expect(usageLine(codex, "used", 10, at)?.meters.map((m) => m.text)).toEqual([
      `5 h: 38 % used · resets ${five}`,
      `7 d: 14 % used · resets ${seven}`,
    ]);
    const claude = meteredSnapshot().agents.find((a) => a.id === "claude-code-4242")!;
    for (const display of ["left", "used"] as const) {
      expect(usageLine(claude, display, 10, at)?.warning).toBe(`Only 6% of the 5 h usage limit left (resets ${five})`);
    }
    expect(usageLine(claude, "left", 0, at)?.warning).toBeUndefined();
    expect(usageLine(claude, "left", 6, at)?.warning).toBeUndefined();
    expect(usageLine({}, "left", 10, at)).toBeUndefined();
    // After its reset time a window's reading is stale: the meter goes, never a guess.
    expect(usageLine(codex, "left", 10, Date.parse(FIVE_H) + 1)?.meters.map((m) => m.text)).toEqual([
      `7 d: 86 % left · resets ${seven}`,
    ]);
    expect(usageLine(codex, "left", 10, Date.parse(SEVEN_D))).toBeUndefined();
    expect(seven).toMatch(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d\d:\d\d$/);
    expect(contextLine({ model: "gpt-5.3-codex", mode: "plan" }, 30)?.text).toBe("gpt-5.3-codex · plan mode");
  });
});

describe("usage meters in the popup", () => {
  const browser = sharedBrowser();

  it("shows both meters with reset times, flips both to used, and marks a low window", async () => {
    const { page, problems } = await openPopup(browser());
    await push(
      page,
      { type: "snapshot", snapshot: meteredSnapshot() },
      { type: "settings", settings: defaultSettings() },
    );
    const lines = () => page.locator("#agents .row .line3").allInnerTexts();
    expect(await lines()).toEqual([
      "gemini-3-pro · 41% context left",
      "gpt-5-codex · 64% context left",
      `5 h: 62 % left · resets ${five} · 7 d: 86 % left · resets ${seven}`,
      "⚠ opus · 18% context left",
      `⚠ 5 h: 6 % left · resets ${five} · 7 d: 59 % left · resets ${seven}`,
    ]);
    const claudeUsage = page.locator('#agents [data-agent="claude-code-4242"] [data-meters=usage]');
    expect(await claudeUsage.getAttribute("title")).toBe(`Only 6% of the 5 h usage limit left (resets ${five})`);
    await page.locator("#settings summary").click();
    const file = path.join(outputDir, "usage-meters.png");
    await page.locator("#agents").screenshot({ path: file });
    copyFileSync(file, path.join(repoRoot, "docs", "usage-meters.png"));

    await push(page, { type: "settings", settings: { ...defaultSettings(), meterDisplay: "used" } });
    expect(await lines()).toEqual([
      "gemini-3-pro · 59% context used",
      "gpt-5-codex · 36% context used",
      `5 h: 38 % used · resets ${five} · 7 d: 14 % used · resets ${seven}`,
      "⚠ opus · 82% context used",
      `⚠ 5 h: 94 % used · resets ${five} · 7 d: 41 % used · resets ${seven}`,
    ]);
    expect(await page.locator("input[name=meterDisplay]").isChecked()).toBe(true);
    await page.evaluate((settings) => ((window as unknown as { __settings: unknown }).__settings = settings), {
      ...defaultSettings(),
      meterDisplay: "left",
    });
    await page.locator("input[name=meterDisplay]").click();
    expect(await bridgeCalls(page)).toEqual([["setSettings", { meterDisplay: "left" }]]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("usage meters in the TUI dashboard", () => {
  it("prints the meters on the agent rows and flips them with the same setting", () => {
    const snapshot = meteredSnapshot();
    const frame = (display: "left" | "used") =>
      renderToString(
        createElement(Dashboard, {
          snapshot,
          rows: tuiRows(snapshot),
          selectedKey: undefined,
          now: at,
          status: "",
          lowContextPercent: 30,
          meters: { display, lowUsagePercent: 10 },
        }),
        { columns: 400 },
      );
    const left = frame("left");
    expect(left).toContain(
      `gpt-5-codex · 64% context left · 5 h: 62 % left · resets ${five} · 7 d: 86 % left · resets ${seven}`,
    );
    expect(left).toContain(`⚠ opus · 18% context left · ⚠ 5 h: 6 % left · resets ${five} · 7 d: 59 % left`);
    const used = frame("used");
    expect(used).toContain(
      `gpt-5-codex · 36% context used · 5 h: 38 % used · resets ${five} · 7 d: 14 % used · resets ${seven}`,
    );
    expect(used).toContain(`⚠ opus · 82% context used · ⚠ 5 h: 94 % used`);
  });
});
