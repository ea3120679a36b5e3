// install and uninstall change all of their files or none (docs/doctor.md#promises): a named agent
// whose config cannot be parsed leaves the helper, the guide and the pointers as they were, exit 1,
// and the output names what was not written; fix repairs what it can and leaves the unreadable file.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testHome as home, type Home } from "./harness.js";

const BROKEN = '{\n  "hooks": {,}\n}\n';

function breakClaude(h: Home): void {
  fs.mkdirSync(path.dirname(h.claude), { recursive: true });
  fs.writeFileSync(h.claude, BROKEN);
}

const reason = (h: Home) =>
  `${h.claude}:2:13: value expected. mytty-doctor never writes a file it cannot read: fix it by hand (or move it away), then run \`mytty-doctor install claude-code\`.`;

describe.concurrent("an unreadable config among install's files", () => {
  it("install <provider> writes nothing at all and says what it did not write", (t) => {
    const h = home(t);
    breakClaude(h);
    const r = h.run("install", "claude-code");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        `Nothing was written: install changes all of its files or none, and the file below cannot be read. Not written: ${h.helper}, ${h.guide}, ${h.skill}.`,
        reason(h),
        "",
      ].join("\n"),
    );
    expect(fs.readFileSync(h.claude, "utf8")).toBe(BROKEN);
    for (const file of [h.helper, h.guide, h.skill]) expect(fs.existsSync(file)).toBe(false);
  });

  it("install of several agents writes none of them, and --json lists what was held back", (t) => {
    const h = home(t);
    breakClaude(h);
    const r = h.json<{ changes: unknown[]; skipped: { item: string }[]; heldBack: { item: string }[] }>(
      "install",
      "claude-code",
      "codex",
    );
    expect(r.code).toBe(1);
    expect(r.value.changes).toEqual([]);
    expect(r.value.skipped.map((s) => s.item)).toEqual(["claude-code"]);
    expect(r.value.heldBack.map((s) => s.item)).toEqual([
      "codex",
      "helper",
      "guide",
      "pointer:claude-code",
      "pointer:codex",
    ]);
    expect(fs.existsSync(h.codex)).toBe(false);
    expect(fs.existsSync(h.agentsMd)).toBe(false);
    // The dry run says the same, before anything.
    const dry = h.run("install", "claude-code", "--dry-run");
    expect(dry.code).toBe(1);
    expect(dry.stdout).toMatch(/^Nothing would be written: install changes all of its files or none/);
    expect(h.run("diff", "claude-code")).toMatchObject({ code: 1, stdout: "", stderr: `${reason(h)}\n` });
  });

  it("uninstall <provider> keeps its pointer while its hooks cannot be read", (t) => {
    const h = home(t);
    expect(h.run("install", "claude-code").code).toBe(0);
    const skill = fs.readFileSync(h.skill);
    fs.writeFileSync(h.claude, BROKEN);
    const r = h.run("uninstall", "claude-code");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`Nothing was written: uninstall changes all of its files or none`);
    expect(fs.readFileSync(h.skill)).toEqual(skill);
  });

  it("an uninstall refused by an unreadable file names uninstall, not install, as the way to finish", (t) => {
    const h = home(t);
    expect(h.run("install", "claude-code").code).toBe(0);
    fs.writeFileSync(h.claude, BROKEN);
    const fixThen = (command: string) => reason(h).replace("`mytty-doctor install claude-code`", `\`${command}\``);
    for (const args of [["claude-code"], []]) {
      const r = h.run("uninstall", ...args);
      expect(r.code).toBe(1);
      expect(r.stdout.trimEnd().split("\n").at(-1)).toBe(fixThen(["mytty-doctor uninstall", ...args].join(" ")));
      const dry = h.run("uninstall", ...args, "--dry-run");
      expect(dry.stdout).toContain(fixThen(["mytty-doctor uninstall", ...args].join(" ")));
      expect(dry.stdout).not.toContain("mytty-doctor install");
    }
  });

  it("fix repairs what it can, leaves the unreadable file, and says which is which", (t) => {
    const h = home(t);
    expect(h.run("install", "codex").code).toBe(0);
    breakClaude(h);
    fs.rmSync(h.helper);
    const r = h.run("fix");
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n")).toEqual(expect.arrayContaining([`wrote ${h.helper}`, reason(h)]));
    expect(fs.statSync(h.helper).mode & 0o777).toBe(0o755);
    expect(fs.readFileSync(h.claude, "utf8")).toBe(BROKEN);
  });
});
