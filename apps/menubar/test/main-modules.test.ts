// Tray, notifications, sleep blocker, shortcut, single instance and the app protocol, driven through
// small fakes of the Electron objects they take as parameters.
import path from "node:path";
import type { Notice } from "@mytty-bar/engine";
import { describe, expect, it } from "vitest";
import { setupNotifications } from "../src/main/notifications.js";
import { setupSleepBlocker } from "../src/main/power.js";
import {
  APP_ORIGIN,
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
  resolveAppFile,
  setupAppProtocol,
} from "../src/main/protocol.js";
import { DEFAULT_GLOBAL_SHORTCUT } from "@mytty-bar/engine";
import { setupShortcut } from "../src/main/shortcut.js";
import { setupSingleInstance } from "../src/main/single-instance.js";
import { setupTray, trayView } from "../src/main/tray.js";
import { busySnapshot, emptySnapshot, runningOnlySnapshot } from "./fixtures/snapshots.js";
import { FakeNotification } from "./helpers/fake-notification.js";

describe("tray", () => {
  it("maps the engine's tray model to icon, macOS title and tooltip", () => {
    expect(trayView({ model: busySnapshot().tray, notificationsUnavailable: false }, "darwin")).toEqual({
      icon: "attention",
      title: "1 · 3!",
      tooltip: "Mytty Bar — 1 running · 3 need you",
    });
    expect(trayView({ model: runningOnlySnapshot().tray, notificationsUnavailable: false }, "darwin")).toEqual({
      icon: "running",
      title: "1",
      tooltip: "Mytty Bar — 1 running",
    });
    expect(trayView({ model: emptySnapshot().tray, notificationsUnavailable: false }, "darwin")).toEqual({
      icon: "idle",
      title: "",
      tooltip: "Mytty Bar — no agents",
    });
  });

  it("puts the counts in the tooltip only, off macOS", () => {
    expect(trayView({ model: busySnapshot().tray, notificationsUnavailable: false }, "linux")).toEqual({
      icon: "attention",
      title: null,
      tooltip: "Mytty Bar — 1 running · 3 need you",
    });
  });

  it("marks the title when notifications cannot be shown and something needs you", () => {
    expect(trayView({ model: busySnapshot().tray, notificationsUnavailable: true }, "darwin").title).toBe("⚠ 1 · 3!");
    expect(trayView({ model: runningOnlySnapshot().tray, notificationsUnavailable: true }, "darwin").title).toBe("1");
  });

  it("touches the tray only when the view changes", () => {
    const calls: string[] = [];
    const tray = {
      setImage: (i: string) => void calls.push(`image:${i}`),
      setTitle: (t: string, o?: { fontType?: string }) => void calls.push(`title:${t}:${o?.fontType ?? ""}`),
      setToolTip: (t: string) => void calls.push(`tip:${t}`),
    };
    const update = setupTray(tray, { idle: "idle.png", running: "running.png", attention: "attention.png" }, "darwin");
    update({ model: runningOnlySnapshot().tray, notificationsUnavailable: false });
    update({ model: runningOnlySnapshot().tray, notificationsUnavailable: false });
    update({ model: busySnapshot().tray, notificationsUnavailable: false });
    expect(calls).toEqual([
      "image:running.png",
      "title:1:monospacedDigit",
      "tip:Mytty Bar — 1 running",
      "image:attention.png",
      "title:1 · 3!:monospacedDigit",
      "tip:Mytty Bar — 1 running · 3 need you",
    ]);
  });
});

/** The notifications the current notifier made, in order. */
let made: FakeNotification[] = [];

const notice = (id: string, kind: Notice["kind"] = "approval"): Notice => ({
  id,
  kind,
  title: "Claude Code needs approval",
  body: "api/ · iTerm2",
  agentId: "claude-code-4242",
  itemId: `item-${id}`,
});

function notifier(supported = true) {
  made = [];
  const log: string[] = [];
  const n = setupNotifications({
    factory: {
      isSupported: () => supported,
      create: (o) => {
        const fake = new FakeNotification(o);
        made.push(fake);
        return fake;
      },
    },
    onClick: (x) => void log.push(`click:${x.id}`),
    onFallback: (x) => void log.push(`fallback:${x.id}`),
    onUnavailable: (reason) => void log.push(`unavailable:${reason}`),
  });
  return { n, log };
}

describe("notifications", () => {
  it("shows a notification per notice and keeps it referenced until clicked or closed", () => {
    const { n, log } = notifier();
    n.show(notice("a"));
    n.show(notice("b", "completion"));
    expect(made.map((f) => [f.options, f.shown])).toEqual([
      [{ title: "Claude Code needs approval", body: "api/ · iTerm2", silent: false }, true],
      [{ title: "Claude Code needs approval", body: "api/ · iTerm2", silent: true }, true],
    ]);
    expect(n.live()).toBe(2);
    made[0]?.emit("click", {});
    expect(log).toEqual(["click:a"]);
    made[1]?.emit("close", {});
    expect(n.live()).toBe(0);
  });

  it("falls back to tray + popup on `failed` and says so once", () => {
    const { n, log } = notifier();
    n.show(notice("a"));
    made[0]?.emit("failed", {}, "Notifications are not allowed for this application");
    n.show(notice("b"));
    n.show(notice("c"));
    expect(made).toHaveLength(1);
    expect(log).toEqual([
      "unavailable:macOS refused the notification (Notifications are not allowed for this application); unsigned builds of Electron 42+ cannot show notifications",
      "fallback:a",
      "fallback:b",
      "fallback:c",
    ]);
    expect(n.unavailable()).toBe(true);
    expect(n.live()).toBe(0);
  });

  it("uses the fallback from the start where notifications are unsupported", () => {
    const { n, log } = notifier(false);
    n.show(notice("a"));
    n.show(notice("b"));
    expect(made).toHaveLength(0);
    expect(log).toEqual(["unavailable:this system does not support notifications", "fallback:a", "fallback:b"]);
  });
});

describe("sleep blocker", () => {
  it("holds one prevent-app-suspension blocker while asked and releases it", () => {
    const calls: string[] = [];
    let next = 7;
    const hold = setupSleepBlocker({
      start: (t) => (calls.push(`start:${t}`), next++),
      stop: (id) => (calls.push(`stop:${id}`), true),
    });
    hold(true);
    hold(true);
    hold(false);
    hold(false);
    hold(true);
    expect(calls).toEqual(["start:prevent-app-suspension", "stop:7", "start:prevent-app-suspension"]);
  });
});

describe("global shortcut", () => {
  it("registers the accelerator, swaps it on change and reports one it cannot own", () => {
    const registered = new Set<string>();
    let fired = 0;
    const apply = setupShortcut(
      {
        register: (a, cb) => {
          if (a === "Nope+Q") throw new Error("conversion failure");
          if (a === "CommandOrControl+Space") return false;
          registered.add(a);
          cb();
          return true;
        },
        unregister: (a) => void registered.delete(a),
      },
      () => fired++,
    );
    expect(apply(DEFAULT_GLOBAL_SHORTCUT)).toEqual({ accelerator: "CommandOrControl+Shift+J", ok: true });
    expect([...registered]).toEqual(["CommandOrControl+Shift+J"]);
    expect(apply("Alt+J")).toEqual({ accelerator: "Alt+J", ok: true });
    expect([...registered]).toEqual(["Alt+J"]);
    expect(apply("CommandOrControl+Space")).toEqual({
      accelerator: "CommandOrControl+Space",
      ok: false,
      problem: "CommandOrControl+Space could not be registered (malformed, or another app owns it)",
    });
    expect(apply("Nope+Q").ok).toBe(false);
    expect(apply(null)).toEqual({ accelerator: null, ok: true });
    expect([...registered]).toEqual([]);
    expect(fired).toBe(2);
  });
});

describe("single instance", () => {
  it("quits a second instance and wires second-instance in the first", () => {
    const events: string[] = [];
    const app = (lock: boolean) => ({
      requestSingleInstanceLock: () => lock,
      on: (e: string, l: () => void) => (events.push(`on:${e}`), l()),
      quit: () => void events.push("quit"),
    });
    expect(setupSingleInstance(app(false), () => events.push("shown"))).toBe(false);
    expect(events).toEqual(["quit"]);
    events.length = 0;
    expect(setupSingleInstance(app(true), () => events.push("shown"))).toBe(true);
    expect(events).toEqual(["on:second-instance", "shown"]);
  });
});

describe("app protocol", () => {
  const roots = { static: "/app/src/renderer", scripts: "/app/dist/web" };
  it("serves pages from the source folder and scripts from the build output", () => {
    expect(resolveAppFile(`${APP_ORIGIN}/popup.html`, roots)).toEqual({
      file: "/app/src/renderer/popup.html",
      type: "text/html; charset=utf-8",
    });
    expect(resolveAppFile(`${APP_ORIGIN}/renderer/popup.js`, roots)).toEqual({
      file: "/app/dist/web/renderer/popup.js",
      type: "text/javascript; charset=utf-8",
    });
  });

  it("refuses escapes, other hosts and unknown types", () => {
    // The URL parser folds plain dot segments; encoded slashes are decoded by us and must not escape.
    expect(resolveAppFile(`${APP_ORIGIN}/../../etc/passwd.html`, roots)?.file).toBe(
      "/app/src/renderer/etc/passwd.html",
    );
    expect(resolveAppFile(`${APP_ORIGIN}/%2F..%2F..%2Fetc%2Fpasswd.html`, roots)).toBeNull();
    expect(resolveAppFile(`${APP_ORIGIN}/..%2F..%2Fsecret.js`, roots)).toBeNull();
    expect(resolveAppFile("mytty-bar://other/popup.html", roots)).toBeNull();
    expect(resolveAppFile("file:///app/src/renderer/popup.html", roots)).toBeNull();
    expect(resolveAppFile(`${APP_ORIGIN}/popup.ts`, roots)).toBeNull();
  });

  it("answers with the CSP header and 404 for anything else", async () => {
    let handler: ((r: Request) => Response | Promise<Response>) | undefined;
    setupAppProtocol({ handle: (_s, h) => void (handler = h) }, roots, async (file) => {
      if (file === path.join(roots.static, "popup.html")) return new TextEncoder().encode("<p>hi</p>");
      throw new Error("ENOENT");
    });
    const ok = await handler?.(new Request(`${APP_ORIGIN}/popup.html`));
    expect(ok?.status).toBe(200);
    expect(ok?.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
    expect(await ok?.text()).toBe("<p>hi</p>");
    expect((await handler?.(new Request(`${APP_ORIGIN}/missing.css`)))?.status).toBe(404);
    expect((await handler?.(new Request(`${APP_ORIGIN}/x.exe`)))?.status).toBe(404);
  });

  it("keeps the page's own CSP meta tag equal to the header (less what a meta tag cannot carry)", async () => {
    const { readFile } = await import("node:fs/promises");
    const html = await readFile(new URL("../src/renderer/popup.html", import.meta.url), "utf8");
    expect(html).toContain(`content="${META_CONTENT_SECURITY_POLICY}"`);
  });
});
