// Starting the menu bar app: find Electron's binary without importing the electron package (its index
// downloads the binary synchronously on first use, and throws offline), then spawn it on this app.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { electronProblemText, type ElectronProblem } from "./messages.js";

export type ElectronLocation = { ok: true; binary: string } | { ok: false; problem: ElectronProblem };

export interface ElectronProbe {
  /** Directory of the installed electron package, or undefined. */
  packageDir(): string | undefined;
  readText(file: string): string | undefined;
  exists(file: string): boolean;
  env: NodeJS.ProcessEnv;
}

/** Same rules as electron's own index.js: path.txt names the binary inside dist/ (or the override dir). */
export function locateElectron(probe: ElectronProbe): ElectronLocation {
  const dir = probe.packageDir();
  if (!dir) return { ok: false, problem: { kind: "package-missing" } };
  const rel = probe.readText(path.join(dir, "path.txt"))?.trim();
  if (!rel) return { ok: false, problem: { kind: "binary-missing" } };
  const override = probe.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? path.join(override, rel) : path.join(dir, "dist", rel);
  return probe.exists(binary) ? { ok: true, binary } : { ok: false, problem: { kind: "binary-missing" } };
}

export function nodeElectronProbe(env: NodeJS.ProcessEnv = process.env): ElectronProbe {
  const require = createRequire(import.meta.url);
  return {
    packageDir: () => {
      try {
        return path.dirname(require.resolve("electron/package.json"));
      } catch {
        return undefined; // electron not installed: the caller explains --tui
      }
    },
    readText: (file) => {
      try {
        return readFileSync(file, "utf8");
      } catch {
        return undefined; // absent or unreadable: treated as no file
      }
    },
    exists: existsSync,
    env,
  };
}

/** The app folder Electron runs: its package.json names dist/main/main.js as main. */
export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Linux without an X11 or Wayland display: Electron would only print an error and exit. */
export function noDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  return platform === "linux" && !env.DISPLAY && !env.WAYLAND_DISPLAY;
}

/**
 * Runs the menu bar app; resolves with the exit code to use. Problems are printed as one clear message,
 * or, given `fallback` (a terminal is there), handed to it when Electron cannot start at all.
 */
export async function launchMenubar(
  probe: ElectronProbe = nodeElectronProbe(),
  print: (text: string) => void = (t) => console.error(t),
  fallback?: (problem: ElectronProblem) => Promise<number>,
  platform: NodeJS.Platform = process.platform,
): Promise<number> {
  const found = locateElectron(probe);
  if (!found.ok || (fallback && noDisplay(platform, probe.env))) {
    const problem: ElectronProblem = found.ok ? { kind: "no-display" } : found.problem;
    if (fallback) return await fallback(problem);
    print(electronProblemText(problem));
    return 1;
  }
  const spawnFailed = (detail: string) => ({ kind: "spawn-failed" as const, detail });
  return await new Promise<number>((resolve) => {
    const child = spawn(found.binary, [APP_DIR], { stdio: "inherit", env: probe.env });
    child.on("error", (error) => {
      if (fallback) return void fallback(spawnFailed(error.message)).then(resolve, () => resolve(1));
      print(electronProblemText(spawnFailed(error.message)));
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      if (code !== 0 && code !== null) print(electronProblemText({ kind: "exited", code }));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
