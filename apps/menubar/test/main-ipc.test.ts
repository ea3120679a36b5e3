// IPC allow-list, sender validation and the ready queue, with a fake ipcMain (no Electron here).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INVOKE_CHANNELS, PUSH_CHANNEL, type Push } from "../src/ipc/contract.js";
import { popupSenderCheck, PushQueue, setupIpc, type Handlers, type InvokeEventLike } from "../src/main/ipc.js";
import { APP_ORIGIN } from "../src/main/protocol.js";
import { busySnapshot, emptySnapshot } from "./fixtures/snapshots.js";

type Listener = (event: InvokeEventLike, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle: (channel: string, listener: Listener) => void handlers.set(channel, listener),
    removeHandler: (channel: string) => void handlers.delete(channel),
  };
}

function fakeContents() {
  const sent: unknown[][] = [];
  return { sent, destroyed: false, send: (...args: unknown[]) => void sent.push(args), isDestroyed() { return this.destroyed; } };
}

function recordingHandlers() {
  const calls: [string, unknown[]][] = [];
  const rec = (name: string, result: unknown) => (...args: unknown[]) => (calls.push([name, args]), result);
  const handlers = {
    "mytty:ready": rec("ready", undefined),
    "mytty:acknowledge": rec("acknowledge", true),
    "mytty:jump": rec("jump", { status: "exact", host: "iTerm2", detail: "ok" }),
    "mytty:settings:set": rec("settings", {}),
    "mytty:integrations:refresh": rec("refresh", []),
    "mytty:integrations:diff": rec("diff", ""),
    "mytty:integrations:fix": rec("fix", []),
    "mytty:quit": rec("quit", undefined),
  } as unknown as Handlers;
  return { calls, handlers };
}

const popup = { id: "popup-webcontents" };
const fromPopup: InvokeEventLike = { sender: popup, senderFrame: { url: `${APP_ORIGIN}/popup.html` } };

describe("setupIpc", () => {
  it("registers exactly the allow-listed channels and removes them on dispose", () => {
    const ipc = fakeIpcMain();
    const setup = setupIpc(ipc, () => true, recordingHandlers().handlers);
    expect([...ipc.handlers.keys()]).toEqual([...INVOKE_CHANNELS]);
    setup.dispose();
    expect(ipc.handlers.size).toBe(0);
  });

  it("forwards validated arguments from the popup", async () => {
    const ipc = fakeIpcMain();
    const { calls, handlers } = recordingHandlers();
    setupIpc(ipc, popupSenderCheck(() => popup, APP_ORIGIN), handlers);
    expect(await ipc.handlers.get("mytty:acknowledge")?.(fromPopup, "ev-approval-1")).toBe(true);
    expect(await ipc.handlers.get("mytty:jump")?.(fromPopup, "claude-code-4242")).toEqual({ status: "exact", host: "iTerm2", detail: "ok" });
    await ipc.handlers.get("mytty:settings:set")?.(fromPopup, { notifications: { completion: false }, completionThresholdMinutes: 10 });
    expect(calls).toEqual([
      ["acknowledge", ["ev-approval-1"]],
      ["jump", ["claude-code-4242"]],
      ["settings", [{ notifications: { completion: false }, completionThresholdMinutes: 10 }]],
    ]);
  });

  it("refuses other senders: another webContents, another origin, a missing frame", async () => {
    const ipc = fakeIpcMain();
    const { calls, handlers } = recordingHandlers();
    setupIpc(ipc, popupSenderCheck(() => popup, APP_ORIGIN), handlers);
    const ack = ipc.handlers.get("mytty:acknowledge");
    await expect(async () => ack?.({ sender: { id: "other" }, senderFrame: { url: `${APP_ORIGIN}/popup.html` } }, "x")).rejects.toThrow("refused mytty:acknowledge: unexpected sender");
    await expect(async () => ack?.({ sender: popup, senderFrame: { url: "https://evil.example/popup.html" } }, "x")).rejects.toThrow("unexpected sender");
    await expect(async () => ack?.({ sender: popup, senderFrame: null }, "x")).rejects.toThrow("unexpected sender");
    expect(calls).toEqual([]);
  });

  it("refuses malformed arguments before any handler runs", async () => {
    const ipc = fakeIpcMain();
    const { calls, handlers } = recordingHandlers();
    setupIpc(ipc, () => true, handlers);
    await expect(async () => ipc.handlers.get("mytty:acknowledge")?.(fromPopup, 42)).rejects.toThrow("refused mytty:acknowledge: invalid arguments");
    await expect(async () => ipc.handlers.get("mytty:integrations:fix")?.(fromPopup, "../../etc")).rejects.toThrow("invalid arguments");
    await expect(async () => ipc.handlers.get("mytty:settings:set")?.(fromPopup, { pollIntervalSeconds: 0.1 })).rejects.toThrow("invalid arguments");
    await expect(async () => ipc.handlers.get("mytty:settings:set")?.(fromPopup, { evil: true })).rejects.toThrow("invalid arguments");
    await expect(async () => ipc.handlers.get("mytty:quit")?.(fromPopup, "extra")).rejects.toThrow("invalid arguments");
    expect(calls).toEqual([]);
  });

  it("queues pushes until the page says ready, keeping the newest of each kind", async () => {
    const ipc = fakeIpcMain();
    const contents = fakeContents();
    const { queue } = setupIpc(ipc, () => true, recordingHandlers().handlers);
    queue.attach(contents);
    const first: Push = { type: "snapshot", snapshot: emptySnapshot() };
    const second: Push = { type: "snapshot", snapshot: busySnapshot() };
    const banner: Push = { type: "banner", banner: { id: "focus", text: "x" } };
    const other: Push = { type: "banner", banner: { id: "notifications-unavailable", text: "y" } };
    queue.push(first);
    queue.push(banner);
    queue.push(other);
    queue.push(second);
    expect(contents.sent).toEqual([]);
    await ipc.handlers.get("mytty:ready")?.(fromPopup);
    expect(contents.sent).toEqual([
      [PUSH_CHANNEL, banner],
      [PUSH_CHANNEL, other],
      [PUSH_CHANNEL, second],
    ]);
    queue.push(first);
    expect(contents.sent.at(-1)).toEqual([PUSH_CHANNEL, first]);
    expect(contents.sent).toHaveLength(4);
  });

  it("replays the current state to a reloaded or re-created page once it says ready", () => {
    const queue = new PushQueue();
    const contents = fakeContents();
    queue.attach(contents);
    queue.ready();
    const snapshot: Push = { type: "snapshot", snapshot: busySnapshot() };
    queue.push(snapshot);
    expect(contents.sent).toEqual([[PUSH_CHANNEL, snapshot]]);
    queue.reset();
    const msg: Push = { type: "banner", banner: { id: "error", text: "later" } };
    queue.push(msg);
    expect(contents.sent).toHaveLength(1);
    contents.destroyed = true;
    queue.ready();
    expect(contents.sent).toHaveLength(1);
    const fresh = fakeContents();
    queue.attach(fresh);
    queue.push(snapshot);
    expect(fresh.sent).toEqual([]);
    queue.ready();
    expect(fresh.sent).toEqual([
      [PUSH_CHANNEL, msg],
      [PUSH_CHANNEL, snapshot],
    ]);
  });
});

describe("preload", () => {
  it("forwards only allow-listed channels and exposes only window.myttyBar", () => {
    const source = readFileSync(new URL("../src/preload/preload.cts", import.meta.url), "utf8");
    const used = [...source.matchAll(/"(mytty:[a-z:]+)"/g)].map((m) => m[1]);
    expect(new Set(used)).toEqual(new Set([...INVOKE_CHANNELS, PUSH_CHANNEL]));
    expect([...source.matchAll(/exposeInMainWorld\("([^"]+)"/g)].map((m) => m[1])).toEqual(["myttyBar"]);
    expect(source).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\b(?!\.)/);
  });
});
