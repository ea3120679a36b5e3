// Bad input through the real CLI: named providers narrow `fix`; a config the doctor cannot take
// (a fifo, 200 000 levels of nesting) is `invalid` in status with its spot, never a hang or a lost row;
// a guide it cannot write is an error, not "nothing to do"; a relative data dir still yields hooks that
// run from any directory.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, testHome as home } from "./harness.js";

describe.concurrent("mytty-doctor on bad input", () => {
  it("fix <provider> repairs that provider only", (t) => {
    const h = home(t);
    expect(h.run("install", "claude-code", "codex").code).toBe(0);
    const claudeEdited = fs.readFileSync(h.claude, "utf8").replace(`"timeout": 5`, `"timeout": 9`);
    const codexEdited = fs.readFileSync(h.codex, "utf8").replace(`"timeout": 5`, `"timeout": 9`);
    fs.writeFileSync(h.claude, claudeEdited);
    fs.writeFileSync(h.codex, codexEdited);

    expect(h.run("fix", "codex").code).toBe(0);
    expect(fs.readFileSync(h.codex, "utf8")).not.toContain(`"timeout": 9`);
    expect(fs.readFileSync(h.claude, "utf8")).toBe(claudeEdited);
    const st = h.json("status").value;
    expect(st.providers.filter((p) => p.status !== "not-installed").map((p) => [p.id, p.status])).toEqual([
      ["codex", "installed"],
      ["claude-code", "needs-repair"],
    ]);
    expect(h.run("fix", "vscode").code).toBe(2);
  });

  it("names a mistyped command as unknown (exit 2) instead of blaming the default command", (t) => {
    const h = home(t);
    const r = h.run("instal", "codex");
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toBe(
      "error: unknown command 'instal'. Did you mean install? Commands: status, install, fix, diff, uninstall, guide, agents (`mytty-doctor --help` explains them).\n",
    );
    expect(h.run("agents", "--json")).toMatchObject({ code: 0, stderr: "" });
  });

  it("reports a fifo in place of settings.json as invalid instead of blocking on it", (t) => {
    const h = home(t);
    fs.mkdirSync(path.dirname(h.claude), { recursive: true });
    execFileSync("mkfifo", [h.claude]);
    const { code, value } = h.json("status");
    expect(code).toBe(1);
    expect(value.providers.find((p) => p.id === "claude-code")).toMatchObject({
      status: "invalid",
      detail: "is not a regular file",
    });
  });

  it("reads its own settings.json leniently: a fifo there neither blocks status nor changes a default", (t) => {
    const h = home(t);
    fs.mkdirSync(h.data, { recursive: true, mode: 0o700 });
    execFileSync("mkfifo", [path.join(h.data, "settings.json")]);
    expect(h.run("install", "claude-code").code).toBe(0);
    const { code, value } = h.json("status");
    expect(code).toBe(0);
    expect(value.pointers.map((p) => [p.provider, p.status, p.lang])).toEqual([
      ["claude-code", "installed", "en"],
      ["codex", "not-installed", "en"],
    ]);
  });

  it("keeps a provider whose config nests 200 000 levels deep in status, as invalid with its spot", (t) => {
    const h = home(t);
    fs.mkdirSync(path.dirname(h.codex), { recursive: true });
    fs.writeFileSync(h.codex, `${"[".repeat(200_000)}${"]".repeat(200_000)}`);
    const { code, value } = h.json("status");
    expect(code).toBe(1);
    expect(value.crashed).toEqual([]);
    expect(value.providers.map((p) => p.id)).toEqual([
      "codex",
      "claude-code",
      "opencode",
      "antigravity",
      "cursor",
      "gemini",
    ]);
    expect(value.providers[0]).toMatchObject({
      status: "invalid",
      problem: { line: 1, column: 257, message: "nests deeper than 256 levels" },
    });
    const install = h.run("install", "codex");
    expect(install.code).toBe(1);
    expect(install.stderr + install.stdout).toContain(`${h.codex}:1:257: nests deeper than 256 levels.`);
  });

  it("diff names an invalid config on stderr instead of looking all clear", (t) => {
    const h = home(t);
    fs.mkdirSync(path.dirname(h.claude), { recursive: true });
    fs.writeFileSync(h.claude, '{\n  "hooks": {,}\n}\n');
    const message = `${h.claude}:2:13: value expected. mytty-doctor never writes a file it cannot read: fix it by hand (or move it away), then run \`mytty-doctor install claude-code\`.\n`;
    expect(h.run("diff", "claude-code")).toMatchObject({ code: 1, stderr: message });
    // Nothing installed yet: diff previews what install would write, which is nothing at all while one
    // of its files cannot be read (install changes all of them or none).
    expect(h.run("diff")).toMatchObject({ code: 1, stdout: "", stderr: message });
  });

  it("names the Gemini CLI target, not its event provider, as the remedy for an invalid Gemini config", (t) => {
    const h = home(t);
    fs.mkdirSync(path.dirname(h.gemini), { recursive: true });
    fs.writeFileSync(h.gemini, '{\n  "hooks": {},\n}\n');
    const r = h.run("diff", "gemini");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("then run `mytty-doctor install gemini`.");
  });

  it("guide --write fails with the reason when the data dir is a file", (t) => {
    const h = home(t);
    fs.mkdirSync(path.dirname(h.data), { recursive: true });
    fs.writeFileSync(h.data, "");
    const r = h.run("guide", "--write");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `${h.guide}:1:1: cannot be read (ENOTDIR). mytty-doctor never writes a file it cannot read: fix it by hand (or move it away), then run \`mytty-doctor guide --write\`.\n`,
    );
  });

  it("writes hook commands with an absolute helper path when MYTTY_BAR_DATA_DIR is relative", (t) => {
    const h = home(t);
    const r = spawnSync(process.execPath, [BIN, "install", "codex", "--no-pointers"], {
      cwd: h.home,
      env: { ...h.env, MYTTY_BAR_DATA_DIR: "rel data" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(r.status).toBe(0);
    const helper = path.join(fs.realpathSync(h.home), "rel data", "bin", "mytty-bar-hook");
    expect(fs.readFileSync(h.codex, "utf8")).toContain(JSON.stringify(`exec '${helper}' codex`));
    expect(fs.statSync(helper).mode & 0o777).toBe(0o755);
  });

  it("never resolves to relative paths when HOME is set but empty", () => {
    // resolvePaths only: nothing is read or written, so the account's real home is never touched.
    const installers = path.join(path.dirname(BIN), "..", "..", "..", "packages", "installers", "dist", "index.js");
    const script = `const { resolvePaths } = await import(${JSON.stringify(installers)}); const p = resolvePaths(); console.log(JSON.stringify([p.home, p.dataDir, p.helper, p.codexHooks]));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      env: { PATH: "/usr/bin:/bin", HOME: "" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(r.stderr).toBe("");
    const paths = JSON.parse(r.stdout) as string[];
    expect(paths.filter((p) => !path.isAbsolute(p))).toEqual([]);
  });
});
