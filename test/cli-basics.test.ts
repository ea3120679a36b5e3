// What every one of the three CLIs does the same way: --version prints the package version, and a
// reader that goes away (`… | head -1`) ends the command quietly instead of with an EPIPE stack trace.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import { startControlServer } from "../packages/engine/src/control/server.js";
import { BIN, ROOT } from "./engine-harness.js";

const version = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const home = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-cli-basics-"));
const env = { PATH: "/usr/bin:/bin", HOME: home, MYTTY_BAR_DATA_DIR: path.join(home, "data") };
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

const CLIS = { "mytty-doctor": BIN.doctor, "mytty-bar": BIN.bar, "mytty-team": BIN.team };

describe("--version", () => {
  for (const [name, bin] of Object.entries(CLIS)) {
    it(`${name} --version prints the package version`, () => {
      for (const flag of ["--version", "-V"]) {
        const r = spawnSync(process.execPath, [bin, flag], { env, encoding: "utf8", timeout: 20_000 });
        expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({
          code: 0,
          stdout: `${version}\n`,
          stderr: "",
        });
      }
    });
  }
});

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs a command whose stdout reader goes away after `lines` lines (0: before anything is written). */
function readerGoesAway(bin: string, args: string[], lines: number): Promise<Ended> {
  const child = spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const close = () => child.stdout.destroy();
  if (lines === 0) close();
  else {
    let seen = 0;
    createInterface({ input: child.stdout }).on("line", () => ++seen === lines && close());
  }
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  return new Promise((resolve) =>
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    }),
  );
}

describe("a pipe whose reader goes away", () => {
  it("ends `mytty-doctor agents --watch --json | head -1` quietly", async () => {
    const ended = await readerGoesAway(BIN.doctor, ["agents", "--watch", "--json", "--interval", "0.2"], 1);
    expect(ended).toEqual({ code: 0, signal: null, stderr: "" });
  });

  const oneShot: [string, string, string[]][] = [
    ["mytty-doctor status", BIN.doctor, ["status"]],
    ["mytty-doctor status --json", BIN.doctor, ["status", "--json"]],
    ["mytty-doctor guide", BIN.doctor, ["guide"]],
    ["mytty-doctor agents --json", BIN.doctor, ["agents", "--json"]],
    ["mytty-team guide", BIN.team, ["guide"]],
    ["mytty-team --help", BIN.team, ["--help"]],
    ["mytty-bar --help", BIN.bar, ["--help"]],
  ];
  it("ends `mytty-team list --json` (its bundled fast path, which writes fd 1 itself) quietly", async () => {
    // An engine that lists nobody: the command gets as far as writing its answer.
    const socket = path.join(env.MYTTY_BAR_DATA_DIR, "control.sock");
    fs.mkdirSync(env.MYTTY_BAR_DATA_DIR, { recursive: true });
    const server = await startControlServer(socket, async () => ({ agents: [] }));
    try {
      const ended = await readerGoesAway(BIN.team, ["list", "--json"], 0);
      expect(ended).toEqual({ code: 0, signal: null, stderr: "" });
    } finally {
      await server.close();
      fs.rmSync(socket, { force: true });
    }
  });

  for (const [name, bin, args] of oneShot) {
    it(`ends \`${name}\` quietly when nobody reads its output`, async () => {
      const ended = await readerGoesAway(bin, args, 0);
      expect(ended.signal).toBeNull();
      expect(ended.stderr).toBe("");
    });
  }
});

describe("mytty-team wait usage errors", () => {
  const wait = (...args: string[]) =>
    spawnSync(process.execPath, [BIN.team, "wait", ...args], { env, encoding: "utf8", timeout: 20_000 });

  it("names the missing agent first, then the missing --until", () => {
    const none = wait();
    expect(none.status).toBe(2);
    expect(none.stderr.split("\n")[0]).toBe("error: missing required argument 'agent'");
    const noUntil = wait("scout");
    expect(noUntil.status).toBe(2);
    expect(noUntil.stderr.split("\n")[0]).toBe(
      "error: required option '--until <condition>' not specified (running, attention or completed)",
    );
  });
});

describe("a mistyped word", () => {
  const run = (bin: string, ...args: string[]) => {
    const r = spawnSync(process.execPath, [bin, ...args], { env, encoding: "utf8", timeout: 20_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it("mytty-doctor suggests the command or provider it most likely meant", () => {
    expect(run(BIN.doctor, "instal")).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "error: unknown command 'instal'. Did you mean install? Commands: status, install, fix, diff, uninstall, guide, agents (`mytty-doctor --help` explains them).\n",
    });
    for (const [typed, meant] of [
      ["claude", "claude-code"],
      ["gemini-cli", "gemini"],
      ["cursr", "cursor"],
    ]) {
      const r = run(BIN.doctor, "install", typed!);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`unknown provider "${typed}" \\(expected one of: .*\\)\\. Did you mean ${meant}\\?\\n$`),
      );
    }
    expect(run(BIN.doctor, "install", "xyz").stderr).not.toContain("Did you mean");
  });

  it("mytty-team answers a typo or a bad value with its one line and where to read more, not the whole help", () => {
    expect(run(BIN.team, "lst")).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: unknown command 'lst'\n(Did you mean list?)\n(`mytty-team --help` explains every command)\n",
    });
    expect(run(BIN.team, "spawn", "--provider", "claude")).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "error: option '--provider <provider>' argument 'claude' is invalid. Allowed choices are claude-code, codex, cursor, opencode, gemini.\n(`mytty-team spawn --help` explains it)\n",
    });
    const until = run(BIN.team, "wait", "scout", "--until", "done");
    expect(until.code).toBe(2);
    expect(until.stderr.trimEnd().split("\n")).toHaveLength(2);
    expect(until.stderr).toContain("(`mytty-team wait --help` explains it)");
  });
});

it("mytty-bar --help lists each option once", () => {
  const r = spawnSync(process.execPath, [BIN.bar, "--help"], { env, encoding: "utf8", timeout: 20_000 });
  expect(r.status).toBe(0);
  for (const option of ["--tui", "--headless", "--no-fallback", "--version", "--help"])
    expect({
      option,
      lines: r.stdout.split("\n").filter((l) => new RegExp(`^\\s+(-\\w, )?${option}\\b`).test(l)).length,
    }).toEqual({ option, lines: 1 });
});
