// `mytty-bar remote remove` with no engine running (docs/remote.md#watching-a-host): the host leaves
// settings, nothing is started to reach it (MYTTY_BAR_SSH here records any call), one line, exit 0.
import { mkdtemp, readFile, rm, writeFile, mkdir, access } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { remoteMain } from "../src/remote-cli.js";

let home: string;
let paths: Paths;

beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), "mytty-remote-remove-"));
  paths = resolvePaths({ env: { HOME: home }, platform: "linux" });
  await mkdir(paths.dataDir, { recursive: true });
  await writeFile(paths.settingsFile, JSON.stringify({ remotes: ["devbox", "other"] }));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

describe("remote remove without an engine", () => {
  it("removes the host from settings in one line, reaches for nothing, and exits 0", async () => {
    const called = path.join(home, "ssh-called");
    const out: string[] = [];
    const err: string[] = [];
    const env = { HOME: home, PATH: process.env.PATH, MYTTY_BAR_SSH: `touch ${called}; false` };
    const code = await remoteMain(["remove", "devbox"], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env,
      paths,
    });
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^No longer watching devbox \(removed from settings\)\. Mytty Bar is not running/);
    expect(JSON.parse(await readFile(paths.settingsFile, "utf8")).remotes).toEqual(["other"]);
    await expect(access(called)).rejects.toThrow();
  });
});
