// Real Codex asks to run a command outside its sandbox, and the answer comes from the menu bar's popup:
// the real popup page in headless Chromium, the real main side (controller, IPC with its sender check
// and zod) and the engine in this process, on the world's HOME. Allow lets Codex really run the
// command; Deny makes it refuse. Only Electron's transport is replaced (apps/menubar/test/helpers).
import { existsSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEngine, type RunningEngine } from "../../apps/menubar/src/engine-runtime.js";
import { MenubarController, type Services } from "../../apps/menubar/src/main/controller.js";
import { PushQueue } from "../../apps/menubar/src/main/ipc.js";
import { openLivePopup } from "../../apps/menubar/test/helpers/popup-live.js";
import { assertRendererBuilt, launchBrowser, type PopupSession } from "../../apps/menubar/test/helpers/popup-page.js";
import { until } from "../engine-harness.js";
import { measured, type AgentPane } from "./support/real-world.js";
import { CodexWorld } from "./support/codex-session.js";

const AGENT = "codex";

describe("Codex 0.171: an approval answered from the popup", () => {
  let codex: CodexWorld;
  let pane: AgentPane;
  let running: RunningEngine;
  let session: PopupSession;
  let page: Page;
  let dispose: () => void;

  beforeAll(async () => {
    assertRendererBuilt();
    codex = await CodexWorld.create({ config: { approvalPolicy: "on-request" } });
    // The menu bar runs the engine itself: the world's headless one makes way for it.
    await codex.world.engine.stop();
    const queue = new PushQueue();
    const services = { updateTray: () => ({ icon: "idle", title: null, tooltip: "" }), log: () => undefined };
    const controller = new MenubarController(services as unknown as Services, queue);
    running = await startEngine({ paths: codex.world.paths, ports: controller.ports() });
    controller.attach(running.engine);
    session = await launchBrowser();
    ({ page, dispose } = await openLivePopup(session.browser, controller.handlers(), queue));
    pane = await codex.start();
  }, 120_000);

  afterAll(async () => {
    dispose?.();
    await session?.close();
    await codex?.close();
    await running?.stop();
  }, 60_000);

  async function answer(file: string, action: "allow" | "deny", scenario: string): Promise<void> {
    const before = codex.standIn.turns().length;
    codex.standIn.script.queue(
      {
        kind: "tool",
        name: "exec_command",
        input: { cmd: `touch ${file}`, sandbox_permissions: "require_escalated", justification: "The user asked" },
      },
      { kind: "text", text: `Finished with ${file}.` },
    );
    const shown = await codex.submit(pane, `please make ${file}`);
    const panel = page.locator("#agents .answer[data-request]");
    const seen = await until(
      async () => ((await panel.count()) === 1 ? Date.now() : undefined),
      30_000,
      "the popup's answer panel",
    );
    measured(AGENT, scenario, "screen→popup answer panel", shown, seen);
    expect(await panel.locator(".answer-what").innerText()).toContain(`touch ${file}`);
    await panel.locator(`[data-action=${action}]`).click();
    const clicked = Date.now();
    // Codex moves on: the command's result goes back to the model as the next request.
    await codex.movedOn(pane, before, clicked, scenario);
  }

  it("Allow in the popup lets Codex run the command", async () => {
    await answer("allowed-in-popup", "allow", "popup-allow");
    expect(existsSync(path.join(codex.project, "allowed-in-popup"))).toBe(true);
  }, 120_000);

  it("Deny in the popup makes Codex refuse it", async () => {
    await answer("denied-in-popup", "deny", "popup-deny");
    expect(existsSync(path.join(codex.project, "denied-in-popup"))).toBe(false);
  }, 120_000);
});
