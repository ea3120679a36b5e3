// The popup's answer panel in real headless Chromium, fed engine-shaped rows through the fake bridge:
// which buttons a held approval or question gets, that the tool input is shown as text only, and
// what the row says after an answer.
import type { Snapshot } from "@mytty-bar/engine";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { HeldRequest as HeldRequestView } from "@mytty-bar/engine";
import { busySnapshot, claudeApproval } from "./fixtures/snapshots.js";
import { bridgeCalls, sharedBrowser, openPopup, push } from "./helpers/popup-page.js";

const browser = sharedBrowser();

function withAgent(extra: Record<string, unknown>): Snapshot {
  const snapshot = busySnapshot();
  snapshot.agents = snapshot.agents.map((a) => (a.id === claudeApproval.id ? { ...a, ...extra } : a));
  return snapshot;
}

const approval: HeldRequestView = {
  id: "req-1",
  kind: "approval",
  tool: "Bash",
  summary: "rm -rf build && npm test",
  heldUntil: Date.now() + 30_000,
};

const panel = (page: Page, where: "attention" | "agents") => page.locator(`#${where} .answer[data-request]`);

describe("popup answer panel", () => {
  it("offers Allow / Deny / Answer in terminal with the tool and its input, in both lists", async () => {
    const { page, problems } = await openPopup(browser());
    await push(page, { type: "snapshot", snapshot: withAgent({ request: approval }) });
    for (const where of ["attention", "agents"] as const) {
      await expect.poll(() => panel(page, where).count()).toBe(1);
      expect(await panel(page, where).locator(".answer-what").innerText()).toBe("Bash: rm -rf build && npm test");
      expect(await panel(page, where).locator("button").allInnerTexts()).toEqual([
        "Allow",
        "Deny",
        "Answer in terminal",
      ]);
    }
    await panel(page, "attention").locator("[data-action=allow]").click();
    await panel(page, "agents").locator("[data-action=terminal]").click();
    expect(await bridgeCalls(page)).toEqual([
      ["answer", "req-1", { decision: "allow" }],
      ["answer", "req-1", { decision: "terminal" }],
    ]);
    // The clicked panel's buttons are disabled: a double click cannot send a second answer.
    expect(await panel(page, "attention").locator("button:disabled").count()).toBe(3);
    expect(problems).toEqual([]);
  });

  it("renders the tool input as text, never as markup, and cuts it safely", async () => {
    const { page } = await openPopup(browser());
    const hostile = `<img src=x onerror="document.title='pwned'">\u001b[31m\u202e${"x".repeat(400)}`;
    await push(page, { type: "snapshot", snapshot: withAgent({ request: { ...approval, summary: hostile } }) });
    const what = panel(page, "agents").locator(".answer-what");
    await expect.poll(() => what.count()).toBe(1);
    expect(await page.locator("#agents .answer img").count()).toBe(0);
    const text = await what.innerText();
    // The colour escape goes whole (no "[31m" left), the bidi override becomes a space.
    expect(text.startsWith("Bash: <img src=x onerror=\"document.title='pwned'\"> xxx")).toBe(true);
    expect(text).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect([...text].length).toBe("Bash: ".length + 300);
    expect(text.endsWith("…")).toBe(true);
    expect(await page.title()).toBe("Mytty Bar");
  });

  it("offers a question's options as buttons and answers with the chosen label", async () => {
    const { page } = await openPopup(browser());
    const question: HeldRequestView = {
      id: "req-q",
      kind: "question",
      tool: "AskUserQuestion",
      summary: "Keep the old module name?",
      options: [{ label: "Keep" }, { label: "Rename", description: "Use billing-core" }],
      heldUntil: Date.now() + 30_000,
    };
    await push(page, { type: "snapshot", snapshot: withAgent({ state: "waiting-input", request: question }) });
    await expect.poll(() => panel(page, "agents").count()).toBe(1);
    expect(await panel(page, "agents").locator(".answer-what").innerText()).toBe("Question: Keep the old module name?");
    expect(await panel(page, "agents").locator("button").allInnerTexts()).toEqual([
      "Keep",
      "Rename",
      "Answer in terminal",
    ]);
    await panel(page, "agents").locator("[data-action=option][data-label=Rename]").click();
    expect(await bridgeCalls(page)).toEqual([["answer", "req-q", { decision: "option", label: "Rename" }]]);
  });

  it("shows a question without options and hands it to the terminal only", async () => {
    const { page } = await openPopup(browser());
    const open: HeldRequestView = {
      ...approval,
      id: "req-o",
      kind: "question",
      summary: "What should the file be called?",
    };
    await push(page, { type: "snapshot", snapshot: withAgent({ request: open }) });
    await expect.poll(() => panel(page, "agents").count()).toBe(1);
    expect(await panel(page, "agents").locator("button").allInnerTexts()).toEqual(["Answer in terminal"]);
  });

  it("says who answered until the run moves on, and shows a refusal", async () => {
    const { page } = await openPopup(browser(), {
      answer: { ok: false, reason: "answered", message: "already answered" },
    });
    await push(page, { type: "snapshot", snapshot: withAgent({ request: approval }) });
    await panel(page, "agents").locator("[data-action=deny]").click();
    await expect
      .poll(() => page.locator("[data-banner=error]").innerText())
      .toContain("Not answered: already answered");
    await push(page, {
      type: "snapshot",
      snapshot: withAgent({ answered: { by: "popup", decision: "allow", at: Date.now() } }),
    });
    await expect.poll(() => page.locator("#agents .answer.answered").innerText()).toBe("Allowed from Mytty Bar");
    expect(await page.locator("#agents .answer [data-action]").count()).toBe(0);
    await push(page, {
      type: "snapshot",
      snapshot: withAgent({ answered: { by: "notification", decision: "deny", at: 1 } }),
    });
    await expect.poll(() => page.locator("#agents .answer.answered").innerText()).toBe("Denied from Mytty Bar");
    await push(page, { type: "snapshot", snapshot: busySnapshot() });
    await expect.poll(() => page.locator(".answer").count()).toBe(0);
  });
});
