// Whose agents a watched host's rows are (docs/remote.md#whose-agents-are-shown), from what its streamer
// says: over ssh, the hello's uid keeps that user's alone and the host's status counts the rest; a hello
// without a uid (an old or odd host) keeps everyone's and says owners are unknown; a container keeps
// everyone's. The host is a crafted stand-in (test/support/crafted-host.mjs); the engine is real, in this
// process, with an empty local process table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, expect, it } from "vitest";
import { createEngine, defaultSettings, type Engine, type HostStatus } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/installers";
import { posixQuote } from "@mytty-bar/protocol";
import { quietEngine } from "../../packages/engine/test/helpers.js";
import { until } from "../engine-harness.js";

const CRAFTED_HOST = fileURLToPath(new URL("../support/crafted-host.mjs", import.meta.url));
// Two claudes, as the streamer lists them (uid column included): the ssh user's (999) and a third user's.
const PS_LINES = [
  "   10     1    10    10 pts/1      999 Mon Jan  5 10:00:00 2026 claude",
  "   20     1    20    20 pts/2      995 Mon Jan  5 10:00:00 2026 claude --resume",
];

const engines: Engine[] = [];
const roots: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** An engine watching `destination`, whose streamer greets with `hello` and lists PS_LINES. */
async function watching(destination: string, hello: string): Promise<{ pids: number[]; host: HostStatus }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-fault-remote-owners-"));
  roots.push(root);
  const specFile = path.join(root, "host.json");
  fs.writeFileSync(specFile, JSON.stringify({ hello, psLines: PS_LINES }));
  const crafted = `${posixQuote(process.execPath)} ${posixQuote(CRAFTED_HOST)} ${posixQuote(specFile)}`;
  // docker's stand-in: `docker exec -i <name> sh -c …` reaches the same crafted host.
  const bin = path.join(root, "bin");
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, "docker"), `#!/bin/sh\nexec ${crafted} "$@"\n`, { mode: 0o755 });
  const engine = await createEngine({
    paths: resolvePaths({ env: { HOME: path.join(root, "local") }, platform: "linux" }),
    ...quietEngine,
    settings: { ...defaultSettings(), remotes: [destination] },
    remote: {
      env: { PATH: `${bin}:${process.env.PATH ?? ""}`, HOME: root, MYTTY_BAR_SSH: crafted },
      tickMs: 50,
    },
  });
  engines.push(engine);
  return until(
    async () => {
      const snap = engine.snapshot();
      const pids = snap.agents.filter((r) => r.host === destination).map((r) => r.pid!);
      const host = snap.hosts?.[0];
      return host?.state === "connected" && pids.length > 0 ? { pids: pids.sort((a, b) => a - b), host } : undefined;
    },
    20_000,
    `the rows of ${destination}`,
  );
}

it("over ssh keeps the hello's uid's agents and counts the other user's", async () => {
  const { pids, host } = await watching("devbox", "version=1\npid=1\nhelper=yes\nuid=999\n");
  expect(pids).toEqual([10]);
  expect(host.leftOut).toEqual({
    count: 1,
    agents: [{ pid: 20, uid: 995, provider: "claude-code", tty: "pts/2", executable: "claude" }],
  });
  expect(host.ownersUnknown).toBeUndefined();
});

it("with no uid in the hello keeps everyone's agents and says owners are unknown", async () => {
  const { pids, host } = await watching("devbox", "version=1\npid=1\nhelper=yes\n");
  expect(pids).toEqual([10, 20]);
  expect(host.ownersUnknown).toBe(true);
  expect(host.leftOut).toBeUndefined();
});

it("in a container keeps everyone's agents, with nothing to say about owners", async () => {
  const { pids, host } = await watching("docker://box", "version=1\npid=1\nhelper=yes\nuid=999\n");
  expect(pids).toEqual([10, 20]);
  expect(host.ownersUnknown).toBeUndefined();
  expect(host.leftOut).toBeUndefined();
});
