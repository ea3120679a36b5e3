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
