// The composition's wiring (engine ↔ tray, notifications, focus, IPC handlers, settings) with fakes.
import {
  DEFAULT_GLOBAL_SHORTCUT,
  defaultSettings,
  parseSettings,
  type AgentRow,
  type Settings,
  type SettingsPatch,
} from "@mytty-bar/engine";
import { describe, expect, it } from "vitest";
import type { FocusOutcome } from "../src/focus/types.js";
import type { Push } from "../src/ipc/contract.js";
import { effectiveShortcut, MenubarController, type Services } from "../src/main/controller.js";
import { PushQueue } from "../src/main/ipc.js";
import { setupNotifications, type NotificationLike } from "../src/main/notifications.js";
import type { TrayState } from "../src/main/tray.js";
import { busySnapshot, claudeApproval, emptySnapshot, runningOnlySnapshot } from "./fixtures/snapshots.js";
import { FakeEngine } from "./helpers/fake-engine.js";

function harness(
  outcome: FocusOutcome = { status: "exact", host: "iTerm2", detail: "Brought the agent's iTerm2 pane to the front." },
) {
  const log: string[] = [];
  const trays: TrayState[] = [];
  let stored: Settings = defaultSettings();
  const services: Services = {
    focus: async (agent: AgentRow) => (log.push(`focus:${agent.id}`), outcome),
    updateTray: (state) => (trays.push(state), { icon: state.model.icon, title: null, tooltip: "" }),
    sleep: (hold) => void log.push(`sleep:${hold}`),
    applyShortcut: (accelerator) => (log.push(`shortcut:${accelerator}`), { accelerator, ok: true }),
    setLoginItem: (open) => void log.push(`login:${open}`),
    showPopup: () => void log.push("popup"),
    copyText: (text) => void log.push(`copy:${text}`),
    quit: () => void log.push("quit"),
    settings: {
      load: async () => stored,
      save: async (patch: SettingsPatch) => {
        stored = { ...stored, ...patch, notifications: { ...stored.notifications, ...patch.notifications } };
        return stored;
      },
    },
    integrations: {
      rows: () => [{ id: "claude-code", name: "Claude Code", status: "not-installed" }],
      diff: async () => "+hooks",
      fix: async () => [{ id: "claude-code", name: "Claude Code", status: "installed" }],
      statusline: async () => (
        log.push("statusline"),
        [{ id: "claude-code", name: "Claude Code", status: "installed" }]
      ),
    },
    log: (m) => void log.push(`log:${m}`),
  };
  const queue = new PushQueue();
  const sent: Push[] = [];
  queue.attach({ send: (_c: string, m: unknown) => void sent.push(m as Push), isDestroyed: () => false });
  queue.ready();
  const controller = new MenubarController(services, queue);
  const engine = new FakeEngine(busySnapshot(), controller.ports());
  return { controller, engine, log, trays, sent, queue };
}

describe("MenubarController", () => {
  it("sends every snapshot to the tray and the popup", () => {
    const { controller, engine, trays, sent } = harness();
    const detach = controller.attach(engine);
    engine.publish(runningOnlySnapshot());
    expect(trays.map((t) => t.model.icon)).toEqual(["attention", "running"]);
    expect(sent.map((p) => (p.type === "snapshot" ? p.snapshot.tray.title : p.type))).toEqual([
      "1 running · 3 need you",
      "1 running",
    ]);
    detach();
    engine.publish(emptySnapshot());
    expect(trays).toHaveLength(2);
  });

  it("jumps to the most urgent agent on the shortcut, or opens the popup when nothing is urgent", async () => {
    const { controller, engine, log } = harness();
    controller.attach(engine);
    controller.jumpToMostUrgent();
    await Promise.resolve();
    expect(engine.calls).toEqual([`focus:${claudeApproval.id}`]);
    expect(log).toEqual([`focus:${claudeApproval.id}`]);
    engine.publish(runningOnlySnapshot());
    controller.jumpToMostUrgent();
    expect(log.at(-1)).toBe("popup");
  });

  it("turns a notification click into a focus request for its agent", async () => {
    const { controller, engine, log } = harness();
    controller.attach(engine);
    const made: { on: Map<string, (...a: unknown[]) => void> }[] = [];
    controller.setNotifier(
      setupNotifications({
        factory: {
          isSupported: () => true,
          create: () => {
            const on = new Map<string, (...a: unknown[]) => void>();
            made.push({ on });
            return {
              show() {},
              on: (e: string, l: (...a: unknown[]) => void) => on.set(e, l),
            } as unknown as NotificationLike;
          },
        },
        onClick: (n) => controller.jumpTo(n.agentId),
        onFallback: (n) => controller.onNotificationFallback(n),
        onUnavailable: (r) => controller.onNotificationsUnavailable(r),
      }),
    );
    controller.ports().notify?.({
      id: "n1",
      kind: "approval",
      title: "Claude Code needs approval",
      body: "api/ · iTerm2",
      agentId: claudeApproval.id,
      itemId: "ev-approval-1",
    });
    made[0]?.on.get("click")?.({});
    await Promise.resolve();
    expect(log).toEqual([`focus:${claudeApproval.id}`]);
  });

  it("on failed notifications: one banner, tray marked, popup opened for each notice", () => {
    const { controller, engine, log, trays, sent } = harness();
    controller.attach(engine);
    controller.setNotifier(
      setupNotifications({
        factory: {
          isSupported: () => false,
          create: () => {
            throw new Error("unused");
          },
        },
        onClick: () => undefined,
        onFallback: (n) => controller.onNotificationFallback(n),
        onUnavailable: (r) => controller.onNotificationsUnavailable(r),
      }),
    );
    const n = { id: "n1", kind: "failure" as const, title: "Cursor failed", body: "web/", itemId: "ev-failure-1" };
    controller.ports().notify?.(n);
    controller.ports().notify?.({ ...n, id: "n2" });
    expect(log).toEqual([
      "log:Notifications unavailable: this system does not support notifications. Falling back to the tray and the popup.",
      "popup",
      "popup",
    ]);
    expect(trays.at(-1)?.notificationsUnavailable).toBe(true);
    expect(sent.filter((p) => p.type === "banner")).toEqual([
      {
        type: "banner",
        banner: {
          id: "notifications-unavailable",
          text: "Notifications cannot be shown (this system does not support notifications). Mytty Bar opens this popup instead.",
        },
      },
    ]);
  });

  it("tells the popup when a jump could only open the app", async () => {
    const { controller, engine, sent } = harness({
      status: "app-only",
      host: "Terminal",
      detail: "Opened Terminal without switching tabs: the tab's tty is unknown.",
    });
    controller.attach(engine);
    engine.requestFocus(claudeApproval.id);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.at(-1)).toEqual({
      type: "banner",
      banner: { id: "focus", text: "Opened Terminal without switching tabs: the tab's tty is unknown." },
    });
  });

  it("answers the popup's calls", async () => {
    const { controller, engine, log, sent } = harness();
    controller.attach(engine);
    const h = controller.handlers();
    expect(await h["mytty:jump"](claudeApproval.id)).toEqual({
      status: "exact",
      host: "iTerm2",
      detail: "Brought the agent's iTerm2 pane to the front.",
    });
    expect(await h["mytty:jump"]("gone-1")).toEqual({
      status: "nothing",
      host: "",
      detail: "That agent is no longer running.",
    });
    expect(await h["mytty:acknowledge"]("ev-approval-1")).toBe(true);
    expect(await h["mytty:acknowledge"]("ev-approval-1")).toBe(false);
    expect(engine.calls).toEqual(["ack:ev-approval-1", "ack:ev-approval-1"]);
    expect(await h["mytty:integrations:diff"]("claude-code")).toBe("+hooks");
    expect(await h["mytty:integrations:fix"]("claude-code")).toEqual([
      { id: "claude-code", name: "Claude Code", status: "installed" },
    ]);
    expect(sent.at(-1)).toEqual({
      type: "integrations",
      rows: [{ id: "claude-code", name: "Claude Code", status: "installed" }],
    });
    const saved = await h["mytty:settings:set"]({ launchAtLogin: true, globalShortcut: "Alt+J" });
    expect(saved.launchAtLogin).toBe(true);
    expect(log.slice(-2)).toEqual(["shortcut:Alt+J", "login:true"]);
    expect(sent.at(-1)).toEqual({ type: "settings", settings: saved });
    h["mytty:copyText"]("claude --resume='0b6e1c2a'");
    expect(log.at(-1)).toBe("copy:claude --resume='0b6e1c2a'");
    h["mytty:quit"]();
    expect(log.at(-1)).toBe("quit");
  });

  it("starts with the stored settings, the default shortcut and the integrations rows", async () => {
    const { controller, log, sent } = harness();
    await controller.start();
    expect(log).toEqual(["shortcut:CommandOrControl+Shift+J", "login:false"]);
    expect(sent.map((p) => p.type)).toEqual(["settings", "integrations"]);
  });

  it("passes the sleep policy through to the blocker", () => {
    const { controller, log } = harness();
    controller.ports().sleepBlocker?.(true);
    controller.ports().sleepBlocker?.(false);
    expect(log).toEqual(["sleep:true", "sleep:false"]);
  });

  it("reads the shortcut setting: the engine's default is the default accelerator, empty = none", () => {
    expect(defaultSettings().globalShortcut).toBe(DEFAULT_GLOBAL_SHORTCUT);
    expect(effectiveShortcut(defaultSettings())).toBe("CommandOrControl+Shift+J");
    // An older settings.json holds null for "never chosen": still the default, never "none".
    expect(effectiveShortcut(parseSettings('{"globalShortcut": null}'))).toBe("CommandOrControl+Shift+J");
    expect(effectiveShortcut({ globalShortcut: "" })).toBeNull();
    expect(effectiveShortcut({ globalShortcut: "  " })).toBeNull();
    expect(effectiveShortcut({ globalShortcut: "Alt+K" })).toBe("Alt+K");
  });
});
