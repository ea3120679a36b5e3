// The transport against a real sshd (test/support/sshd.ts): stdin/stdout pass through byte for byte,
// the session's HOME is the fixture's remote home, and each failure is one line with its fix.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyFailure, parseDestination, runRemote, type Destination } from "@mytty-bar/remote";
import { startSshd, type SshdFixture } from "./support/sshd.js";

let sshd: SshdFixture;
let dest: Destination;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  sshd = await startSshd();
  const r = parseDestination(sshd.destination);
  if (!r.ok) throw new Error(r.message);
  dest = r.destination;
  env = { ...process.env, MYTTY_BAR_SSH: sshd.sshCommand };
});
afterAll(async () => {
  await sshd?.stop();
});

describe("runRemote over a real sshd", () => {
  it("passes stdin and stdout through byte for byte, with the remote HOME and $1", async () => {
    const input = Buffer.from([0, 1, 2, 255, 13, 10, 9, 39, 34]);
    const result = await runRemote(dest, `printf '%s|%s|' "$HOME" "$1"; cat`, input, { env, args: ["it's"] });
    expect(classifyFailure(dest, result, env)).toBeUndefined();
    expect(result.code).toBe(0);
    expect(result.stdout).toEqual(Buffer.concat([Buffer.from(`${sshd.remoteHome}|it's|`), input]));
  });

  it("hands the script's own exit code back untouched", async () => {
    const result = await runRemote(dest, "exit 3", "", { env });
    expect(result.code).toBe(3);
    expect(classifyFailure(dest, result, env)).toBeUndefined();
  });

  it("says a dead port is unreachable, in one line naming the check command", async () => {
    const dead = `${sshd.sshCommand} -o Port=1`;
    const deadEnv = { ...env, MYTTY_BAR_SSH: dead };
    const failure = classifyFailure(dest, await runRemote(dest, "true", "", { env: deadEnv }), deadEnv);
    expect(failure?.kind).toBe("unreachable");
    expect(failure?.message).toContain(`\`${dead} -o BatchMode=yes mytty-test-remote true\``);
    expect(failure?.message).not.toContain("\n");
  });

  it("says a refused key is refused, and how to install one", async () => {
    const keys = fs.readFileSync(sshd.authorizedKeys);
    fs.writeFileSync(sshd.authorizedKeys, "");
    try {
      const failure = classifyFailure(dest, await runRemote(dest, "true", "", { env }), env);
      expect(failure?.kind).toBe("key-refused");
      expect(failure?.message).toMatch(/refused our key \(.*Permission denied.*\).*ssh-copy-id mytty-test-remote/);
    } finally {
      fs.writeFileSync(sshd.authorizedKeys, keys);
    }
  });

  it("says an unknown host key is unknown (BatchMode never accepts one)", async () => {
    const known = fs.readFileSync(sshd.knownHosts);
    fs.writeFileSync(sshd.knownHosts, "");
    try {
      const failure = classifyFailure(dest, await runRemote(dest, "true", "", { env }), env);
      expect(failure?.kind).toBe("host-key");
    } finally {
      fs.writeFileSync(sshd.knownHosts, known);
    }
  });

  it("kills a command that does not answer in time", async () => {
    const result = await runRemote(dest, "sleep 30", "", { env, timeoutMs: 500 });
    expect(result.timedOut).toBe(true);
    expect(classifyFailure(dest, result, env)?.kind).toBe("timeout");
  });
});

describe("a host without sh", () => {
  it("says so in one line", async () => {
    const bare = await startSshd({ env: { PATH: "/nonexistent" } });
    try {
      const r = parseDestination(bare.destination);
      if (!r.ok) throw new Error(r.message);
      const bareEnv = { ...process.env, MYTTY_BAR_SSH: bare.sshCommand };
      const failure = classifyFailure(
        r.destination,
        await runRemote(r.destination, "true", "", { env: bareEnv }),
        bareEnv,
      );
      expect(failure?.kind).toBe("no-sh");
      expect(failure?.message).toContain("has no sh on its PATH");
    } finally {
      await bare.stop();
    }
  });
});

describe("no client", () => {
  it("says ssh is not installed", async () => {
    const noSsh = { ...process.env, PATH: "/nonexistent" };
    const failure = classifyFailure(dest, await runRemote(dest, "true", "", { env: noSsh }), noSsh);
    expect(failure?.kind).toBe("no-client");
  });
});
