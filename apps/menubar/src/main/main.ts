// Electron main process: the composition root. It only constructs Electron objects and hands them to
// the setupX() modules, which take them as parameters (and are tested without Electron).
import {
  app,
  clipboard,
  dialog,
  globalShortcut,
  ipcMain,
  Menu,
  nativeImage,
  Notification,
  powerSaveBlocker,
  protocol,
  session,
  shell,
} from "electron";
import menubarModule from "menubar";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadSettings, saveSettings, type Settings, type SettingsPatch } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/paths";
import { startEngine } from "../engine-runtime.js";
import { focusAgent } from "../focus/run.js";
import { resolveToolPaths } from "../focus/hosts.js";
import { nodeCommandRunner } from "../focus/node-runner.js";
import { createIntegrations } from "../integrations.js";
import { MenubarController } from "./controller.js";
import { popupSenderCheck, PushQueue, setupIpc } from "./ipc.js";
import { setupClipboard } from "./clipboard.js";
import { setupNotifications } from "./notifications.js";
import { setupSleepBlocker } from "./power.js";
import { APP_ORIGIN, APP_SCHEME, POPUP_URL, setupAppProtocol } from "./protocol.js";
import { setupShortcut } from "./shortcut.js";
import { setupSingleInstance } from "./single-instance.js";
import { setupTray, type TrayIcon } from "./tray.js";
import { APP_NAME, APP_START_FAILED, guideWriteFailedText } from "../messages.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.resolve(here, "..", "..");
const assets = path.join(appDir, "assets");

// Must happen before `ready`: our scheme behaves like https (origin, fetch, secure context).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

function setupSecurity(): void {
  // The popup needs no camera, notifications-from-web, geolocation…: refuse every permission request.
  void app
    .whenReady()
    .then(() =>
      session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false)),
    );
  app.on("web-contents-created", (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      if (url.startsWith("https://")) void shell.openExternal(url);
      return { action: "deny" };
    });
    contents.on("will-navigate", (event, url) => {
      if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
    });
  });
}

function setupAppMenu(): void {
  // No visible menu, but ⌘C/⌘V/⌘A in the popup's inputs are routed through it.
  Menu.setApplicationMenu(Menu.buildFromTemplate([{ role: "appMenu" }, { role: "editMenu" }]));
}

function trayIcons(): Record<TrayIcon, Electron.NativeImage> {
  const load = (name: string) => {
    const image = nativeImage.createFromPath(path.join(assets, `${name}Template.png`));
    image.setTemplateImage(true);
    return image;
  };
  return { idle: load("Idle"), running: load("Running"), attention: load("Attention") };
}

async function main(): Promise<void> {
  const paths = resolvePaths();
  const controllerRef: { current?: MenubarController } = {};
  if (!setupSingleInstance(app, () => controllerRef.current?.jumpTo(undefined))) return;
  setupSecurity();
  await app.whenReady();
  app.dock?.hide();
  setupAppMenu();
  setupAppProtocol(
    protocol,
    { static: path.join(appDir, "src", "renderer"), scripts: path.join(appDir, "dist", "web") },
    (file) => readFile(file),
  );

  const mb = menubarModule.menubar({
    index: POPUP_URL,
    icon: path.join(assets, "IdleTemplate.png"),
    tooltip: APP_NAME,
    preloadWindow: true,
    browserWindow: {
      width: 380,
      height: 560,
      webPreferences: {
        preload: path.join(appDir, "dist", "preload", "preload.cjs"),
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        spellcheck: false,
      },
    },
  });
  await new Promise<void>((resolve) => mb.on("ready", () => resolve()));

  const queue = new PushQueue();
  const attachWindow = () => {
    const contents = mb.window?.webContents;
    if (!contents) return;
    queue.attach(contents);
    contents.on("did-start-loading", () => queue.reset());
  };
  mb.on("after-create-window", attachWindow);
  attachWindow();

  // Until the engine runs, settings go straight to the file; afterwards through the engine, which applies them.
  const settingsRef: { save: (patch: SettingsPatch) => Promise<Settings> } = {
    save: (patch) => saveSettings(paths, patch),
  };
  const integrations = createIntegrations(paths);
  const tools = resolveToolPaths(process.platform, existsSync);
  const runner = nodeCommandRunner();
  const controller = new MenubarController(
    {
      focus: (agent) => focusAgent(agent, { runner, platform: process.platform, tools }),
      updateTray: setupTray(mb.tray, trayIcons(), process.platform),
      sleep: setupSleepBlocker(powerSaveBlocker),
      applyShortcut: setupShortcut(globalShortcut, () => controller.jumpToMostUrgent()),
      setLoginItem: (openAtLogin) => app.setLoginItemSettings({ openAtLogin }),
      showPopup: () => void mb.showWindow(),
      copyText: setupClipboard(clipboard),
      quit: () => app.quit(),
      settings: {
        load: () => loadSettings(paths),
        save: (patch) => settingsRef.save(patch),
      },
      integrations,
      log: (message) => console.warn(message),
    },
    queue,
  );
  controllerRef.current = controller;
  setupIpc(
    ipcMain,
    popupSenderCheck(() => mb.window?.webContents, APP_ORIGIN),
    controller.handlers(),
    queue,
  );

  controller.setNotifier(
    setupNotifications({
      factory: {
        isSupported: () => Notification.isSupported(),
        actionsSupported: () => process.platform === "darwin",
        create: (options) => new Notification(options),
      },
      onClick: (notice) => controller.jumpTo(notice.agentId),
      heldRequest: (notice) => controller.heldApproval(notice),
      onAnswer: (_notice, requestId, decision) => void controller.answer(requestId, { decision }, "notification"),
      onFallback: (notice) => controller.onNotificationFallback(notice),
      onUnavailable: (reason) => controller.onNotificationsUnavailable(reason),
    }),
  );

  await integrations.writeGuide().catch((error: unknown) => console.warn(guideWriteFailedText(String(error))));
  await controller.start();
  const running = await startEngine({ paths, ports: controller.ports(), version: app.getVersion() });
  const detach = controller.attach(running.engine);
  settingsRef.save = (patch) => running.engine.updateSettings(patch);
  app.on("will-quit", () => {
    detach();
    globalShortcut.unregisterAll();
    void running.stop();
  });
}

main().catch((error: unknown) => {
  // A packaged app has no console: say it in a dialog too (e.g. another engine owns the data dir).
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${APP_START_FAILED}: ${message}`);
  if (app.isReady()) dialog.showErrorBox(APP_START_FAILED, message);
  app.exit(1);
});
