// mytty-doctor through the real CLI on a temp HOME: contracts (status --json, exit codes), repair,
// symlinks, modes, backups, dry runs, pointers and their language, the owned-file providers.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { guideText, resolvePaths } from "@mytty-bar/installers";
import { backupsOf, mode, testHome as home, type StatusJson } from "./harness.js";

describe.concurrent("mytty-doctor", () => {
  it("prints the status --json contract and exits 0 on a fresh machine", (t) => {
    const h = home(t);
    const { code, value } = h.json("status");
    expect(code).toBe(0);
    expect(value.providers.map((p) => [p.id, p.status])).toEqual([
      ["codex", "not-installed"],
      ["claude-code", "not-installed"],
      ["opencode", "not-installed"],
      ["antigravity", "not-installed"],
      ["cursor", "not-installed"],
      ["gemini", "not-installed"],
    ]);
    expect(value.providers[1]!.configPath).toBe(h.claude);
    expect(value.helper).toEqual({ path: h.helper, status: "not-installed" });
    expect(value.guide).toEqual({ path: h.guide, status: "not-installed" });
    expect(value.pointers).toEqual([
      { provider: "claude-code", path: h.skill, status: "not-installed", lang: "en" },
      { provider: "codex", path: h.agentsMd, status: "not-installed", lang: "en" },
    ]);
    expect(value.backups).toEqual({ dir: h.backups, count: 0 });
    expect(value.engine).toEqual({ running: false });
    expect(value.issues).toEqual([]);
  });

  it("exits 2 on usage errors", (t) => {
    const h = home(t);
    expect(h.run("install", "vscode").code).toBe(2);
    expect(h.run("status", "--lang", "fr").code).toBe(2);
    expect(h.run("status", "--frobnicate").code).toBe(2);
    expect(h.run("nonsense").code).toBe(2);
    expect(h.run("--help").code).toBe(0);
  });

  it("installs only the providers present on this machine when none are named", (t) => {
    const h = home(t);
    fs.mkdirSync(path.join(h.home, ".cursor"));
    const bin = path.join(h.home, "bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, "opencode"), "#!/bin/sh\n", { mode: 0o755 });
    h.env.PATH = `${bin}:${h.env.PATH}`;
    expect(h.run("install").code).toBe(0);
    const st = h.json("status").value;
    expect(st.providers.filter((p) => p.status === "installed").map((p) => p.id)).toEqual(["opencode", "cursor"]);
  });

  it("says what to do when no agent is found and nothing is named", (t) => {
    const h = home(t);
    const r = h.run("install");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("`mytty-doctor install <provider>`, <provider> being one of codex, claude-code");
  });

  it("diff with no agent found and nothing installed says what install says, not an empty all-clear", (t) => {
    const h = home(t);
    const install = h.run("install");
    for (const args of [["diff"], ["diff", "--json"]]) {
      const r = h.run(...args);
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        code: 1,
        stdout: "",
        stderr: install.stderr,
      });
    }
    expect(install.stderr).toMatch(/^No agent was found on this machine .*Name one: `mytty-doctor install <provider>`/);
    expect(fs.existsSync(h.data)).toBe(false);
  });

  it("finds a hand edit, diffs it and fixes only our entry", (t) => {
    const h = home(t);
    const original = h.put(h.claude, "claude-code/tabs-no-newline.json");
    h.run("install", "claude-code");
    const installed = fs.readFileSync(h.claude, "utf8");
    // The user deletes our Stop handler by hand and adds a key of their own.
    const ours = `exec '${h.helper}' claude-code`;
    const stopGroup = `,\n\t\t\t{\n\t\t\t\t"hooks": [\n\t\t\t\t\t{\n\t\t\t\t\t\t"type": "command",\n\t\t\t\t\t\t"command": ${JSON.stringify(ours)},\n\t\t\t\t\t\t"timeout": 5\n\t\t\t\t\t}\n\t\t\t\t]\n\t\t\t}`;
    expect(installed).toContain(stopGroup);
    const edited = installed.replace(stopGroup, "").replace(`"model": "opus",`, `"model": "opus",\n\t"theme": "dark",`);
    fs.writeFileSync(h.claude, edited);

    const st = h.json("status");
    expect(st.code).toBe(1);
    expect(st.value.providers.find((p) => p.id === "claude-code")).toMatchObject({
      status: "needs-repair",
      detail: "Stop: missing",
    });
    expect(h.run("status").stdout).toContain("[!] Claude Code hooks need repair");

    const diff = h.run("diff");
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain(`+\t\t\t\t\t\t"command": ${JSON.stringify(ours)},`);

    expect(h.run("fix").code).toBe(0);
    expect(fs.readFileSync(h.claude, "utf8")).toBe(
      installed.replace(`"model": "opus",`, `"model": "opus",\n\t"theme": "dark",`),
    );
    expect(h.json("status").code).toBe(0);
    expect(h.run("diff").code).toBe(0);
    h.run("uninstall", "claude-code");
    expect(fs.readFileSync(h.claude, "utf8")).toBe(
      original.toString("utf8").replace(`"model": "opus",`, `"model": "opus",\n\t"theme": "dark",`),
    );
  });

  it("repairs an older install of ours (exec form, moved helper, idle_prompt matcher)", (t) => {
    const h = home(t);
    h.put(h.claude, "claude-code/repair-old-install.json");
    const before = h.json("status").value.providers.find((p) => p.id === "claude-code")!;
    expect(before.status).toBe("needs-repair");
    expect(before.detail).toContain("Notification: entry differs");
    expect(h.run("fix").code).toBe(0);
    const text = fs.readFileSync(h.claude, "utf8");
    expect(text).not.toContain("/opt/old/");
    expect(text).not.toContain("idle_prompt");
    expect(h.json("status").value.providers.find((p) => p.id === "claude-code")!.status).toBe("installed");
  });

  it("gives Codex its question, interrupt and session-end hooks too, and brings an older five-event install up to date", (t) => {
    const h = home(t);
    expect(h.run("install", "codex").code).toBe(0);
    const full = fs.readFileSync(h.codex, "utf8");
    const events = (text: string) => Object.keys((JSON.parse(text) as { hooks: object }).hooks);
    expect(events(full)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PermissionRequest",
      "PostToolUse",
      "Stop",
      "PreToolUse",
      "Interrupt",
      "SessionEnd",
    ]);
    // What an install of the five Mytty events looks like: those three missing.
    const parsed = JSON.parse(full) as { hooks: Record<string, unknown> };
    for (const e of ["PreToolUse", "Interrupt", "SessionEnd"]) delete parsed.hooks[e];
    fs.writeFileSync(h.codex, `${JSON.stringify(parsed, null, 2)}\n`);
    const codex = () => h.json("status").value.providers.find((p) => p.id === "codex")!;
    expect(codex()).toMatchObject({
      status: "needs-repair",
      detail: "PreToolUse: missing; Interrupt: missing; SessionEnd: missing",
    });
    expect(h.run("fix", "codex").code).toBe(0);
    expect(codex().status).toBe("installed");
    expect(fs.readFileSync(h.codex, "utf8")).toBe(full);
  });

  it("counts Codex hooks switched off in its own config.toml as an issue (exit 1), without touching that file", (t) => {
    const h = home(t);
    expect(h.run("install", "codex").code).toBe(0);
    const config = path.join(path.dirname(h.codex), "config.toml");
    const toml = 'model = "gpt-5-codex"\n\n[features]\nhooks = false\n';
    fs.writeFileSync(config, toml);
    const status = h.run("status");
    expect(status.code).toBe(1);
    const off = `Codex has hooks switched off (\`hooks = false\` in ${config}), so it runs none of them: set it to true or remove the line, then run \`mytty-doctor status\` to check.`;
    expect(status.stdout).toContain(`[!] Codex hooks installed, but switched off (${h.codex})\n    • ${off}\n`);
    expect(status.stdout.split(off).length).toBe(2);
    expect(status.stdout).not.toContain("No issues found");
    expect(status.stdout).toMatch(/\n1 issue found\.\n$/);
    const json = h.json("status");
    expect(json.code).toBe(1);
    expect(json.value.providers.find((p) => p.id === "codex")).toMatchObject({
      status: "installed",
      detail: expect.stringContaining("switched off"),
    });
    expect(json.value.issues).toEqual([{ item: "codex", message: off }]);
    expect(h.run("fix").code).toBe(0);
    expect(fs.readFileSync(config, "utf8")).toBe(toml);
    // Switched back on: all clear again.
    fs.writeFileSync(config, 'model = "gpt-5-codex"\n\n[features]\nhooks = true\n');
    expect(h.json("status").value.issues).toEqual([]);
  });

  it("repairs shell-form commands written before `exec` (helper's parent = the agent), and still owns them", (t) => {
    const h = home(t);
    h.run("install", "claude-code", "codex", "cursor");
    const files = { "claude-code": h.claude, codex: h.codex, cursor: h.cursor };
    const current = Object.fromEntries(Object.entries(files).map(([id, file]) => [id, fs.readFileSync(file, "utf8")]));
    // What the previous release wrote: the same entries without the leading `exec `.
    for (const [id, file] of Object.entries(files)) {
      expect(current[id]).toContain(`"exec '${h.helper}' `);
      fs.writeFileSync(file, current[id]!.replaceAll(`"exec '`, `"'`));
    }
    const before = h.json("status").value.providers;
    for (const id of Object.keys(files)) {
      expect(before.find((p) => p.id === id)).toMatchObject({
        status: "needs-repair",
        detail: expect.stringContaining("entry differs"),
      });
    }
    expect(h.run("fix").code).toBe(0);
    for (const [id, file] of Object.entries(files)) expect(fs.readFileSync(file, "utf8")).toBe(current[id]);
    expect(h.json("status").code).toBe(0);
    // Uninstall recognises the old form as ours too.
    for (const [, file] of Object.entries(files))
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replaceAll(`"exec '`, `"'`));
    expect(h.run("uninstall", "claude-code", "codex", "cursor").code).toBe(0);
    for (const file of Object.values(files))
      expect(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "").not.toContain("mytty-bar-hook");
  });

  it("does not fight a tool that reorders entries: status is order-insensitive", (t) => {
    const h = home(t);
    h.put(h.cursor, "cursor/tabs-other-tools.json");
    h.run("install", "cursor");
    const text = fs.readFileSync(h.cursor, "utf8");
    const parsed = JSON.parse(text) as { hooks: Record<string, unknown[]> };
    parsed.hooks.preToolUse!.reverse();
    const reordered = JSON.stringify(
      { hooks: Object.fromEntries(Object.entries(parsed.hooks).reverse()), version: 1 },
      null,
      3,
    );
    fs.writeFileSync(h.cursor, reordered);
    expect(h.json("status").value.providers.find((p) => p.id === "cursor")!.status).toBe("installed");
    expect(h.run("fix").stdout).toContain("Nothing to do");
    expect(fs.readFileSync(h.cursor, "utf8")).toBe(reordered);
  });

  it("keeps a symlinked settings.json a symlink and writes its target", (t) => {
    const h = home(t);
    const real = path.join(h.home, "dotfiles", "claude.json");
    const original = h.put(real, "claude-code/crlf-4-spaces.json");
    fs.chmodSync(real, 0o640);
    fs.mkdirSync(path.dirname(h.claude), { recursive: true });
    fs.symlinkSync("../dotfiles/claude.json", h.claude);
    expect(h.run("install", "claude-code").code).toBe(0);
    expect(fs.lstatSync(h.claude).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real, "utf8")).toContain("mytty-bar-hook");
    expect(mode(real)).toBe(0o640);
    h.run("uninstall", "claude-code");
    expect(fs.lstatSync(h.claude).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real).equals(original)).toBe(true);
  });

  it("keeps an existing file's mode and creates new files 0600, AGENTS.md 0644, the helper 0755", (t) => {
    const h = home(t);
    h.put(h.codex, "codex/description-2-spaces.json");
    fs.chmodSync(h.codex, 0o644);
    expect(h.run("install", "codex", "cursor", "claude-code").code).toBe(0);
    expect(mode(h.codex)).toBe(0o644);
    expect(mode(h.cursor)).toBe(0o600);
    expect(mode(h.claude)).toBe(0o600);
    expect(mode(h.agentsMd)).toBe(0o644);
    expect(mode(h.helper)).toBe(0o755);
    expect(mode(h.data)).toBe(0o700);
    expect(mode(h.backups)).toBe(0o700);
    for (const b of backupsOf(h)) expect(mode(path.join(h.backups, b))).toBe(0o600);
    fs.chmodSync(h.helper, 0o644);
    const st = h.json("status").value;
    expect(st.helper.status).toBe("needs-repair");
    h.run("fix");
    expect(mode(h.helper)).toBe(0o755);
  });

  it("keeps at most 10 backups per file and shows where they are", (t) => {
    const h = home(t);
    h.put(h.claude, "claude-code/empty-object.json");
    for (let i = 0; i < 7; i += 1) {
      h.run("install", "claude-code");
      h.run("uninstall", "claude-code");
    }
    const mine = backupsOf(h).filter((b) => b.startsWith(".claude%settings.json~"));
    expect(mine).toHaveLength(10);
    expect(fs.readFileSync(h.claude, "utf8")).toBe("{}\n");
    expect(h.run("status").stdout).toContain(`Backups of files we changed: ${h.backups}`);
  });

  it("--dry-run writes nothing and shows the diff", (t) => {
    const h = home(t);
    const original = h.put(h.claude, "claude-code/compact-one-line.json");
    const r = h.run("install", "claude-code", "--dry-run");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`--- ${h.claude}`);
    expect(r.stdout).toContain(`+++ ${h.helper}`);
    expect(fs.readFileSync(h.claude).equals(original)).toBe(true);
    expect(fs.existsSync(h.helper)).toBe(false);
    expect(fs.existsSync(h.backups)).toBe(false);
  });

  it("writes pointers in Japanese with --lang ja, and --no-pointers skips them", (t) => {
    const h = home(t);
    h.run("install", "claude-code", "codex", "--lang", "ja");
    const skill = fs.readFileSync(h.skill, "utf8");
    expect(skill.startsWith("---\nname: mytty-bar-team\n")).toBe(true);
    expect(skill).toContain("Mytty Bar チーム連携");
    expect(skill).toContain(h.guide);
    const agents = fs.readFileSync(h.agentsMd, "utf8");
    expect(agents).toMatch(
      /^<!-- mytty-bar:team:begin -->\n## Mytty Bar チーム連携[\s\S]*<!-- mytty-bar:team:end -->\n$/,
    );
    expect(h.json("status").value.pointers.map((p) => [p.status, p.lang])).toEqual([
      ["installed", "ja"],
      ["installed", "ja"],
    ]);
    const en = h.json("status", "--lang", "en");
    expect(en.code).toBe(1);
    expect(en.value.pointers.map((p) => p.status)).toEqual(["needs-repair", "needs-repair"]);
    h.run("fix", "--lang", "en");
    expect(fs.readFileSync(h.skill, "utf8")).toContain("Mytty Bar team coordination");

    const h2 = home(t);
    h2.run("install", "claude-code", "--no-pointers");
    expect(fs.existsSync(h2.skill)).toBe(false);
    expect(h2.json("status").code).toBe(0);
  });

  it("guide prints the guide and --write stores the same bytes", (t) => {
    const h = home(t);
    const printed = h.run("guide");
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(guideText(resolvePaths({ env: h.env })));
    expect(printed.stdout).toContain("mytty-team wait");
    expect(h.run("guide", "--write").code).toBe(0);
    expect(fs.readFileSync(h.guide, "utf8")).toBe(printed.stdout);
    expect(h.json("status").value.guide.status).toBe("installed");
  });

  it("installs and removes the OpenCode plugin file and the Antigravity plugin dir", (t) => {
    const h = home(t);
    expect(h.run("install", "opencode", "antigravity").code).toBe(0);
    const plugin = path.join(h.home, ".config", "opencode", "plugins", "mytty-bar.js");
    const agDir = path.join(h.home, ".gemini", "config", "plugins", "mytty-bar");
    expect(fs.readFileSync(plugin, "utf8")).toContain('export default { id: "mytty-bar", server, setup };');
    // The plugin file alone: no package.json beside it for OpenCode to install dependencies from.
    expect(fs.readdirSync(path.join(h.home, ".config", "opencode"), { recursive: true }).sort()).toEqual([
      "plugins",
      path.join("plugins", "mytty-bar.js"),
    ]);
    const hooks = JSON.parse(fs.readFileSync(path.join(agDir, "hooks.json"), "utf8")) as Record<
      string,
      Record<string, { command: string }[]>
    >;
    expect(hooks["mytty-bar"]!.Stop![0]!.command).toBe(`'${h.helper}' antigravity Stop`);
    expect(JSON.parse(fs.readFileSync(path.join(agDir, "plugin.json"), "utf8"))).toMatchObject({ name: "mytty-bar" });
    fs.appendFileSync(plugin, "// edited\n");
    expect(h.json("status").value.providers.find((p) => p.id === "opencode")!.status).toBe("needs-repair");
    h.run("uninstall", "opencode", "antigravity");
    expect(fs.existsSync(plugin)).toBe(false);
    expect(fs.existsSync(agDir)).toBe(false);
  });

  it("honours CODEX_HOME", (t) => {
    const codexHome = "/nonexistent-placeholder";
    const h = home(t, { CODEX_HOME: codexHome });
    const dir = path.join(h.home, "codex-home");
    h.env.CODEX_HOME = dir;
    h.codex = path.join(dir, "hooks.json");
    h.run("install", "codex");
    expect(fs.readFileSync(h.codex, "utf8")).toContain(`exec '${h.helper}' codex`);
    expect(fs.existsSync(path.join(dir, "AGENTS.md"))).toBe(true);
    expect(fs.existsSync(path.join(h.home, ".codex"))).toBe(false);
  });

  it("tells to trust the hooks in Codex after installing them", (t) => {
    const h = home(t);
    const r = h.run("install", "codex");
    expect(r.stdout).toContain("open Codex and trust the new hooks with /hooks");
  });

  it("flags installed hooks whose helper is missing, and fix restores it", (t) => {
    const h = home(t);
    h.run("install", "cursor");
    fs.rmSync(h.helper);
    const st = h.json("status");
    expect(st.code).toBe(1);
    expect(st.value.issues.find((i) => i.item === "helper")!.message).toContain("Run `mytty-doctor fix`");
    h.run("fix");
    expect(h.json("status").code).toBe(0);
  });

  it("uninstall with no providers removes everything of ours", (t) => {
    const h = home(t);
    h.run("install", "claude-code", "codex", "cursor", "opencode", "antigravity");
    expect(h.run("uninstall").code).toBe(0);
    const st = h.json<StatusJson>("status").value;
    expect([...st.providers, st.helper, st.guide, ...st.pointers].every((i) => i.status === "not-installed")).toBe(
      true,
    );
  });
});
