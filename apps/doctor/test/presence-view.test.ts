// `mytty-doctor status` (text view) and providers that are not on this machine: through the real CLI
// on a temp HOME whose PATH (/usr/bin:/bin, see harness.ts) has no agent binary unless a test adds one.
// Display only: the --json contract and the exit code do not depend on presence.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testHome as home, type Home } from "./harness.js";

const ABSENT_CODEX = "[-] Codex not found on this machine (install it, then: mytty-doctor install codex)";

function expectCodexNotInstalled(h: Home): void {
  const r = h.run("status");
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("[✗] Codex hooks not installed\n    • Run `mytty-doctor install codex` to install.");
  expect(r.stdout).toContain(`[✗] Codex AGENTS.md block not written (${h.agentsMd})`);
  expect(r.stdout).not.toContain(ABSENT_CODEX);
}

describe.concurrent("status and providers not on this machine", () => {
  it("shows an absent provider as one neutral line, without its pointer, not counted, exit 0", (t) => {
    const h = home(t);
    const r = h.run("status");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${ABSENT_CODEX}\n`);
    for (const [label, id] of [
      ["Claude Code", "claude-code"],
      ["OpenCode", "opencode"],
      ["Antigravity", "antigravity"],
      ["Cursor", "cursor"],
    ]) {
      expect(r.stdout).toContain(
        `[-] ${label} not found on this machine (install it, then: mytty-doctor install ${id})\n`,
      );
      expect(r.stdout).not.toContain(`${label} hooks not installed`);
    }
    expect(r.stdout).not.toContain("AGENTS.md block");
    expect(r.stdout).not.toContain("SKILL.md");
    expect(r.stdout).not.toContain("install codex` to install");
    // No agent here: the helper and guide are neutral too; the engine line still names a step.
    expect(r.stdout).toContain(`[-] Hook helper not installed (${h.helper})\n`);
    expect(r.stdout).not.toContain("No issues found.");
    expect(r.stdout).toContain("Nothing needs repair; 1 line above names a step still to take.");
  });

  it("keeps the --json contract: every provider and pointer listed, no presence field, exit 0", (t) => {
    const h = home(t);
    const { code, value } = h.json("status");
    expect(code).toBe(0);
    expect(value.providers.map((p) => [p.id, p.status])).toContainEqual(["codex", "not-installed"]);
    for (const p of value.providers) expect(Object.keys(p).sort()).toEqual(["configPath", "id", "status"]);
    expect(value.pointers.map((p) => [p.provider, p.status])).toEqual([
      ["claude-code", "not-installed"],
      ["codex", "not-installed"],
    ]);
    expect(value.issues).toEqual([]);
  });

  it("shows a provider whose config dir exists but is not installed as [✗] with the install command", (t) => {
    const h = home(t);
    fs.mkdirSync(path.join(h.home, ".codex"));
    expectCodexNotInstalled(h);
  });

  it("shows a provider whose binary is on PATH but is not installed as [✗] with the install command", (t) => {
    const h = home(t);
    const bin = path.join(h.home, "bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, "codex"), "#!/bin/sh\n", { mode: 0o755 });
    h.env.PATH = `${h.env.PATH}:${bin}`;
    expectCodexNotInstalled(h);
    // Only Codex is present: the others stay neutral.
    expect(h.run("status").stdout).toContain("[-] Cursor not found on this machine");
  });

  it("does not count a non-executable file named codex on PATH as Codex", (t) => {
    const h = home(t);
    const bin = path.join(h.home, "bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, "codex"), "not a program\n", { mode: 0o644 });
    h.env.PATH = `${bin}:${h.env.PATH}`;
    expect(h.run("status").stdout).toContain(ABSENT_CODEX);
  });

  it("honours CODEX_HOME for presence", (t) => {
    const h = home(t);
    const codexHome = path.join(h.home, "elsewhere", "codex");
    fs.mkdirSync(codexHome, { recursive: true });
    h.env.CODEX_HOME = codexHome;
    const r = h.run("status");
    expect(r.stdout).toContain("[✗] Codex hooks not installed");
    expect(r.stdout).toContain(`[✗] Codex AGENTS.md block not written (${path.join(codexHome, "AGENTS.md")})`);
  });
});
