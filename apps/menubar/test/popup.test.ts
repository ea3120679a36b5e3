// The popup page in a real headless Chromium, fed by a fake bridge carrying engine-shaped snapshots.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defaultSettings } from "@mytty-bar/engine";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { IntegrationRow } from "../src/ipc/contract.js";
import { busySnapshot, emptySnapshot } from "./fixtures/snapshots.js";
import { bridgeCalls, sharedBrowser, openPopup, outputDir, push, repoRoot } from "./helpers/popup-page.js";

const browser = sharedBrowser();

const integrations: IntegrationRow[] = [
  { id: "codex", name: "Codex", status: "installed", configPath: "/Users/alex/.codex/hooks.json" },
  { id: "claude-code", name: "Claude Code", status: "installed", configPath: "/Users/alex/.claude/settings.json" },
  {
    id: "opencode",
    name: "OpenCode",
    status: "not-installed",
    configPath: "/Users/alex/.config/opencode/plugins/mytty-bar.js",
  },
  {
    id: "antigravity",
    name: "Antigravity",
    status: "installed",
    configPath: "/Users/alex/.gemini/config/plugins/mytty-bar",
  },
  {
    id: "cursor",
    name: "Cursor",
    status: "needs-repair",
    configPath: "/Users/alex/.cursor/hooks.json",
    detail: "stop hook points at an old helper path",
  },
];

const texts = (page: Page, selector: string) => page.locator(selector).allInnerTexts();

describe("popup", () => {
  it("shows what needs you and every agent by terminal app and tab/pane", async () => {
    const { page, problems } = await openPopup(browser());
    await push(
      page,
      { type: "snapshot", snapshot: busySnapshot() },
      { type: "integrations", rows: integrations },
      { type: "settings", settings: defaultSettings() },
    );
    expect(await page.locator("#summary").innerText()).toBe("1 running · 3 need you");
    expect(await texts(page, "#attention .row .line1")).toEqual([
      "Approval · Claude Code",
      "Failure · Cursor",
      "Completed · Antigravity",
      "Input · Codex",
    ]);
    expect(await texts(page, "#attention .row .line2")).toEqual([
      "Bash: npm test — iTerm2 · ttys004 · 1m ago",
      "Model request failed — Terminal · ttys010 · 3m ago",
      "Finished after 62m — Ghostty · ttys012 · 30s ago",
      "Which branch? — iTerm2 · tmux work:1 %3 · 20m ago",
    ]);
    expect(await page.locator("#attention .row.resolved [data-action=acknowledge]").count()).toBe(0);
    expect(await page.locator("#attention .row.resolved").innerText()).toContain("resolved");
    expect(await texts(page, "#agents .group h3")).toEqual(["Ghostty", "iTerm2", "Terminal"]);
    expect(await texts(page, "#agents .place")).toEqual(["ttys012", "tmux work:1 %3", "ttys004", "ttys010"]);
    expect(await texts(page, "#agents .row .line1")).toEqual([
      "Antigravity Done · 1h 02m",
      "Codex Running · 12m",
      "Claude Code Needs approval · 4m",
      "Cursor Failed · 30m",
    ]);
    expect(await texts(page, "#agents .row .line2")).toEqual([
      "~/src/docs",
      "Editing src/rate-limit.ts — ~/src/api",
      "Bash: npm test — ~/src/api",
      "Model request failed — ~/src/web",
    ]);
    // Model and context left under each agent that reports them; Cursor reports neither, so no line.
    expect(await texts(page, "#agents .row .line3")).toEqual([
      "gemini-3-pro · 41% context left",
      "gpt-5-codex · 64% context left",
      "⚠ opus · 18% context left",
    ]);
    await page.locator("#integrations summary").click();
    await page.locator("#settings summary").click();
    await page.screenshot({ path: path.join(outputDir, "popup-light.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends acknowledge and jump to the bridge and reports a jump that could not be exact", async () => {
    const detail = "Opened Terminal without switching tabs: the tab's tty is unknown.";
    const { page } = await openPopup(browser(), { jump: { status: "app-only", host: "Terminal", detail } });
    await push(page, { type: "snapshot", snapshot: busySnapshot() });
    await page.locator('#attention [data-item="ev-approval-1"] [data-action=acknowledge]').click();
    await page.locator('#agents [data-agent="cursor-6060"] [data-action=jump]').click();
    await page.locator('[data-banner="focus"]').waitFor();
    expect(await bridgeCalls(page)).toEqual([
      ["acknowledge", "ev-approval-1"],
      ["jump", "cursor-6060"],
    ]);
    expect(await page.locator('[data-banner="focus"]').innerText()).toBe(`${detail} Dismiss`);
    await page.locator('[data-banner="focus"] [data-action=dismiss]').click();
    expect(await page.locator("[data-banner]").count()).toBe(0);
    await page.close();
  });

  it("says honestly when nothing runs and which hooks are missing, with a working Fix", async () => {
    const rows: IntegrationRow[] = integrations.map((r) =>
      r.id === "claude-code" ? { ...r, status: "not-installed" } : r,
    );
    const fixed: IntegrationRow[] = integrations;
    const { page, problems } = await openPopup(browser(), { fix: fixed });
    await push(
      page,
      { type: "snapshot", snapshot: emptySnapshot() },
      { type: "integrations", rows },
      { type: "settings", settings: defaultSettings() },
    );
    expect(await page.locator("#summary").innerText()).toBe("No agents running");
    expect(await page.locator('[data-empty="agents"]').innerText()).toBe(
      "No agents running. Start claude, codex, cursor-agent, opencode or gemini in any terminal.",
    );
    expect(await page.locator('[data-empty="attention"]').innerText()).toBe("Nothing needs you.");
    expect(await texts(page, "#attention [data-hint] span")).toEqual([
      "Claude Code hooks not installed — attention states need them",
      "Cursor hooks need repair — attention states need them",
    ]);
    await page.screenshot({ path: path.join(outputDir, "popup-empty.png"), fullPage: true });
    await page.locator('[data-hint="claude-code"] [data-action=fix]').click();
    await page.locator('[data-hint="claude-code"]').waitFor({ state: "detached" });
    expect(await bridgeCalls(page)).toEqual([["fixIntegration", "claude-code"]]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows each provider's doctor status, a diff preview and Fix only where it can help", async () => {
    const diff =
      '--- /Users/alex/.cursor/hooks.json\n+++ /Users/alex/.cursor/hooks.json\n@@ -1,3 +1,3 @@\n-    "command": "/old/mytty-bar-hook cursor stop"\n+    "command": "/data/bin/mytty-bar-hook cursor stop"';
    const { page } = await openPopup(browser(), { diff });
    await push(page, { type: "snapshot", snapshot: busySnapshot() }, { type: "integrations", rows: integrations });
    await page.locator("#integrations summary").click();
    expect(await texts(page, "#integrations .row .line1")).toEqual([
      "Codex Installed",
      "Claude Code Installed",
      "OpenCode Not installed",
      "Antigravity Installed",
      "Cursor Needs repair",
    ]);
    expect(
      await page
        .locator("#integrations [data-provider] [data-action=fix]")
        .evaluateAll((els) => els.map((e) => e.closest("[data-provider]")?.getAttribute("data-provider"))),
    ).toEqual(["opencode", "cursor"]);
    await page.locator('#integrations [data-provider="cursor"] [data-action=diff]').click();
    await page.locator("#integrations pre.diff").waitFor();
    expect(await texts(page, "#integrations pre.diff .add")).toEqual([
      '+    "command": "/data/bin/mytty-bar-hook cursor stop"',
    ]);
    expect(await texts(page, "#integrations pre.diff .del")).toEqual([
      '-    "command": "/old/mytty-bar-hook cursor stop"',
    ]);
    expect(await bridgeCalls(page)).toEqual([["diffIntegration", "cursor"]]);
    await page.close();
  });

  it("changes settings through the bridge", async () => {
    const { page } = await openPopup(browser());
    await push(
      page,
      { type: "snapshot", snapshot: emptySnapshot() },
      { type: "settings", settings: defaultSettings() },
    );
    await page.locator("#settings summary").click();
    await page.evaluate((s) => ((window as unknown as { __settings: unknown }).__settings = s), {
      ...defaultSettings(),
      notifications: { ...defaultSettings().notifications, completion: false },
    });
    await page.locator('input[name="notify-completion"]').uncheck();
    await page.locator('input[name="completionThresholdMinutes"]').fill("12");
    await page.locator('input[name="completionThresholdMinutes"]').press("Tab");
    await page.locator('select[name="pointerLanguage"]').selectOption("ja");
    await page.locator('input[name="launchAtLogin"]').check();
    await page.locator('input[name="globalShortcut"]').fill("");
    await page.locator('input[name="globalShortcut"]').press("Tab");
    expect(await bridgeCalls(page)).toEqual([
      ["setSettings", { notifications: { completion: false } }],
      ["setSettings", { completionThresholdMinutes: 12 }],
      ["setSettings", { pointerLanguage: "ja" }],
      ["setSettings", { launchAtLogin: true }],
      ["setSettings", { globalShortcut: "" }],
    ]);
    await page.close();
  });

  it("round-trips the low-context threshold: form → bridge → settings back → form and warnings", async () => {
    const { page } = await openPopup(browser());
    await push(page, { type: "snapshot", snapshot: busySnapshot() }, { type: "settings", settings: defaultSettings() });
    await page.locator("#settings summary").click();
    const field = page.locator('input[name="lowContextPercent"]');
    expect(await field.inputValue()).toBe("30");
    // What main answers with: the saved settings, which the page then shows.
    await page.evaluate((s) => ((window as unknown as { __settings: unknown }).__settings = s), {
      ...defaultSettings(),
      lowContextPercent: 45,
    });
    await field.fill("45");
    await field.press("Tab");
    await page.locator('#agents [data-agent="antigravity-7070"] [data-context="low"]').waitFor();
    expect(await bridgeCalls(page)).toEqual([["setSettings", { lowContextPercent: 45 }]]);
    expect(await page.locator('input[name="lowContextPercent"]').inputValue()).toBe("45");
    // Out of range is not sent at all.
    await page.locator('input[name="lowContextPercent"]').fill("101");
    await page.locator('input[name="lowContextPercent"]').press("Tab");
    expect(await bridgeCalls(page)).toEqual([["setSettings", { lowContextPercent: 45 }]]);
    await page.close();
  });

  it("marks low context only below the threshold, and not at all when the threshold is 0", async () => {
    const { page, problems } = await openPopup(browser());
    const marks = () =>
      page
        .locator("#agents [data-row=agent]")
        .evaluateAll((rows) =>
          rows.map((r) => [
            r.getAttribute("data-agent"),
            r.querySelector("[data-context]")?.getAttribute("data-context") ?? null,
          ]),
        );
    await push(page, { type: "snapshot", snapshot: busySnapshot() }, { type: "settings", settings: defaultSettings() });
    // Default 30 %: Claude (18 %) is low; Antigravity (41 %) and Codex (64 %) are not; Cursor reports nothing.
    expect(await marks()).toEqual([
      ["antigravity-7070", "ok"],
      ["codex-5151", "ok"],
      ["claude-code-4242", "low"],
      ["cursor-6060", null],
    ]);
    const low = page.locator('#agents [data-agent="claude-code-4242"] .context');
    expect(await low.getAttribute("title")).toBe("Only 18% context left (opus): compact or start a new session soon");
    expect(await low.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(178, 80, 0)");
    expect(
      await page.locator('#agents [data-agent="codex-5151"] .context').evaluate((el) => getComputedStyle(el).color),
    ).toBe("rgb(110, 110, 115)");
    // 18 rounds to 18, which is not below 18: the rule is "below", as in the engine.
    await push(page, { type: "settings", settings: { ...defaultSettings(), lowContextPercent: 18 } });
    expect((await marks()).filter(([, m]) => m === "low")).toEqual([]);
    await push(page, { type: "settings", settings: { ...defaultSettings(), lowContextPercent: 65 } });
    expect((await marks()).filter(([, m]) => m === "low").map(([id]) => id)).toEqual([
      "antigravity-7070",
      "codex-5151",
      "claude-code-4242",
    ]);
    await push(page, { type: "settings", settings: { ...defaultSettings(), lowContextPercent: 0 } });
    expect((await marks()).filter(([, m]) => m === "low")).toEqual([]);
    expect(await texts(page, "#agents .row .line3")).toEqual([
      "gemini-3-pro · 41% context left",
      "gpt-5-codex · 64% context left",
      "opus · 18% context left",
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("copies an agent's resume command through the bridge, by button and by C", async () => {
    const { page } = await openPopup(browser());
    await push(page, { type: "snapshot", snapshot: busySnapshot() });
    // Only agents with a known resume command get the button.
    expect(
      await page
        .locator("#agents [data-action=copy-resume]")
        .evaluateAll((els) => els.map((e) => e.closest("[data-agent]")?.getAttribute("data-agent"))),
    ).toEqual(["codex-5151", "claude-code-4242"]);
    const button = page.locator('#agents [data-agent="claude-code-4242"] [data-action=copy-resume]');
    expect(await button.getAttribute("title")).toBe("claude --resume='0b6e1c2a-5d1e-4f7a-9c3b-2e8f6a1d4c7e'");
    await button.click();
    await page.locator('#agents [data-agent="claude-code-4242"] [data-action=copy-resume]:text("Copied")').waitFor();
    await page.locator('#agents [data-agent="codex-5151"]').focus();
    await page.keyboard.press("c");
    await page.locator('#agents [data-agent="cursor-6060"]').focus();
    await page.keyboard.press("c"); // no resume command known: nothing is copied
    expect(await bridgeCalls(page)).toEqual([
      ["copyText", "claude --resume='0b6e1c2a-5d1e-4f7a-9c3b-2e8f6a1d4c7e'"],
      ["copyText", "codex resume -- '019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b'"],
    ]);
    await page.close();
  });

  it("is keyboard-navigable: arrows and j/k move, Enter jumps, A acknowledges", async () => {
    const { page } = await openPopup(browser());
    await push(page, { type: "snapshot", snapshot: busySnapshot() });
    const focused = () =>
      page.evaluate(
        () =>
          document.activeElement?.getAttribute("data-item") ??
          document.activeElement?.getAttribute("data-agent") ??
          null,
      );
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("ev-approval-1");
    await page.keyboard.press("a");
    await page.keyboard.press("j");
    expect(await focused()).toBe("ev-failure-1");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("antigravity-7070");
    await page.keyboard.press("k");
    expect(await focused()).toBe("ev-input-0");
    await page.keyboard.press("a"); // resolved: nothing to acknowledge
    // Focus survives a re-render caused by a new snapshot.
    await push(page, { type: "snapshot", snapshot: busySnapshot() });
    expect(await focused()).toBe("ev-input-0");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe("jump");
    await page.keyboard.press("Enter");
    expect(await bridgeCalls(page)).toEqual([
      ["acknowledge", "ev-approval-1"],
      ["jump", "cursor-6060"],
      ["jump", "codex-5151"],
    ]);
    await page.close();
  });

  it("is readable in dark mode", async () => {
    const { page, problems } = await openPopup(browser(), {}, "dark");
    await push(
      page,
      { type: "snapshot", snapshot: busySnapshot() },
      { type: "integrations", rows: integrations },
      { type: "settings", settings: defaultSettings() },
    );
    const colours = await page.evaluate(() => {
      const body = getComputedStyle(document.body);
      const row = getComputedStyle(document.querySelector(".row") as Element);
      return [body.backgroundColor, body.color, row.backgroundColor];
    });
    expect(colours).toEqual(["rgb(30, 30, 32)", "rgb(242, 242, 247)", "rgb(42, 42, 45)"]);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: path.join(outputDir, "popup-dark.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("waits honestly for the engine, then shows main's banners (notifications unavailable) once", async () => {
    const { page } = await openPopup(browser());
    expect(await page.locator("#summary").innerText()).toBe("Waiting for the engine…");
    const text = "Notifications cannot be shown (macOS refused the notification). Mytty Bar opens this popup instead.";
    await push(
      page,
      { type: "banner", banner: { id: "notifications-unavailable", text } },
      { type: "banner", banner: { id: "notifications-unavailable", text } },
      { type: "snapshot", snapshot: busySnapshot() },
    );
    expect(await texts(page, "[data-banner]")).toEqual([`${text} Dismiss`]);
    await page.close();
  });

  it("renders the README screenshot's popup at 2x, into docs/popup.png only when asked", async () => {
    // docs/popup.png is tracked: a test run leaves it alone; MYTTY_WRITE_SCREENSHOTS=1 refreshes it
    // (docs/development.md#the-readme-screenshot).
    const write = process.env.MYTTY_WRITE_SCREENSHOTS === "1";
    const tracked = path.join(repoRoot, "docs", "popup.png");
    const before = statSync(tracked).mtimeMs;
    const dir = mkdtempSync(path.join(os.tmpdir(), "mytty-popup-shot-"));
    try {
      const { page, problems } = await openPopup(browser());
      await push(
        page,
        { type: "snapshot", snapshot: busySnapshot() },
        { type: "integrations", rows: integrations },
        { type: "settings", settings: defaultSettings() },
      );
      expect(await page.locator("#summary").innerText()).toBe("1 running · 3 need you");
      expect(await texts(page, "#attention .row .line1")).toHaveLength(4);
      expect(await texts(page, "#agents .row .line1")).toEqual([
        "Antigravity Done · 1h 02m",
        "Codex Running · 12m",
        "Claude Code Needs approval · 4m",
        "Cursor Failed · 30m",
      ]);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const file = path.join(dir, "popup.png");
      await page.screenshot({ path: file, fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
      // The PNG's IHDR: the 380 px wide popup and its whole page, at the device scale factor of 2.
      const png = readFileSync(file);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([380 * 2, Math.max(height, 640) * 2]);
      if (write) copyFileSync(file, tracked);
      // Unasked, the tracked file keeps its mtime; asked, it was just rewritten.
      expect(statSync(tracked).mtimeMs === before).toBe(!write);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
