// The popup's Allow / Deny / options end to end: the real popup page in headless Chromium, the real main
// side (controller, IPC with its sender check and zod), the real engine on a temp HOME, and the real
// Claude Code PermissionRequest hook command `mytty-doctor install claude-code` wrote, run as Claude Code
// runs it (`sh -c`) with a fixture payload. The held hook must print the decision the popup gave.
import { execFile, spawn } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { resolvePaths } from "@mytty-bar/paths";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEngine, type RunningEngine } from "../src/engine-runtime.js";
import { MenubarController, type Services } from "../src/main/controller.js";
import { PushQueue } from "../src/main/ipc.js";
import { openLivePopup } from "./helpers/popup-live.js";
import { assertRendererBuilt, launchBrowser, repoRoot, type PopupSession } from "./helpers/popup-page.js";

const run = promisify(execFile);
const DOCTOR = path.join(repoRoot, "apps/doctor/bin/mytty-doctor.js");
const fixture = (name: string) => readFileSync(path.join(repoRoot, "fixtures/payloads/claude-code", name));

let session: PopupSession;
let home: string;
let env: NodeJS.ProcessEnv;
let hookCommand: string;
let running: RunningEngine;
let page: Page;
let dispose: () => void;
const savedScope = process.env.MYTTY_BAR_SCAN_UNDER;

beforeAll(async () => {
  assertRendererBuilt();
  home = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-popup-live-"));
  env = { ...process.env, HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data"), XDG_CONFIG_HOME: "" };
  delete env.CLAUDE_CONFIG_DIR;
  await run(process.execPath, [DOCTOR, "install", "claude-code", "--no-pointers"], { env });
  const settings = JSON.parse(await fs.readFile(path.join(home, ".claude/settings.json"), "utf8")) as {
    hooks: Record<string, { hooks: { command: string }[] }[]>;
  };
  hookCommand = settings.hooks.PermissionRequest![0]!.hooks[0]!.command;

  // The engine sees only this test's own processes (docs/development.md).
  process.env.MYTTY_BAR_SCAN_UNDER = String(process.pid);
  const queue = new PushQueue();
  const services = {
    updateTray: () => ({ icon: "idle", title: null, tooltip: "" }),
    log: () => undefined,
  } as unknown as Services;
  const controller = new MenubarController(services, queue);
  running = await startEngine({ paths: resolvePaths({ env }), ports: controller.ports() });
  controller.attach(running.engine);
  session = await launchBrowser();
  ({ page, dispose } = await openLivePopup(session.browser, controller.handlers(), queue));
});

afterAll(async () => {
  dispose?.();
  await session?.close();
  await running?.stop();
  if (savedScope === undefined) delete process.env.MYTTY_BAR_SCAN_UNDER;
  else process.env.MYTTY_BAR_SCAN_UNDER = savedScope;
  await fs.rm(home, { recursive: true, force: true });
});

/** Runs the installed hook command as Claude Code does; resolves with its stdout and exit code. */
function runHook(payload: Buffer): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", hookCommand], { env, stdio: ["pipe", "pipe", "ignore"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ stdout, code }));
    child.stdin.end(payload);
  });
}

/** The agent row's answer panel once the engine holds the request. */
async function heldPanel(id: string) {
  const panel = page.locator(`#agents .answer[data-request]`);
  await expect.poll(() => panel.count(), { timeout: 10_000 }).toBe(1);
  expect(await panel.getAttribute("data-request")).not.toBe(id);
  return panel;
}

const decision = (behavior: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior, ...extra } } });

describe("popup → engine → held Claude Code hook", () => {
  let last = "";

  it("Allow releases the held hook with the allow decision, and the row says so", async () => {
    const hook = runHook(fixture("PermissionRequest.json"));
    const panel = await heldPanel(last);
    last = (await panel.getAttribute("data-request")) ?? "";
    expect(await panel.locator(".answer-what").innerText()).toMatch(/^Bash: /u);
    await panel.locator("[data-action=allow]").click();
    expect(await hook).toEqual({ stdout: decision("allow"), code: 0 });
    await expect.poll(() => page.locator("#agents .answer.answered").innerText()).toBe("Allowed from Mytty Bar");
  });

  it("Deny releases it with the deny decision and a reason for the agent", async () => {
    const hook = runHook(fixture("PermissionRequest.json"));
    const panel = await heldPanel(last);
    last = (await panel.getAttribute("data-request")) ?? "";
    await panel.locator("[data-action=deny]").click();
    expect(await hook).toEqual({
      stdout: decision("deny", { message: "Denied by the user from Mytty Bar." }),
      code: 0,
    });
    await expect.poll(() => page.locator("#agents .answer.answered").innerText()).toBe("Denied from Mytty Bar");
  });

  it("Answer in terminal releases it with nothing on stdout", async () => {
    const hook = runHook(fixture("PermissionRequest.json"));
    const panel = await heldPanel(last);
    last = (await panel.getAttribute("data-request")) ?? "";
    await panel.locator("[data-action=terminal]").click();
    expect(await hook).toEqual({ stdout: "", code: 0 });
  });

  it("an AskUserQuestion option answers the question: allow with the original questions and the answer", async () => {
    const payload = fixture("PermissionRequest-AskUserQuestion.json");
    const hook = runHook(payload);
    const panel = await heldPanel(last);
    expect(await panel.locator("button").allInnerTexts()).toEqual(["Keep", "Rename", "Answer in terminal"]);
    await panel.locator("[data-action=option][data-label=Rename]").click();
    const input = (JSON.parse(payload.toString("utf8")) as { tool_input: Record<string, unknown> }).tool_input;
    expect(await hook).toEqual({
      stdout: decision("allow", { updatedInput: { ...input, answers: { "Keep the old module name?": "Rename" } } }),
      code: 0,
    });
  });
});
