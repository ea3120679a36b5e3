// `mytty-doctor install claude-code --statusline` (opt-in) through the real CLI: hooks and our statusLine
// entry land in the same settings.json, a plain install never adds it, and uninstall restores the bytes.
import fs from "node:fs";
import { afterEach, expect, it } from "vitest";
import { fixtures, makeHome, type Home } from "./harness.js";

let h: Home;
afterEach(() => h?.cleanup());

it.each(fixtures("claude-code", true))(
  "install --statusline then uninstall restores the exact bytes of %s",
  (fixture) => {
    h = makeHome();
    const original = h.put(h.claude, fixture);
    const install = h.run("install", "claude-code", "--statusline", "--no-pointers");
    expect(install.stderr).toBe("");
    expect(install.code).toBe(0);
    const text = fs.readFileSync(h.claude, "utf8");
    expect(text).toMatch(
      /"statusLine": ?\{"type":"command","command":"exec '[^']*mytty-bar-statusline'"|"statusLine": \{[^}]*mytty-bar-statusline/,
    );
    expect(text).toContain("mytty-bar-hook");
    expect(h.run("install", "claude-code", "--statusline", "--no-pointers").stdout).toContain("Nothing to do");
    const un = h.run("uninstall", "claude-code");
    expect(un.code).toBe(0);
    expect(fs.readFileSync(h.claude).toString("latin1")).toBe(original.toString("latin1"));
  },
);

it("never touches statusLine without the switch", () => {
  h = makeHome();
  fs.mkdirSync(h.home + "/.claude", { recursive: true });
  fs.writeFileSync(h.claude, `{"statusLine":{"type":"command","command":"echo mine"}}\n`);
  expect(h.run("install", "claude-code", "--no-pointers").code).toBe(0);
  const settings = JSON.parse(fs.readFileSync(h.claude, "utf8")) as { statusLine: { command: string } };
  expect(settings.statusLine.command).toBe("echo mine");
});

type StatuslineStatus = { statusLine?: { provider: string; path: string; status: string; detail?: string } };

it("status reports the statusLine entry only once opted in: not installed, installed, needs repair (fix repairs it)", () => {
  h = makeHome();
  expect(h.run("install", "claude-code", "--no-pointers").code).toBe(0);
  expect(h.json<StatuslineStatus>("status").value.statusLine).toBeUndefined();
  expect(h.run("status").stdout).not.toContain("statusLine");
  fs.writeFileSync(h.data + "/settings.json", `{"claudeStatusLine": true}\n`);
  const before = h.json<StatuslineStatus>("status").value;
  expect(before.statusLine).toEqual({ provider: "claude-code", path: h.claude, status: "not-installed" });
  expect(h.run("status").stdout).toContain("Claude Code statusLine (usage meters) not installed");
  expect(h.run("install", "claude-code", "--no-pointers").code).toBe(0);
  const installed = h.json<StatuslineStatus>("status");
  expect(installed.value.statusLine?.status).toBe("installed");
  expect(installed.code).toBe(0);
  // Our script edited by hand: needs repair, exit 1, and `fix` writes it again.
  fs.appendFileSync(h.data + "/bin/mytty-bar-statusline", "# edited\n");
  const drifted = h.json<StatuslineStatus & { issues: { item: string }[] }>("status");
  expect(drifted.value.statusLine?.status).toBe("needs-repair");
  expect(drifted.code).toBe(1);
  expect(drifted.value.issues.map((i) => i.item)).toContain("statusline:claude-code");
  expect(h.run("status").stdout).toContain("Claude Code statusLine (usage meters) needs repair");
  expect(h.run("fix").code).toBe(0);
  expect(h.json<StatuslineStatus>("status").value.statusLine?.status).toBe("installed");
  // Setting turned off but our entry still in settings.json: still reported, until uninstall takes it.
  fs.writeFileSync(h.data + "/settings.json", `{}\n`);
  expect(h.json<StatuslineStatus>("status").value.statusLine?.status).toBe("installed");
  expect(h.run("uninstall", "claude-code").code).toBe(0);
  expect(h.json<StatuslineStatus>("status").value.statusLine).toBeUndefined();
});

it("install --statusline names settings.json once, with the one backup of it as it was", () => {
  h = makeHome();
  const original = h.put(h.claude, "claude-code/tabs-no-newline.json");
  const r = h.run("install", "claude-code", "--statusline", "--no-pointers");
  expect(r.code).toBe(0);
  const lines = r.stdout.split("\n").filter((l) => l.includes(h.claude));
  expect(lines).toHaveLength(1);
  const backup = /^wrote .* \(backup: (.*)\)$/.exec(lines[0]!)?.[1];
  expect(fs.readFileSync(backup!)).toEqual(original);
});

it.each([
  ["the bytes of claude-code/empty-containers.json", "claude-code/empty-containers.json"],
  ["no settings.json at all", undefined],
])("adding --statusline to installed hooks backs up settings.json, and uninstall still restores %s", (_, fixture) => {
  h = makeHome();
  const original = fixture === undefined ? undefined : h.put(h.claude, fixture);
  expect(h.run("install", "claude-code", "--no-pointers").code).toBe(0);
  const withHooks = fs.readFileSync(h.claude);
  const r = h.run("install", "claude-code", "--statusline", "--no-pointers");
  expect(r.code).toBe(0);
  const backup = new RegExp(`^wrote ${h.claude} \\(backup: (.*)\\)$`, "m").exec(r.stdout)?.[1];
  expect(backup, r.stdout).toBeDefined();
  expect(fs.readFileSync(backup!)).toEqual(withHooks);
  expect(h.run("uninstall").code).toBe(0);
  if (original === undefined) expect(fs.existsSync(h.claude)).toBe(false);
  else expect(fs.readFileSync(h.claude).toString("latin1")).toBe(original.toString("latin1"));
});
