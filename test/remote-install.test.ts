// Installing on a host over a real sshd (test/support/sshd.ts): the plans are computed here from the
// host's bytes and written there by POSIX sh, keeping the local promises (docs/remote.md#installing-on-a-host).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openHostSession } from "@mytty-bar/installers";
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
