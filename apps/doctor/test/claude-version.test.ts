// Claude Code before 2.1.101 skips the whole settings.json over a hook event it does not know, so the
// doctor writes only the events the installed version knows, and moves with the user's updates.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseJsonc } from "@mytty-bar/installers";
import { mode, testHome, type Home } from "./harness.js";

/** A native install as Claude Code's installer lays it out: ~/.local/bin/claude → versions/<version>. */
function installClaude(h: Home, version: string): void {
  const versions = path.join(h.home, ".local", "share", "claude", "versions");
  fs.mkdirSync(versions, { recursive: true });
  const binary = path.join(versions, version);
  fs.writeFileSync(binary, "#!/bin/sh\necho fake claude\n", { mode: 0o755 });
  const link = path.join(h.home, ".local", "bin", "claude");
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.rmSync(link, { force: true });
  fs.symlinkSync(binary, link);
}

function events(h: Home): string[] {
  const parsed = parseJsonc(fs.readFileSync(h.claude, "utf8"));
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return Object.keys((parsed.value as { hooks: object }).hooks).sort();
}
const claudeStatus = (h: Home) => h.json("status").value.providers.find((p) => p.id === "claude-code")!;

describe("Claude Code hook events follow the installed version", () => {
  it("leaves out what an old version does not know, says so, and adds it after an update", (t) => {
    const h = testHome(t);
    h.put(h.claude, "claude-code/tabs-no-newline.json");
    const original = fs.readFileSync(h.claude, "utf8");
    installClaude(h, "2.0.50");

    const installed = h.run("install", "claude-code");
    expect(installed.code).toBe(0);
    const claude = path.join(h.home, ".local", "bin", "claude");
    expect(installed.stdout).toContain(
      `note: Claude Code 2.0.50 (${claude}) does not know PostToolBatch (2.1.101+), Elicitation (2.1.76+), ElicitationResult (2.1.76+), StopFailure (2.1.78+)`,
    );
    // PreToolUse is the user's own hook, kept as it was.
    expect(events(h)).toEqual([
      "Notification",
      "PermissionRequest",
      "PreToolUse",
      "SessionEnd",
      "SessionStart",
      "Stop",
      "UserPromptSubmit",
    ]);
    const old = claudeStatus(h);
    expect(old.status).toBe("installed");
    expect(old.detail).toContain(
      `Claude Code 2.0.50 (${claude}) does not know PostToolBatch (2.1.101+), Elicitation (2.1.76+), ElicitationResult (2.1.76+), StopFailure (2.1.78+)`,
    );
    const text = h.run("status");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("run `mytty-doctor fix`");

    installClaude(h, "2.1.240");
    const updated = claudeStatus(h);
    expect(updated.status).toBe("needs-repair");
    expect(updated.detail).toContain("PostToolBatch: missing");
    expect(h.run("fix").code).toBe(0);
    expect(events(h)).toEqual([
      "Elicitation",
      "ElicitationResult",
      "Notification",
      "PermissionRequest",
      "PostToolBatch",
      "PreToolUse",
      "SessionEnd",
      "SessionStart",
      "Stop",
      "StopFailure",
      "UserPromptSubmit",
    ]);
    expect(claudeStatus(h)).toMatchObject({ status: "installed" });
    expect(claudeStatus(h).detail).toBeUndefined();

    expect(h.run("uninstall", "claude-code").code).toBe(0);
    expect(fs.readFileSync(h.claude, "utf8")).toBe(original);
  });

  it("takes out an entry of ours that a downgraded Claude Code would choke on", (t) => {
    const h = testHome(t);
    installClaude(h, "2.1.240");
    expect(h.run("install", "claude-code").code).toBe(0);
    installClaude(h, "2.1.77");
    const down = claudeStatus(h);
    expect(down.status).toBe("needs-repair");
    expect(down.detail).toContain(
      "StopFailure: Claude Code 2.1.77 does not know this event and would skip the whole file (needs 2.1.78)",
    );
    expect(h.run("diff").stdout).toMatch(/^-\s+"StopFailure": \[/m);
    expect(h.run("fix").code).toBe(0);
    expect(events(h)).not.toContain("StopFailure");
    expect(events(h)).not.toContain("PostToolBatch");
    expect(events(h)).toContain("PermissionRequest");
  });

  it("remembers the claude it installed for, so a bare PATH (a Finder-started app) judges by the same one", (t) => {
    const h = testHome(t);
    // An old Claude Code in a place only the user's shell knows about.
    const binary = path.join(h.home, "opt", "claude", "versions", "2.1.60");
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    fs.writeFileSync(binary, "#!/bin/sh\n", { mode: 0o755 });
    const shellBin = path.join(h.home, "bin");
    fs.mkdirSync(shellBin);
    fs.symlinkSync(binary, path.join(shellBin, "claude"));
    const bare = h.env.PATH;
    h.env.PATH = `${shellBin}:${bare}`;
    expect(h.run("install", "claude-code").code).toBe(0);
    expect(events(h)).not.toContain("StopFailure");
    const seen = path.join(h.data, "claude-seen.json");
    expect(JSON.parse(fs.readFileSync(seen, "utf8"))).toEqual({ path: path.join(shellBin, "claude") });
    expect(mode(seen)).toBe(0o600);

    h.env.PATH = bare;
    expect(claudeStatus(h)).toMatchObject({
      status: "installed",
      detail: expect.stringContaining(`Claude Code 2.1.60 (${path.join(shellBin, "claude")})`),
    });
    expect(h.run("fix").stdout).toContain("Nothing to do");
    // Without the record that PATH cannot tell the version, and every event is asked for again.
    fs.rmSync(seen);
    expect(claudeStatus(h)).toMatchObject({
      status: "needs-repair",
      detail: expect.stringContaining("StopFailure: missing"),
    });
    // A record that is not ours to trust (not JSON, a relative path) is ignored the same way.
    fs.writeFileSync(seen, '{"path":"bin/claude"}');
    expect(claudeStatus(h).status).toBe("needs-repair");
  });

  it("writes every event when the version cannot be told (no claude anywhere we look)", (t) => {
    const h = testHome(t);
    expect(h.run("install", "claude-code").code).toBe(0);
    expect(events(h)).toContain("StopFailure");
    expect(claudeStatus(h).detail).toBeUndefined();
  });
});
