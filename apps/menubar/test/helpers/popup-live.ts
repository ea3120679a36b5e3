// The real popup page wired to a real main side: window.myttyBar forwards every call, as the preload does,
// to the IPC handlers setupIpc registered (sender check and zod validation included), and main's pushes
// reach the page. Only Electron's transport is replaced, by Playwright's exposeFunction.
import type { BrowserContext, Page } from "playwright-core";
import type { PushQueue } from "../../src/main/ipc.js";
import { popupSenderCheck, setupIpc, type Handlers, type InvokeEventLike } from "../../src/main/ipc.js";
import { APP_ORIGIN } from "../../src/main/protocol.js";
import { POPUP_TEST_URL, servePopupFiles } from "./popup-page.js";

type Listener = (event: InvokeEventLike, ...args: unknown[]) => unknown;

export async function openLivePopup(
  browser: BrowserContext,
  handlers: Handlers,
  queue: PushQueue,
): Promise<{ page: Page; problems: string[]; dispose(): void }> {
  const registered = new Map<string, Listener>();
  const ipcMain = {
    handle: (channel: string, listener: Listener) => void registered.set(channel, listener),
    removeHandler: (channel: string) => void registered.delete(channel),
  };
  const popup = { id: "live-popup" };
  const ipc = setupIpc(
    ipcMain,
    popupSenderCheck(() => popup, APP_ORIGIN),
    handlers,
    queue,
  );
  const fromPopup: InvokeEventLike = { sender: popup, senderFrame: { url: `${APP_ORIGIN}/popup.html` } };

  const page = await browser.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await servePopupFiles(page);
  await page.exposeFunction("__myttyInvoke", async (channel: string, args: unknown[]) => {
    const listener = registered.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return await listener(fromPopup, ...args);
  });
  queue.attach({
    send: (_channel, message) =>
      void page
        .evaluate((m) => (window as unknown as { __push(p: unknown): void }).__push(m), message)
        .catch(() => undefined), // the page closed: nothing to deliver to
    isDestroyed: () => page.isClosed(),
  });
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    // Looked up per call: Playwright installs the binding alongside this script.
    const invoke = (channel: string, args: unknown[]) =>
      (w.__myttyInvoke as (c: string, a: unknown[]) => Promise<unknown>)(channel, args);
    const listeners: ((p: unknown) => void)[] = [];
    w.__push = (p: unknown) => listeners.forEach((l) => l(p));
    const call =
      (channel: string) =>
      (...args: unknown[]) =>
        invoke(channel, args);
    w.myttyBar = Object.freeze({
      ready: call("mytty:ready"),
      onPush: (l: (p: unknown) => void) => (listeners.push(l), () => listeners.splice(listeners.indexOf(l), 1)),
      acknowledge: call("mytty:acknowledge"),
      jump: call("mytty:jump"),
      setSettings: call("mytty:settings:set"),
      refreshIntegrations: call("mytty:integrations:refresh"),
      diffIntegration: call("mytty:integrations:diff"),
      fixIntegration: call("mytty:integrations:fix"),
      copyText: call("mytty:copyText"),
      answer: call("mytty:answer"),
      quit: call("mytty:quit"),
    });
  });
  await page.goto(POPUP_TEST_URL);
  return { page, problems, dispose: () => ipc.dispose() };
}
