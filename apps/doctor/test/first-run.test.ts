// A newcomer's first minutes, through the real CLI: a temp HOME with fake `claude` and `codex` on
// PATH and nothing installed yet. Every message's command must do its job in that situation.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, type TestContext } from "vitest";
import { INSTALLABLE_PROVIDERS } from "@mytty-bar/installers";
import { testHome, type Home } from "./harness.js";

function withAgents(t: TestContext): Home {
  const h = testHome(t);
  const bin = path.join(h.home, "bin");
  fs.mkdirSync(bin);
  for (const name of ["claude", "codex"])
    fs.writeFileSync(path.join(bin, name), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  h.env.PATH = `${bin}:${h.env.PATH}`;
  return h;
}

/** Each `[✗]`/`[!]` line with its bullet notes. */
function flagged(stdout: string): string[] {
  const blocks: string[] = [];
  for (const line of stdout.split("\n")) {
    if (/^\[.\] /.test(line)) blocks.push(line);
    else if (line.startsWith("    • ") && blocks.length > 0) blocks[blocks.length - 1] += `\n${line}`;
    else if (line === "") blocks.push("");
  }
  return blocks.filter((b) => b.startsWith("[✗]") || b.startsWith("[!]"));
}

const namesCommand = (block: string) => /`(mytty-doctor|mytty-bar|chmod) [^`]*`/.test(block);

describe("mytty-doctor on a machine with nothing installed yet", () => {
  it("diff previews what install would write (our hook lines), and exits 1", (t) => {
    const h = withAgents(t);
    const r = h.run("diff");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`+++ ${h.claude}\n`);
    expect(r.stdout).toContain(`+++ ${h.codex}\n`);
    expect(r.stdout).toMatch(/^\+.*mytty-bar-hook' claude-code/m);
    expect(r.stdout).toMatch(/^\+.*mytty-bar-hook' codex/m);
    // Exactly what install then writes: afterwards, diff is empty again.
    expect(h.run("install").code).toBe(0);
    expect(h.run("diff")).toMatchObject({ code: 0, stdout: "" });
  });

  it("status never says no issues beneath a [✗]/[!] line, and every such line names its command", (t) => {
    const h = withAgents(t);
    for (const step of ["fresh", "installed"]) {
      if (step === "installed") expect(h.run("install").code).toBe(0);
      const r = h.run("status");
      expect(r.code).toBe(0);
      const lines = flagged(r.stdout);
      // Fresh: hooks, helper, guide and pointers not installed; installed: the engine is not running.
      expect(lines.length).toBeGreaterThan(0);
      for (const block of lines) expect(block, block).toSatisfy(namesCommand);
      expect(r.stdout).not.toMatch(/no issues/i);
    }
  });

  it("after a hand repair of an unparsable settings.json, the command the refusal named installs the hooks", (t) => {
    const h = withAgents(t);
    fs.mkdirSync(path.dirname(h.claude), { recursive: true });
    fs.writeFileSync(h.claude, '{\n  "permissions": {,}\n}\n');
    const refused = h.run("install", "claude-code");
    expect(refused.code).toBe(1);
    const named = /then run `mytty-doctor ([^`]+)`/.exec(refused.stdout + refused.stderr)?.[1];
    expect(named).toBeDefined();
    // status names the same way out.
    expect(h.json("status").value.issues.find((i) => i.item === "claude-code")?.message).toContain(
      `\`mytty-doctor ${named}\``,
    );
    fs.writeFileSync(h.claude, '{\n  "permissions": {}\n}\n');
    expect(h.run(...named!.split(" ")).code).toBe(0);
    expect(h.json("status").value.providers.find((p) => p.id === "claude-code")?.status).toBe("installed");
  });

  it("names every valid target when none is found or an unknown one is asked for", (t) => {
    const h = testHome(t);
    const none = h.run("install");
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(INSTALLABLE_PROVIDERS.join(", "));
    const unknown = h.run("install", "nope");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`expected one of: ${INSTALLABLE_PROVIDERS.join(", ")}`);
  });

  it("offers --no-pointers only where something is written, not on the read-only status", (t) => {
    const h = testHome(t);
    expect(h.run("status", "-h").stdout).not.toContain("--no-pointers");
    expect(h.run("install", "-h").stdout).toContain("--no-pointers");
    expect(h.run("status", "--no-pointers").code).toBe(2);
  });
});
