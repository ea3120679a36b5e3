// IPC allow-list, sender validation and the ready queue, with a fake ipcMain (no Electron here).
import { readFileSync } from "node:fs";
import { defaultSettings } from "@mytty-bar/engine";
import { describe, expect, it } from "vitest";
import { INVOKE_CHANNELS, PUSH_CHANNEL, type Push } from "../src/ipc/contract.js";
import { setupClipboard } from "../src/main/clipboard.js";
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
  return {
    sent,
    destroyed: false,
    send: (...args: unknown[]) => void sent.push(args),
    isDestroyed() {
      return this.destroyed;
    },
  };
}

function recordingHandlers() {
  const calls: [string, unknown[]][] = [];
  const rec =
    (name: string, result: unknown) =>
    (...args: unknown[]) => (calls.push([name, args]), result);
  const handlers = {
    "mytty:ready": rec("ready", undefined),
    "mytty:acknowledge": rec("acknowledge", true),
    "mytty:jump": rec("jump", { status: "exact", host: "iTerm2", detail: "ok" }),
    "mytty:settings:set": rec("settings", {}),
    "mytty:integrations:refresh": rec("refresh", []),
    "mytty:integrations:diff": rec("diff", ""),
    "mytty:integrations:fix": rec("fix", []),
    "mytty:copyText": rec("copyText", undefined),
    "mytty:quit": rec("quit", undefined),
  } as unknown as Handlers;
  return { calls, handlers };
}

const popup = { id: "popup-webcontents" };
const fromPopup: InvokeEventLike = { sender: popup, senderFrame: { url: `${APP_ORIGIN}/popup.html` } };

/** A fake ipcMain that setupIpc wired to recording handlers, behind `check` (by default: the popup only). */
function wiredIpc(check: Parameters<typeof setupIpc>[1] = popupSenderCheck(() => popup, APP_ORIGIN)) {
  const ipc = fakeIpcMain();
  const { calls, handlers } = recordingHandlers();
  setupIpc(ipc, check, handlers);
  return { ipc, calls };
}

describe("setupIpc", () => {
  it("registers exactly the allow-listed channels and removes them on dispose", () => {
    const ipc = fakeIpcMain();
    const setup = setupIpc(ipc, () => true, recordingHandlers().handlers);
    expect([...ipc.handlers.keys()]).toEqual([...INVOKE_CHANNELS]);
    setup.dispose();
    expect(ipc.handlers.size).toBe(0);
  });

  it("forwards validated arguments from the popup", async () => {
    const { ipc, calls } = wiredIpc();
    expect(await ipc.handlers.get("mytty:acknowledge")?.(fromPopup, "ev-approval-1")).toBe(true);
    expect(await ipc.handlers.get("mytty:jump")?.(fromPopup, "claude-code-4242")).toEqual({
      status: "exact",
      host: "iTerm2",
      detail: "ok",
    });
    await ipc.handlers.get("mytty:settings:set")?.(fromPopup, {
      notifications: { completion: false },
      completionThresholdMinutes: 10,
    });
    expect(calls).toEqual([
      ["acknowledge", ["ev-approval-1"]],
      ["jump", ["claude-code-4242"]],
      ["settings", [{ notifications: { completion: false }, completionThresholdMinutes: 10 }]],
    ]);
  });

  it("refuses other senders: another webContents, another origin, a missing frame", async () => {
    const { ipc, calls } = wiredIpc();
    const ack = ipc.handlers.get("mytty:acknowledge");
    await expect(async () =>
      ack?.({ sender: { id: "other" }, senderFrame: { url: `${APP_ORIGIN}/popup.html` } }, "x"),
    ).rejects.toThrow("refused mytty:acknowledge: unexpected sender");
    await expect(async () =>
      ack?.({ sender: popup, senderFrame: { url: "https://evil.example/popup.html" } }, "x"),
    ).rejects.toThrow("unexpected sender");
    await expect(async () => ack?.({ sender: popup, senderFrame: null }, "x")).rejects.toThrow("unexpected sender");
    expect(calls).toEqual([]);
  });

  it("refuses malformed arguments before any handler runs", async () => {
    const { ipc, calls } = wiredIpc(() => true);
    await expect(async () => ipc.handlers.get("mytty:acknowledge")?.(fromPopup, 42)).rejects.toThrow(
      "refused mytty:acknowledge: invalid arguments",
    );
    await expect(async () => ipc.handlers.get("mytty:integrations:fix")?.(fromPopup, "../../etc")).rejects.toThrow(
      "invalid arguments",
    );
    await expect(async () =>
      ipc.handlers.get("mytty:settings:set")?.(fromPopup, { pollIntervalSeconds: 0.1 }),
    ).rejects.toThrow("invalid arguments");
    await expect(async () => ipc.handlers.get("mytty:settings:set")?.(fromPopup, { evil: true })).rejects.toThrow(
      "invalid arguments",
    );
    await expect(async () => ipc.handlers.get("mytty:quit")?.(fromPopup, "extra")).rejects.toThrow("invalid arguments");
    expect(calls).toEqual([]);
  });

  it("accepts a patch of every setting the engine's schema knows, pointers included", async () => {
    const { ipc, calls } = wiredIpc(() => true);
    const every = Object.fromEntries(
      Object.entries(defaultSettings()).map(([key, value]) => [
        key,
        key === "notifications" ? { input: false } : value,
      ]),
    );
    await ipc.handlers.get("mytty:settings:set")?.(fromPopup, every);
    await ipc.handlers.get("mytty:settings:set")?.(fromPopup, { pointers: false });
    expect(calls).toEqual([
      ["settings", [every]],
      ["settings", [{ pointers: false }]],
    ]);
  });

  it("accepts lowContextPercent 0–100 in a settings patch and nothing outside it", async () => {
    const { ipc, calls } = wiredIpc(() => true);
    const set = ipc.handlers.get("mytty:settings:set");
    await set?.(fromPopup, { lowContextPercent: 0 });
    await set?.(fromPopup, { lowContextPercent: 100 });
    await expect(async () => set?.(fromPopup, { lowContextPercent: 101 })).rejects.toThrow(
      "refused mytty:settings:set: invalid arguments",
    );
    await expect(async () => set?.(fromPopup, { lowContextPercent: -1 })).rejects.toThrow("invalid arguments");
    await expect(async () => set?.(fromPopup, { lowContextPercent: "30" })).rejects.toThrow("invalid arguments");
    expect(calls).toEqual([
      ["settings", [{ lowContextPercent: 0 }]],
      ["settings", [{ lowContextPercent: 100 }]],
    ]);
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
    const used = [...source.matchAll(/"(mytty:[a-zA-Z:]+)"/g)].map((m) => m[1]);
    expect(new Set(used)).toEqual(new Set([...INVOKE_CHANNELS, PUSH_CHANNEL]));
    expect([...source.matchAll(/exposeInMainWorld\("([^"]+)"/g)].map((m) => m[1])).toEqual(["myttyBar"]);
    expect(source).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\b(?!\.)/);
  });
});

describe("copyText", () => {
  const command = "claude --resume='0b6e1c2a-5d1e-4f7a-9c3b-2e8f6a1d4c7e'";

  function wired() {
    const ipc = fakeIpcMain();
    const written: string[] = [];
    const { handlers } = recordingHandlers();
    const copy = setupClipboard({ writeText: (text) => void written.push(text) });
    setupIpc(
      ipc,
      popupSenderCheck(() => popup, APP_ORIGIN),
      { ...handlers, "mytty:copyText": copy },
    );
    return { written, copyText: ipc.handlers.get("mytty:copyText") as Listener };
  }

  it("writes exactly the popup's one line to the clipboard, up to 4 KiB", async () => {
    const { written, copyText } = wired();
    await copyText(fromPopup, command);
    const limit = "x".repeat(4096);
    await copyText(fromPopup, limit);
    expect(written).toEqual([command, limit]);
  });

  it("refuses other senders before looking at the text", async () => {
    const { written, copyText } = wired();
    await expect(async () =>
      copyText({ sender: { id: "other" }, senderFrame: { url: `${APP_ORIGIN}/popup.html` } }, command),
    ).rejects.toThrow("refused mytty:copyText: unexpected sender");
    await expect(async () =>
      copyText({ sender: popup, senderFrame: { url: "https://evil.example/" } }, command),
    ).rejects.toThrow("refused mytty:copyText: unexpected sender");
    await expect(async () => copyText({ sender: popup, senderFrame: null }, command)).rejects.toThrow(
      "unexpected sender",
    );
    expect(written).toEqual([]);
  });

  it("refuses anything but one string of at most 4 KiB without control characters", async () => {
    const { written, copyText } = wired();
    const refused = [
      [],
      [42],
      [""],
      ["x".repeat(4097)],
      ["é".repeat(2049)], // 4098 bytes of UTF-8 in 2049 characters: the limit is bytes
      ["claude --resume=x\nrm -rf ~"],
      ["echo \u001b]52;c;AAAA\u0007"],
      [command, "extra"],
      [{ text: command }],
    ];
    for (const args of refused)
      await expect(async () => copyText(fromPopup, ...args)).rejects.toThrow(
        "refused mytty:copyText: invalid arguments",
      );
    expect(written).toEqual([]);
  });

  it("re-checks the text in main's clipboard module itself", () => {
    const written: string[] = [];
    const copy = setupClipboard({ writeText: (text) => void written.push(text) });
    expect(() => copy("a\rb")).toThrow("refused to copy: not one line of at most 4 KiB");
    copy(command);
    expect(written).toEqual([command]);
  });
});
