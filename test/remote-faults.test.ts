// A watched host that cannot be watched says so in one line with its fix, in the engine's host list
// (what the popup and `mytty-bar remote list` show): unreachable, refused key, no sh. Real sshd
// (test/support/sshd.ts), real ssh through MYTTY_BAR_SSH, the engine in-process with an empty process table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createEngine, defaultSettings, type Engine, type HostStatus } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/installers";
import { startSshd, type SshdFixture } from "./support/sshd.js";
import { until } from "./engine-harness.js";
import { quietEngine } from "../packages/engine/test/helpers.js";

let sshd: SshdFixture;
let noSh: SshdFixture;
const engines: Engine[] = [];
const homes: string[] = [];

beforeAll(async () => {
  sshd = await startSshd();
  // A PATH with no sh on it: the login shell (bash, as root) cannot start ours.
  noSh = await startSshd({ env: { PATH: "/nonexistent" } });
}, 60_000);
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const home of homes.splice(0)) fs.rmSync(home, { recursive: true, force: true });
});
afterAll(async () => {
  await sshd?.stop();
  await noSh?.stop();
});

async function watch(host: string, sshCommand: string): Promise<HostStatus> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "remote-faults-"));
  homes.push(home);
  const engine = await createEngine({
    paths: resolvePaths({ env: { HOME: home }, platform: "linux" }),
    settings: { ...defaultSettings(), remotes: [host] },
    ...quietEngine,
    remote: { env: { ...process.env, MYTTY_BAR_SSH: sshCommand }, backoffMs: { first: 200, cap: 1000 } },
  });
  engines.push(engine);
  return until(
    async () => engine.snapshot().hosts?.find((h) => h.host === host && h.problem !== undefined),
    20_000,
    `a problem line for ${host}`,
  );
}

describe("a host that cannot be watched", () => {
  it("unreachable: one line naming the check command", async () => {
    const status = await watch(sshd.destination, `${sshd.sshCommand} -o Port=1`);
    expect(status.state).toBe("disconnected");
    // The same line reaches `mytty-doctor status` through the engine's stats.
    expect(
      engines
        .at(-1)!
        .stats()
        .hosts?.map((h) => h.problem),
    ).toEqual([status.problem]);
    expect(status.problem).toMatch(
      /^Cannot reach mytty-test-remote .*try `.* -o BatchMode=yes mytty-test-remote true`\.$/,
    );
  });

  it("refused key: one line with ssh-copy-id", async () => {
    const keys = fs.readFileSync(sshd.authorizedKeys);
    fs.writeFileSync(sshd.authorizedKeys, "");
    try {
      const status = await watch(sshd.destination, sshd.sshCommand);
      expect(status.problem).toMatch(/refused our key.*ssh-copy-id mytty-test-remote/);
      expect(status.problem).not.toContain("\n");
    } finally {
      fs.writeFileSync(sshd.authorizedKeys, keys);
    }
  });

  it("no sh there: one line saying so", async () => {
    const status = await watch(noSh.destination, noSh.sshCommand);
    expect(status.problem).toMatch(/has no sh on its PATH/);
  });

  it("a destination that is not one: never connected, says why", async () => {
    const status = await watch("-oProxyCommand=evil", sshd.sshCommand);
    expect(status.problem).toMatch(/starts with "-"/);
  });
});
