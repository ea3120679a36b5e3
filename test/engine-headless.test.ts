// `mytty-bar --headless` as a process: one per data dir, clean shutdown, crash leftovers replaced,
// and `mytty-team` exit codes when the engine is not running.
import { spawn } from "node:child_process";
import { promises as fs } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolvePaths } from "@mytty-bar/installers";
import { BIN, Engine, runCli, tempHome, until, type World } from "./engine-harness.js";

async function bareWorld(): Promise<World> {
  const home = await tempHome("mytty-headless-");
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
  return {
    home,
    env,
    paths: resolvePaths({ env, platform: process.platform }),
    binDir: home,
    tmuxSocket: path.join(home, "t.sock"),
  };
}

const engines: Engine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop();
});

describe("mytty-bar --headless", () => {
  it("writes its pid, refuses a second start with the pid and how to stop it, and cleans up on SIGINT", async () => {
    const world = await bareWorld();
    const engine = new Engine(world);
    engines.push(engine);
    await engine.start();
    const pid = Number((await fs.readFile(world.paths.enginePid, "utf8")).trim());
    expect(pid).toBe(engine.child!.pid);
    for (const dir of [world.paths.spoolNew, world.paths.spoolTmp])
      expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);

    const second = await runCli(world, BIN.bar, ["--headless"]);
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(
      `Mytty Bar's engine is already running (pid ${pid}) as \`mytty-bar --headless\`. Stop it with Ctrl-C in its terminal, or with \`kill ${pid}\`.`,
    );

    expect(await engine.stop("SIGINT")).toBe(0);
    expect((await fs.readdir(world.paths.dataDir)).filter((f) => f === "engine.pid" || f === "control.sock")).toEqual(
      [],
    );
  });

  it("replaces a pid file and socket left by a crash", async () => {
    const world = await bareWorld();
    await fs.mkdir(world.paths.dataDir, { recursive: true });
    // A pid that is certainly dead, and a socket file nobody listens on.
    const dead = spawn("true");
    await new Promise((r) => dead.once("exit", r));
    await fs.writeFile(world.paths.enginePid, `${dead.pid}\n`);
    const stale = net.createServer().listen(world.paths.controlSocket);
    await new Promise((r) => stale.once("listening", r));
    stale.close(); // closing unlinks on some platforms: recreate a plain leftover file in that case
    await fs.access(world.paths.controlSocket).catch(() => fs.writeFile(world.paths.controlSocket, ""));
    const engine = new Engine(world);
    engines.push(engine);
    await engine.start();
    expect(Number((await fs.readFile(world.paths.enginePid, "utf8")).trim())).toBe(engine.child!.pid);
  });

  it("lets exactly one of six engines started at once over a crash's pid file run; the others name it", async () => {
    const world = await bareWorld();
    await fs.mkdir(world.paths.dataDir, { recursive: true });
    const dead = spawn("true");
    await new Promise((r) => dead.once("exit", r));
    await fs.writeFile(world.paths.enginePid, `${dead.pid}\n`);
    const started = Array.from({ length: 6 }, () => {
      const engine = new Engine(world);
      engines.push(engine);
      const child = spawn(process.execPath, [BIN.bar, "--headless"], {
        env: world.env,
        stdio: ["ignore", "ignore", "pipe"],
      });
      engine.child = child;
      let stderr = "";
      child.stderr.on("data", (d) => (stderr += String(d)));
      const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
        child.once("exit", (code) => resolve({ code, stderr })),
      );
      return { child, exited };
    });
    const winnerPid = await until(() => new Engine(world).ping(), 15_000, "one engine up");
    const winner = started.find((s) => s.child.pid === winnerPid);
    expect(winner).toBeDefined();
    const losers = await Promise.all(started.filter((s) => s !== winner).map((s) => s.exited));
    const refusal = `Mytty Bar's engine is already running (pid ${winnerPid}) as \`mytty-bar --headless\`. Stop it with Ctrl-C in its terminal, or with \`kill ${winnerPid}\`.`;
    expect(losers).toEqual(Array.from({ length: 5 }, () => ({ code: 1, stderr: `${refusal}\n` })));
    expect(winner!.child.exitCode).toBeNull();
    expect(await fs.readFile(world.paths.enginePid, "utf8")).toBe(`${winnerPid}\n`);
    expect((await fs.readdir(world.paths.dataDir)).filter((f) => f.startsWith("engine.pid"))).toEqual(["engine.pid"]);
  });

  it("mytty-team says how to start the engine and exits 3 when it is not running; usage errors exit 2", async () => {
    const world = await bareWorld();
    for (const args of [["list"], ["list", "--json"], ["stats", "--json"], ["wait", "x", "--until", "running"]]) {
      const result = await runCli(world, BIN.team, args);
      expect(result.code).toBe(3);
      expect(result.stderr.trim()).toBe(
        "Mytty Bar is not running: start it with `mytty-bar` (menu bar) or `mytty-bar --headless`.",
      );
    }
    expect((await runCli(world, BIN.team, ["wait", "x", "--until", "soon"])).code).toBe(2);
    expect((await runCli(world, BIN.team, ["wait", "x"])).code).toBe(2);
    expect((await runCli(world, BIN.team, ["wait", "x", "--until", "running", "--timeout-seconds", "-3"])).code).toBe(
      2,
    );
  });

  it("says what is in the way when the data dir is a file, and how to fix it (exit 1, no stack)", async () => {
    const world = await bareWorld();
    await fs.mkdir(path.dirname(world.paths.dataDir), { recursive: true });
    await fs.writeFile(world.paths.dataDir, "not a directory\n");
    const result = await runCli(world, BIN.bar, ["--headless"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^The engine cannot use its data directory ${world.paths.dataDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: something that is not a directory is in the way \\(.*\\)\\. Move it aside, or set MYTTY_BAR_DATA_DIR to another directory\\.\n$`,
      ),
    );
  });

  it("mytty-team treats a data dir that is a file as the engine not running (exit 3, how to start it)", async () => {
    const world = await bareWorld();
    await fs.mkdir(path.dirname(world.paths.dataDir), { recursive: true });
    await fs.writeFile(world.paths.dataDir, "not a directory\n");
    const result = await runCli(world, BIN.team, ["list", "--json"]);
    expect(result).toMatchObject({ code: 3, stdout: "" });
    expect(result.stderr).toBe(
      "Mytty Bar is not running: start it with `mytty-bar` (menu bar) or `mytty-bar --headless`.\n",
    );
  });

  it("mytty-team wait exits 1 for an unknown agent, and stats --json follows the contract", async () => {
    const world = await bareWorld();
    const engine = new Engine(world);
    engines.push(engine);
    await engine.start();
    const unknown = await runCli(world, BIN.team, ["wait", "nobody-1", "--until", "running"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('No agent "nobody-1". Run `mytty-team list` to see ids.');
    const stats = await runCli(world, BIN.team, ["stats", "--json"]);
    expect(stats.code).toBe(0);
    expect(Object.keys(JSON.parse(stats.stdout) as object).sort()).toEqual([
      "accepted",
      "duplicates",
      "ignored",
      "lastEventAt",
      "rejected",
      "spoolBacklog",
    ]);
  });
});
