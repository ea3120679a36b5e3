// Installing on a host over a real sshd (test/support/sshd.ts): the plans are computed here from the
// host's bytes and written there by POSIX sh, keeping the local promises (docs/remote.md#installing-on-a-host).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { helperScript, openHostSession } from "@mytty-bar/installers";
import { parseDestination, remoteShell, type RemoteShell } from "@mytty-bar/remote";
import { startSshd, type SshdFixture } from "./support/sshd.js";

const FIXTURES = path.join(import.meta.dirname, "..", "fixtures", "configs", "claude-code");
const settings = { pointers: true };

let sshd: SshdFixture;
let shell: RemoteShell;
let claudeSettings: string;

function wipeHome(): void {
  for (const name of fs.readdirSync(sshd.remoteHome)) fs.rmSync(path.join(sshd.remoteHome, name), { recursive: true });
}

beforeAll(async () => {
  sshd = await startSshd();
  const r = parseDestination(sshd.destination);
  if (!r.ok) throw new Error(r.message);
  shell = remoteShell(r.destination, { env: { ...process.env, MYTTY_BAR_SSH: sshd.sshCommand } });
  claudeSettings = path.join(sshd.remoteHome, ".claude", "settings.json");
});
afterAll(async () => {
  await sshd?.stop();
});
beforeEach(() => wipeHome());

function seed(fixture: string, mode = 0o640): Buffer {
  const bytes = fs.readFileSync(path.join(FIXTURES, fixture));
  fs.mkdirSync(path.dirname(claudeSettings), { recursive: true });
  fs.writeFileSync(claudeSettings, bytes, { mode });
  fs.chmodSync(claudeSettings, mode);
  return bytes;
}

describe("install --host over a real sshd", () => {
  it("writes our hooks into the host's settings.json, and uninstall gives back the exact bytes", async () => {
    for (const fixture of ["crlf-4-spaces.json", "tabs-no-newline.json"]) {
      wipeHome();
      const original = seed(fixture);
      const host = await openHostSession({ shell, settings });
      expect(host.paths.home).toBe(sshd.remoteHome);
      const installed = await host.session.apply("install", ["claude-code"]);
      expect(installed.failed).toEqual([]);
      const after = fs.readFileSync(claudeSettings, "utf8");
      expect(after).toContain(`${sshd.remoteHome}/.local/share/mytty-bar/bin/mytty-bar-hook`);
      expect(after).toContain(fixture.startsWith("crlf") ? "terminal-notifier" : "guard-bash");
      expect(fs.statSync(claudeSettings).mode & 0o777).toBe(0o640);
      expect(host.session.plans().providers.find((p) => p.id === "claude-code")?.status).toBe("installed");
      const removed = await host.session.apply("uninstall", ["claude-code"]);
      expect(removed.failed).toEqual([]);
      expect(fs.readFileSync(claudeSettings)).toEqual(original);
    }
  });
});

describe("the host write keeps the local promises", () => {
  it("a concurrent edit between the read and the write is a conflict, and the edit is kept", async () => {
    seed("tabs-no-newline.json");
    const edited = `${fs.readFileSync(claudeSettings, "utf8")}\n`;
    const host = await openHostSession({
      shell,
      settings,
      beforeWrite: () => fs.writeFileSync(claudeSettings, edited),
    });
    const result = await host.session.apply("install", ["claude-code"]);
    const failed = result.failed.find((f) => f.path === claudeSettings);
    expect(failed?.result).toBe("conflict");
    expect(failed?.message).toContain("changed after we read it");
    expect(fs.readFileSync(claudeSettings, "utf8")).toBe(edited);
    expect(fs.readdirSync(path.dirname(claudeSettings)).filter((n) => n.includes("mytty-tmp"))).toEqual([]);
  });

  it("a symlinked settings.json keeps its link; the target gets the hooks and gets its bytes back", async () => {
    const dotfiles = path.join(sshd.remoteHome, "dotfiles");
    fs.mkdirSync(dotfiles);
    const target = path.join(dotfiles, "claude.json");
    const original = fs.readFileSync(path.join(FIXTURES, "crlf-4-spaces.json"));
    fs.writeFileSync(target, original, { mode: 0o644 });
    fs.mkdirSync(path.dirname(claudeSettings));
    fs.symlinkSync("../dotfiles/claude.json", claudeSettings);
    const host = await openHostSession({ shell, settings });
    expect((await host.session.apply("install", ["claude-code"])).failed).toEqual([]);
    expect(fs.readlinkSync(claudeSettings)).toBe("../dotfiles/claude.json");
    expect(fs.readFileSync(target, "utf8")).toContain("mytty-bar-hook");
    expect(fs.statSync(target).mode & 0o777).toBe(0o644);
    expect((await host.session.apply("uninstall", ["claude-code"])).failed).toEqual([]);
    expect(fs.lstatSync(claudeSettings).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target)).toEqual(original);
  });

  it("keeps at most 10 backups per file, dropping the oldest", async () => {
    seed("crlf-4-spaces.json");
    const backups = path.join(sshd.remoteHome, ".local", "share", "mytty-bar", "backups");
    fs.mkdirSync(backups, { recursive: true });
    for (let i = 0; i < 12; i += 1)
      fs.writeFileSync(
        path.join(backups, `.claude%settings.json~2020-01-01T00-00-${String(i).padStart(2, "0")}-000Z`),
        "old",
      );
    const host = await openHostSession({ shell, settings, now: () => new Date("2026-12-01T12:00:00.000Z") });
    expect((await host.session.apply("install", ["claude-code"])).failed).toEqual([]);
    const left = fs
      .readdirSync(backups)
      .filter((n) => n.startsWith(".claude%settings.json~"))
      .sort();
    expect(left).toHaveLength(10);
    expect(left.at(-1)).toBe(".claude%settings.json~2026-12-01T12-00-00-000Z");
    expect(left[0]).toBe(".claude%settings.json~2020-01-01T00-00-03-000Z");
    expect(fs.readFileSync(path.join(backups, left.at(-1)!))).toEqual(
      fs.readFileSync(path.join(FIXTURES, "crlf-4-spaces.json")),
    );
    expect(host.backups()).toBe(fs.readdirSync(backups).length);
  });

  it("installs the same helper script as locally, for the host's paths", async () => {
    const host = await openHostSession({ shell, settings });
    await host.session.apply("install", ["claude-code"]);
    expect(fs.readFileSync(host.paths.helper, "utf8")).toBe(helperScript(host.paths));
    expect(fs.statSync(host.paths.helper).mode & 0o777).toBe(0o755);
  });

  it("never writes a file it cannot parse", async () => {
    const bad = seed("malformed-trailing-comma.json");
    const host = await openHostSession({ shell, settings });
    const result = await host.session.apply("install", ["claude-code"]);
    expect(result.skipped.map((s) => s.id)).toContain("claude-code");
    expect(fs.readFileSync(claudeSettings)).toEqual(bad);
  });
});

describe("the host's own paths", () => {
  it("follow the host's CODEX_HOME and XDG_DATA_HOME, read in the same round trip", async () => {
    const custom = await startSshd({
      env: (home) => ({ CODEX_HOME: `${home}/codex-home`, XDG_DATA_HOME: `${home}/xdg-data` }),
    });
    try {
      const r = parseDestination(custom.destination);
      if (!r.ok) throw new Error(r.message);
      const remote = remoteShell(r.destination, { env: { ...process.env, MYTTY_BAR_SSH: custom.sshCommand } });
      const host = await openHostSession({ shell: remote, settings });
      expect(host.paths.codexHooks).toBe(`${custom.remoteHome}/codex-home/hooks.json`);
      expect((await host.session.apply("install", ["codex"])).failed).toEqual([]);
      expect(fs.readFileSync(`${custom.remoteHome}/codex-home/hooks.json`, "utf8")).toContain(
        `'${custom.remoteHome}/xdg-data/mytty-bar/bin/mytty-bar-hook' codex`,
      );
    } finally {
      await custom.stop();
    }
  });
});
