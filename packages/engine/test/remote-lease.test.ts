// The host lease's stamps (src/remote/lease.ts): the host clock from the streamer's hello, and the
// `touch -t` stamp ENGINE_LEASE_SECONDS ahead of it, checked against a real `touch` on a real file.
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ENGINE_LEASE_SECONDS } from "@mytty-bar/paths";
import { hostClockOffsetMs, leaseStamp } from "../src/remote/lease.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

describe("the host lease", () => {
  it("reads the host's clock from the hello, and nothing from a hello that does not say it", () => {
    const local = Date.UTC(2026, 11, 1, 12, 0, 5);
    expect(hostClockOffsetMs("20261201120000", local)).toBe(-5000);
    expect(hostClockOffsetMs("20261201120105", local)).toBe(60_000);
    for (const bad of [undefined, "", "2026-12-01", "2026120112000", "x0261201120000"])
      expect(hostClockOffsetMs(bad, local)).toBe(0);
  });

  it("stamps the lease ahead on the host's clock, across a year's end, as touch -t reads it in UTC", async () => {
    const local = Date.UTC(2026, 11, 31, 23, 59, 0);
    const stamp = leaseStamp(local, 30_000);
    expect(stamp).toBe("202701010001.30");
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mytty-lease-"));
    dirs.push(dir);
    const file = path.join(dir, "engine.pid");
    await fs.writeFile(file, "1\n");
    execFileSync("touch", ["-c", "-t", stamp, file], { env: { PATH: process.env.PATH, TZ: "UTC0" } });
    expect((await fs.stat(file)).mtimeMs).toBe(local + 30_000 + ENGINE_LEASE_SECONDS * 1000);
  });
});
