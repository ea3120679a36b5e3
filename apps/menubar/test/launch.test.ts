// `mytty-bar` / `npm start` where Electron's binary cannot run, and the launcher's own logic.
import { execFile } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { APP_DIR, launchMenubar, locateElectron, type ElectronProbe } from "../src/launch-electron.js";
import { electronProblemText, fallbackText } from "../src/messages.js";
import { startTmux } from "./helpers/tmux.js";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mytty-launch-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function runBin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: dir, MYTTY_BAR_DATA_DIR: path.join(dir, "data") };
    delete env.ELECTRON_OVERRIDE_DIST_PATH;
    execFile("node", [path.join(repo, "apps/menubar/bin/mytty-bar.js"), ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("mytty-bar on a machine without Electron's binary", () => {
  it("prints why and how to continue, with no stack trace, and exits 1", async () => {
    const result = await runBin([]);
    expect(result).toEqual({
      code: 1,
      stdout: "",
      stderr: [
        "Electron's binary is not installed (it is downloaded on first use, and this machine could not: no network access, or Node older than 22.12).",
        "Run `npx install-electron` on a networked machine with Node 22.12 or newer, then start `mytty-bar` again.",
        "Use `mytty-bar --tui` for the terminal dashboard, or `mytty-bar --headless` for the engine alone.",
        "",
      ].join("\n"),
    });
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it("is what `npm start` runs", async () => {
    const pkg = JSON.parse(await readFile(path.join(repo, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toBe("node apps/menubar/bin/mytty-bar.js");
  });

  it("teaches the three modes and the dashboard keys in --help", async () => {
    const result = await runBin(["--help"]);
    expect(result.code).toBe(0);
    for (const line of [
      "mytty-bar --tui",
      "mytty-bar --headless",
      "--no-fallback",
      "enter  jump to the agent's tab/pane",
      "c  show and copy the resume command",
      "q  quit",
      "mytty-doctor install claude-code",
    ]) {
      expect(result.stdout).toContain(line);
    }
  });

  it("refuses --tui together with --headless, and unknown options, with exit 2", async () => {
    expect(await runBin(["--tui", "--headless"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "Choose one of --tui and --headless.\n",
    });
    expect((await runBin(["--nope"])).code).toBe(2);
  });
});

describe("mytty-bar in a terminal where Electron cannot start", () => {
  it("says why in one line and shows the terminal dashboard; --no-fallback exits 1 as before", async () => {
    const server = await startTmux("mytty-fallback-");
    try {
      // An empty override dir: Electron's binary is missing whatever this machine has installed.
      const env = [
        "-e",
        "CI=true",
        "-e",
        `HOME=${dir}`,
        "-e",
        `MYTTY_BAR_DATA_DIR=${path.join(dir, "data")}`,
        "-e",
        `ELECTRON_OVERRIDE_DIST_PATH=${dir}`,
        "-e",
        "TERM=xterm-256color",
        "-e",
        "DISPLAY=",
      ];
      await server.tmux(
        "new-session",
        "-d",
        "-s",
        "s",
        "-x",
        "250",
        "-y",
        "40",
        "-c",
        repo,
        ...env,
        `sh -c 'npm start --silent; echo "exit=$?"; sleep 60'`,
      );
      const screen = await server.waitForScreen("s", "q quit", 20_000);
      const lines = screen
        .split("\n")
        .map((l) => l.trimEnd())
        .filter(Boolean);
      expect(lines[0]).toMatch(
        /^The menu bar app cannot start here: .*\. Opening the terminal dashboard instead \(`--no-fallback` exits\)\.$/,
      );
      expect(lines[1]).toMatch(/^Mytty Bar/);
      await server.tmux("send-keys", "-t", "s", "q");
      expect(await server.waitForScreen("s", "exit=")).toContain("exit=0");

      await server.tmux(
        "new-window",
        "-t",
        "s:1",
        "-c",
        repo,
        ...env,
        `sh -c 'node apps/menubar/bin/mytty-bar.js --no-fallback; echo "exit=$?"; sleep 60'`,
      );
      const refused = await server.waitForScreen("s:1", "exit=", 20_000);
      expect(refused).toContain("exit=1");
      expect(refused).toContain("Use `mytty-bar --tui` for the terminal dashboard");
    } finally {
      await server.close();
    }
  });

  it("names the reason for each way Electron can fail to start", () => {
    expect(fallbackText({ kind: "no-display" })).toBe(
      "The menu bar app cannot start here: there is no display (DISPLAY and WAYLAND_DISPLAY are unset). Opening the terminal dashboard instead (`--no-fallback` exits).",
    );
    expect(fallbackText({ kind: "spawn-failed", detail: "spawn /x EACCES" })).toContain(
      "Electron could not start (spawn /x EACCES)",
    );
  });
});

describe("mytty-bar --headless", () => {
  it("runs the engine in the foreground until SIGTERM, then cleans up", async () => {
    const { spawn } = await import("node:child_process");
    const { existsSync } = await import("node:fs");
    const data = path.join(dir, "data");
    const child = spawn("node", [path.join(repo, "apps/menubar/bin/mytty-bar.js"), "--headless"], {
      env: { ...process.env, HOME: dir, MYTTY_BAR_DATA_DIR: data },
    });
    let stdout = "";
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    for (let i = 0; i < 400 && !stdout.includes("engine running"); i++) await new Promise((r) => setTimeout(r, 25));
    expect(stdout).toContain(`Mytty Bar engine running (pid ${child.pid}); data in ${data}.`);
    expect(existsSync(path.join(data, "engine.pid"))).toBe(true);
    const code = await new Promise<number | null>((resolve) => {
      child.on("exit", (c) => resolve(c));
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
    expect(stdout).toContain("Stopped (SIGTERM).");
    expect(existsSync(path.join(data, "engine.pid"))).toBe(false);
    expect(existsSync(path.join(data, "control.sock"))).toBe(false);
  });
});

describe("locateElectron", () => {
  const probe = (
    files: Record<string, string>,
    env: NodeJS.ProcessEnv = {},
    pkg: string | null = "/nm/electron",
  ): ElectronProbe => ({
    packageDir: () => pkg ?? undefined,
    readText: (f) => files[f],
    exists: (f) => f in files,
    env,
  });

  it("finds the binary named by path.txt inside dist/", () => {
    expect(locateElectron(probe({ "/nm/electron/path.txt": "electron\n", "/nm/electron/dist/electron": "" }))).toEqual({
      ok: true,
      binary: "/nm/electron/dist/electron",
    });
  });

  it("honours ELECTRON_OVERRIDE_DIST_PATH", () => {
    const found = locateElectron(
      probe(
        {
          "/nm/electron/path.txt": "Electron.app/Contents/MacOS/Electron",
          "/opt/e/Electron.app/Contents/MacOS/Electron": "",
        },
        { ELECTRON_OVERRIDE_DIST_PATH: "/opt/e" },
      ),
    );
    expect(found).toEqual({ ok: true, binary: "/opt/e/Electron.app/Contents/MacOS/Electron" });
  });

  it("tells a missing package from a missing binary", () => {
    expect(locateElectron(probe({}, {}, null))).toEqual({ ok: false, problem: { kind: "package-missing" } });
    expect(locateElectron(probe({}))).toEqual({ ok: false, problem: { kind: "binary-missing" } });
    expect(locateElectron(probe({ "/nm/electron/path.txt": "electron" }))).toEqual({
      ok: false,
      problem: { kind: "binary-missing" },
    });
  });
});

describe("launchMenubar", () => {
  it("runs the binary on the app folder and passes its exit code through", async () => {
    const fake = path.join(dir, "electron");
    const argsFile = path.join(dir, "args.txt");
    await writeFile(fake, `#!/bin/sh\nprintf '%s' "$*" > ${argsFile}\nexit 0\n`);
    await chmod(fake, 0o755);
    const printed: string[] = [];
    const code = await launchMenubar(
      {
        packageDir: () => dir,
        readText: () => "electron",
        exists: () => true,
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dir },
      },
      (t) => printed.push(t),
    );
    expect(code).toBe(0);
    expect(await readFile(argsFile, "utf8")).toBe(APP_DIR);
    expect(printed).toEqual([]);
  });

  it("explains a binary that cannot start or stops with an error", async () => {
    const printed: string[] = [];
    const notExecutable = path.join(dir, "electron");
    await writeFile(notExecutable, "not a program");
    const env = { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: dir };
    expect(
      await launchMenubar({ packageDir: () => dir, readText: () => "electron", exists: () => true, env }, (t) =>
        printed.push(t),
      ),
    ).toBe(1);
    expect(printed).toEqual([electronProblemText({ kind: "spawn-failed", detail: `spawn ${notExecutable} EACCES` })]);
    await writeFile(notExecutable, "#!/bin/sh\nexit 3\n");
    await chmod(notExecutable, 0o755);
    printed.length = 0;
    expect(
      await launchMenubar({ packageDir: () => dir, readText: () => "electron", exists: () => true, env }, (t) =>
        printed.push(t),
      ),
    ).toBe(3);
    expect(printed).toEqual([
      "Electron stopped with exit code 3. If it cannot run on this machine: Use `mytty-bar --tui` for the terminal dashboard, or `mytty-bar --headless` for the engine alone.",
    ]);
  });
});
