// A stale engine.pid naming a live stranger (the engine crashed, the pid was reused): hook calls must
// not fill the disk with payloads nobody reads. The real helper, a real stranger process, a real engine.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ENGINE_LEASE_SECONDS } from "@mytty-bar/installers";
import { fixture } from "../engine-harness.js";
import { Engine, helperWorld, hookCall, inWaves, type World } from "./world.js";

const MiB = 1024 * 1024;
let world: World;
let stranger: ChildProcess | undefined;
beforeEach(() => {
  world = helperWorld("mytty-fault-stale-");
});
afterEach(() => {
  stranger?.kill();
  stranger = undefined;
  fs.rmSync(world.home, { recursive: true, force: true });
});

function spooledBytes(): number {
  let total = 0;
  for (const dir of [world.paths.spoolNew, world.paths.spoolTmp]) {
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) total += fs.statSync(path.join(dir, name)).size;
  }
  return total;
}

const payload = (i: number) =>
  fixture("claude-code", "PostToolUse", { tool_use_id: `toolu_stale_${i}`, pad: "x".repeat(200 * 1024) });

it("spools at most 8 MiB for 200 hook calls of 200 KB while engine.pid names a live stranger", async () => {
  stranger = spawn("sleep", ["300"], { stdio: "ignore" });
  fs.mkdirSync(world.paths.dataDir, { recursive: true });
  fs.writeFileSync(world.paths.enginePid, `${stranger.pid}\n`);
  const calls = await inWaves(200, 20, (i) => hookCall(world, ["claude-code"], payload(i)));
  expect(calls.filter((c) => c.code !== 0 || c.stderr !== "")).toEqual([]);
  expect(spooledBytes()).toBeLessThanOrEqual(8 * MiB);
  expect(spooledBytes()).toBeGreaterThan(0);
});

it("keeps a lease on engine.pid while the engine runs, and a leased pid spools even into a full spool", async () => {
  const engine = new Engine(world);
  await engine.start();
  try {
    const ahead = fs.statSync(world.paths.enginePid).mtimeMs - Date.now();
    expect(ahead).toBeGreaterThan((ENGINE_LEASE_SECONDS / 2) * 1000);
  } finally {
    await engine.stop();
  }
  // The engine's own lease, kept on a pid that is alive (this test) but with a spool nobody reads.
  fs.writeFileSync(world.paths.enginePid, `${process.pid}\n`);
  fs.mkdirSync(world.paths.spoolNew, { recursive: true });
  fs.writeFileSync(path.join(world.paths.spoolNew, "filler"), Buffer.alloc(9 * MiB));
  const lease = Date.now() / 1000 + ENGINE_LEASE_SECONDS;
  fs.utimesSync(world.paths.enginePid, lease, lease);
  await hookCall(world, ["claude-code"], payload(1));
  expect(fs.readdirSync(world.paths.spoolNew)).toHaveLength(2);
  // Without it, the same call is not spooled into a spool that full.
  fs.utimesSync(world.paths.enginePid, Date.now() / 1000 - 1, Date.now() / 1000 - 1);
  await hookCall(world, ["claude-code"], payload(2));
  expect(fs.readdirSync(world.paths.spoolNew)).toHaveLength(2);
});
