// The popup's statusLine switch over the real installers and the real settings file, on a temp HOME:
// saving `claudeStatusLine` also installs or removes Claude Code's statusLine entry through the installer
// session, and switching it off puts the user's settings.json back byte for byte.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { defaultSettings, saveSettings } from "@mytty-bar/engine";
import { resolvePaths, statuslineRecordPath, statuslineScriptPath, type Paths } from "@mytty-bar/installers";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { Push } from "../src/ipc/contract.js";
import { createIntegrations } from "../src/integrations.js";
import { MenubarController, type Services } from "../src/main/controller.js";
import { PushQueue } from "../src/main/ipc.js";

let home: string;
let paths: Paths;

beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), "mytty-statusline-switch-"));
  paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

function controller() {
  const banners: string[] = [];
  const sent: Push[] = [];
  const noop = () => undefined;
  const services: Services = {
    focus: async () => ({ status: "nothing", host: "", detail: "" }),
    updateTray: (state) => ({ icon: state.model.icon, title: null, tooltip: "" }),
    sleep: noop,
    applyShortcut: (accelerator) => ({ accelerator, ok: true }),
    setLoginItem: noop,
    showPopup: noop,
    copyText: noop,
    quit: noop,
    settings: { load: async () => defaultSettings(), save: (patch) => saveSettings(paths, patch) },
    integrations: createIntegrations(paths, { pathVar: "/nonexistent" }),
    log: noop,
  };
  const queue = new PushQueue();
  queue.attach({
    send: (_c: string, m: unknown) => {
      sent.push(m as Push);
      if ((m as Push).type === "banner") banners.push(JSON.stringify(m));
    },
    isDestroyed: () => false,
  });
  queue.ready();
  return { handlers: new MenubarController(services, queue).handlers(), banners, sent };
}

// CRLF, tabs, a comment, no trailing newline and a user command that prints colours: all must come back.
const ORIGINAL =
  '{\r\n\t// mine\r\n\t"statusLine": { "type": "command", "command": "printf \'\\\\033[32m%s\\\\033[0m\' ok", "padding": 1 },\r\n\t"model": "opus"\r\n}';

it("switching statusLine on installs our entry (hooks untouched), switching it off restores settings.json byte for byte", async () => {
  await mkdir(path.dirname(paths.claudeSettings), { recursive: true });
  await writeFile(paths.claudeSettings, ORIGINAL);
  const { handlers, banners, sent } = controller();

  const on = await handlers["mytty:settings:set"]({ claudeStatusLine: true });
  expect(on.claudeStatusLine).toBe(true);
  const installed = await readFile(paths.claudeSettings, "utf8");
  expect(installed).toContain("mytty-bar-statusline");
  expect(installed).toContain('"padding":1');
  expect(installed).not.toContain("mytty-bar-hook"); // the switch is the statusLine only, not the hooks
  expect(existsSync(statuslineScriptPath(paths))).toBe(true);
  expect(await readFile(statuslineScriptPath(paths), "utf8")).toContain("printf");
  expect(sent.some((p) => p.type === "integrations")).toBe(true);

  const off = await handlers["mytty:settings:set"]({ claudeStatusLine: false });
  expect(off.claudeStatusLine).toBe(false);
  expect((await readFile(paths.claudeSettings)).toString("latin1")).toBe(Buffer.from(ORIGINAL).toString("latin1"));
  expect(existsSync(statuslineScriptPath(paths))).toBe(false);
  expect(existsSync(statuslineRecordPath(paths))).toBe(false);
  expect(banners).toEqual([]);
});

it("switching on without a settings.json creates one, and switching off deletes it again", async () => {
  const { handlers } = controller();
  await handlers["mytty:settings:set"]({ claudeStatusLine: true });
  expect(await readFile(paths.claudeSettings, "utf8")).toContain("mytty-bar-statusline");
  await handlers["mytty:settings:set"]({ claudeStatusLine: false });
  expect(existsSync(paths.claudeSettings)).toBe(false);
});

it("a settings.json it cannot parse is left alone and the popup gets a banner; the setting is still saved", async () => {
  await mkdir(path.dirname(paths.claudeSettings), { recursive: true });
  await writeFile(paths.claudeSettings, '{ "statusLine": oops\n');
  const { handlers, banners } = controller();
  const saved = await handlers["mytty:settings:set"]({ claudeStatusLine: true });
  expect(saved.claudeStatusLine).toBe(true);
  expect(await readFile(paths.claudeSettings, "utf8")).toBe('{ "statusLine": oops\n');
  expect(banners.join("\n")).toContain("statusLine was not changed");
  expect(banners.join("\n")).toContain(paths.claudeSettings);
});
