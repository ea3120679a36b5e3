// Runs the real Electron main entry (dist/main/main.js) under Node, with `electron` and `menubar`
// answered by recording stand-ins (test/fixtures/fake-electron): the composition root, the real
// engine on a temp HOME, the IPC path from a simulated page, settings, the protocol and quit.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POPUP_URL } from "../src/main/protocol.js";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
let home: string;

beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), "mytty-main-"));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

type Entry = [string, ...unknown[]];

function runMain(): Promise<{ code: number | null; entries: Entry[]; stderr: string }> {
  const data = path.join(home, "data");
  return new Promise((resolve) => {
    execFile(
      "node",
      ["--import", "./apps/menubar/test/fixtures/fake-electron/register.mjs", "apps/menubar/dist/main/main.js"],
      { cwd: repo, env: { ...process.env, HOME: home, MYTTY_BAR_DATA_DIR: data }, timeout: 25_000 },
      (error, stdout, stderr) => {
        const entries = stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Entry);
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, entries, stderr });
      },
    );
  });
}

describe("Electron main composition root", () => {
  it("wires tray, shortcut, IPC, protocol and the engine, serves the page, applies settings and quits cleanly", async () => {
    const { code, entries, stderr } = await runMain();
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const names = entries.map((e) => e[0]);
    const first = (name: string) => entries.find((e) => e[0] === name);
    const all = (name: string) => entries.filter((e) => e[0] === name).map((e) => e.slice(1));

    // Before `ready`: the privileged scheme; then the single-instance lock.
    expect(names.slice(0, 2)).toEqual(["protocol.registerSchemesAsPrivileged", "app.requestSingleInstanceLock"]);
    expect(first("protocol.registerSchemesAsPrivileged")?.[1]).toEqual([
      { scheme: "mytty-bar", privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(names).toContain("dock.hide");
    expect(names).toContain("session.setPermissionRequestHandler");
    expect(first("Menu.setApplicationMenu")?.[1]).toEqual(["appMenu", "editMenu"]);
    expect(first("menubar")?.[1]).toEqual({
      index: POPUP_URL,
      icon: "IdleTemplate.png",
      preload: "apps/menubar/dist/preload/preload.cjs",
      sandbox: true,
    });
    expect(all("nativeImage.setTemplateImage")).toEqual([
      ["IdleTemplate.png", true],
      ["RunningTemplate.png", true],
      ["AttentionTemplate.png", true],
    ]);
    expect(first("tray.setImage")?.[1]).toMatch(/^(Idle|Running|Attention)Template\.png$/);
    expect(first("tray.setToolTip")?.[1]).toMatch(/^Mytty Bar — /);

    // Nothing reaches the page before it says ready; then the current state does.
    const sayReady = names.indexOf("page.sayReady");
    expect(names.indexOf("webContents.send")).toBeGreaterThan(sayReady);
    const flushed = entries
      .slice(sayReady, names.indexOf("page.ready"))
      .filter((e) => e[0] === "webContents.send")
      .map((e) => e[2]);
    expect(new Set(flushed)).toEqual(new Set(["settings", "integrations", "snapshot"]));
    expect(all("webContents.send").every((e) => e[0] === "mytty:push")).toBe(true);

    expect(first("page.strangerAck")?.[1]).toEqual({ error: "refused mytty:acknowledge: unexpected sender" });
    expect(first("page.jumpUnknown")?.[1]).toEqual({
      ok: { status: "nothing", host: "", detail: "That agent is no longer running." },
    });
    // Copy resume command: Electron's clipboard gets exactly the one line; two lines never reach it.
    expect(first("page.copyText")?.[1]).toEqual({});
    expect(first("page.copyTwoLines")?.[1]).toEqual({ error: "refused mytty:copyText: invalid arguments" });
    expect(all("clipboard.writeText")).toEqual([["codex resume -- '019a2b3c'"]]);

    // Settings from the page: the shortcut is swapped and the login item follows.
    expect(all("globalShortcut.register")).toEqual([["CommandOrControl+Shift+J"], ["Alt+J"]]);
    expect(all("globalShortcut.unregister")).toEqual([["CommandOrControl+Shift+J"]]);
    expect(all("app.setLoginItemSettings")).toEqual([[{ openAtLogin: false }], [{ openAtLogin: true }]]);
    expect(first("page.settings")?.[1]).toEqual({ globalShortcut: "Alt+J", launchAtLogin: true });

    expect(first("protocol.popup.html")?.slice(1)).toEqual([200, "text/html; charset=utf-8"]);
    expect(first("protocol.popup.js")?.slice(1)).toEqual([200]);

    expect(names.slice(-2)).toEqual(["app.quit", "globalShortcut.unregisterAll"]);
    const data = path.join(home, "data");
    expect(existsSync(path.join(data, "mytty-team.md"))).toBe(true);
    expect(existsSync(path.join(data, "engine.pid"))).toBe(false);
    expect(existsSync(path.join(data, "control.sock"))).toBe(false);
  });

  it("says in a dialog and exits 1 when another engine owns the data dir", async () => {
    const { spawn } = await import("node:child_process");
    const data = path.join(home, "data");
    const headless = spawn("node", [path.join(repo, "apps/menubar/bin/mytty-bar.js"), "--headless"], {
      env: { ...process.env, HOME: home, MYTTY_BAR_DATA_DIR: data },
    });
    let out = "";
    headless.stdout.on("data", (b: Buffer) => (out += b.toString()));
    for (let i = 0; i < 400 && !out.includes("engine running"); i++) await new Promise((r) => setTimeout(r, 25));
    try {
      const { code, entries, stderr } = await runMain();
      const message = `Mytty Bar's engine is already running (pid ${headless.pid}) as \`mytty-bar --headless\`. Stop it with Ctrl-C in its terminal, or with \`kill ${headless.pid}\`.`;
      expect(code).toBe(1);
      expect(stderr).toBe(`Mytty Bar could not start: ${message}\n`);
      expect(entries.slice(-2)).toEqual([
        ["dialog.showErrorBox", "Mytty Bar could not start", message],
        ["app.exit", 1],
      ]);
    } finally {
      headless.kill("SIGTERM");
      await new Promise((r) => headless.on("exit", r));
    }
  });
});
