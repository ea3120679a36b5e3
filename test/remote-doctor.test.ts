// `mytty-doctor … --host` end to end: the real CLI, a real sshd (test/support/sshd.ts) whose sessions
// have their own HOME, MYTTY_BAR_SSH pointing ssh at the fixture's config. The local HOME stays empty.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSshd, type SshdFixture } from "./support/sshd.js";

const ROOT = path.join(import.meta.dirname, "..");
const BIN = path.join(ROOT, "apps", "doctor", "bin", "mytty-doctor.js");
const FIXTURE = path.join(ROOT, "fixtures", "configs", "claude-code", "crlf-4-spaces.json");
const OUR_HOOK = "mytty-bar-hook' claude-code";

let sshd: SshdFixture;
let localHome: string;
let env: NodeJS.ProcessEnv;

function doctor(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  sshd = await startSshd();
  localHome = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-local-home-"));
  env = { PATH: process.env.PATH, HOME: localHome, MYTTY_BAR_SSH: sshd.sshCommand };
});
afterAll(async () => {
  await sshd?.stop();
  if (localHome) fs.rmSync(localHome, { recursive: true, force: true });
});

describe("mytty-doctor --host over a real sshd", () => {
  it("installs Claude Code's hooks on the host, reports them there, and uninstall gives back the exact bytes", async () => {
    const settings = path.join(sshd.remoteHome, ".claude", "settings.json");
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    const original = fs.readFileSync(FIXTURE);
    fs.writeFileSync(settings, original);

    const installed = await doctor("install", "claude-code", "--host", sshd.destination, "--json");
    expect(installed.stderr).toBe("");
    expect(installed.code).toBe(0);
    const result = JSON.parse(installed.stdout) as { host: string; changes: { path: string; result: string }[] };
    expect(result.changes.find((c) => c.path === settings)?.result).toBe("written");
    const text = fs.readFileSync(settings, "utf8");
    const data = path.join(sshd.remoteHome, ".local", "share", "mytty-bar");
    expect(text).toContain(`'${data}/bin/mytty-bar-hook' claude-code`);
    expect(text).toContain("terminal-notifier -message"); // another tool's hook stays
    expect(text).toContain('\r\n    "hooks"'); // CRLF and 4 spaces kept
    expect(fs.statSync(path.join(data, "bin", "mytty-bar-hook")).mode & 0o777).toBe(0o755);
    expect(fs.readdirSync(localHome)).toEqual([]); // nothing written on this machine

    const status = await doctor("status", "--host", sshd.destination, "--json");
    const report = JSON.parse(status.stdout) as { host: string; providers: { id: string; status: string }[] };
    expect(report.host).toBe(sshd.destination);
    expect(report.providers.find((p) => p.id === "claude-code")?.status).toBe("installed");
    expect(status.code).toBe(0);

    const text2 = await doctor("status", "--host", sshd.destination);
    expect(text2.stdout).toContain(`Mytty Bar doctor on ${sshd.destination}`);
    expect(text2.stdout).toContain(`\`mytty-doctor install codex --host ${sshd.destination}\``);

    const removed = await doctor("uninstall", "claude-code", "--host", sshd.destination);
    expect(removed.code).toBe(0);
    expect(fs.readFileSync(settings)).toEqual(original);
    expect(fs.readFileSync(settings, "utf8")).not.toContain(OUR_HOOK);
  });

  it("says in one line that a host cannot be reached, with the command that checks it", async () => {
    env = { ...env, MYTTY_BAR_SSH: `${sshd.sshCommand} -o Port=1` };
    try {
      const r = await doctor("status", "--host", sshd.destination);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Cannot reach mytty-test-remote \(.*Connection refused\): .*`ssh -F .* -o Port=1 -o BatchMode=yes mytty-test-remote true`\.$/,
      );
      const json = await doctor("status", "--host", sshd.destination, "--json");
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({ host: sshd.destination, error: { kind: "unreachable" } });
    } finally {
      env = { ...env, MYTTY_BAR_SSH: sshd.sshCommand };
    }
  });

  it("fix --host puts back the helper the host lost; a refused key is one line naming ssh-copy-id", async () => {
    const helper = path.join(sshd.remoteHome, ".local", "share", "mytty-bar", "bin", "mytty-bar-hook");
    expect((await doctor("install", "claude-code", "--host", sshd.destination)).code).toBe(0);
    const script = fs.readFileSync(helper);
    fs.rmSync(helper);
    const broken = await doctor("status", "--host", sshd.destination);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`Run \`mytty-doctor fix --host ${sshd.destination}\``);
    const fixed = await doctor("fix", "--host", sshd.destination);
    expect(fixed.code).toBe(0);
    expect(fs.readFileSync(helper)).toEqual(script);

    const keys = fs.readFileSync(sshd.authorizedKeys);
    fs.writeFileSync(sshd.authorizedKeys, "");
    try {
      const refused = await doctor("status", "--host", sshd.destination);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(refused.stderr).toMatch(/refused our key .*ssh-copy-id mytty-test-remote/);
    } finally {
      fs.writeFileSync(sshd.authorizedKeys, keys);
    }
  });

  it("refuses a destination that ssh would read as an option (usage error, nothing run)", async () => {
    const r = await doctor("status", "--host=-oProxyCommand=touch");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('starts with "-"');
  });
});

describe("mytty-doctor status --host: which agents live on the host", () => {
  let host: SshdFixture;
  beforeAll(async () => {
    // The host's sessions find binaries in its own ~/bin first, as a user's PATH would.
    host = await startSshd({ env: (home) => ({ PATH: `${home}/bin:/usr/bin:/bin` }) });
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("marks an agent absent on the host [-], and one found there (config dir or binary on PATH) [✗] with its fix", async () => {
    fs.mkdirSync(path.join(host.remoteHome, ".codex"), { recursive: true });
    fs.mkdirSync(path.join(host.remoteHome, "bin"), { recursive: true });
    fs.writeFileSync(path.join(host.remoteHome, "bin", "opencode"), "#!/bin/sh\n", { mode: 0o755 });
    const saved = env;
    env = { ...env, MYTTY_BAR_SSH: host.sshCommand };
    try {
      const r = await doctor("status", "--host", host.destination);
      expect(r.stderr).toBe("");
      const lines = r.stdout.split("\n");
      const d = host.destination;
      expect(lines).toContain("[✗] Codex hooks not installed");
      expect(lines).toContain("[✗] OpenCode hooks not installed");
      expect(r.stdout).toContain(`\`mytty-doctor install codex --host ${d}\``);
      expect(r.stdout).toContain(`\`mytty-doctor install opencode --host ${d}\``);
      for (const [id, label] of [
        ["claude-code", "Claude Code"],
        ["cursor", "Cursor"],
        ["gemini", "Gemini CLI"],
      ] as const) {
        expect(lines).toContain(
          `[-] ${label} not found on ${d} (install it there, then: \`mytty-doctor install ${id} --host ${d}\`)`,
        );
        expect(lines.some((l) => l.startsWith(`[✗] ${label} `))).toBe(false);
      }
      expect(fs.readdirSync(localHome)).toEqual([]);
    } finally {
      env = saved;
    }
  });
});
