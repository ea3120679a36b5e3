// Shared pieces of the fault suite: the real hook helper called straight from a test (no agent above
// it, so the engine joins by session), raw control-socket connections, and a temp world to clean up.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync, promises as fs } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { helperScript, resolvePaths } from "@mytty-bar/installers";
import { Engine, makeWorld, type World } from "../engine-harness.js";

export { Engine, makeWorld, type World };

/** A temp home with the hook helper alone (no agent's hooks, no settings): the caller removes `home`. */
export function helperWorld(prefix: string): World {
  const home = mkdtempSync(path.join(os.tmpdir(), prefix));
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, LANG: "C" };
  const paths = resolvePaths({ env, platform: process.platform });
  mkdirSync(paths.binDir, { recursive: true });
  writeFileSync(paths.helper, helperScript(paths), { mode: 0o755 });
  return { home, env, paths, binDir: paths.binDir, tmuxSocket: path.join(home, "tmux.sock") };
}

/**
 * Runs the installed helper once with `payload` on stdin; resolves with its exit code and stderr.
 * `viaShell` runs it as agents do, under a fresh `sh -c` (a parent the engine has not listed yet).
 */
export function hookCall(
  world: World,
  args: string[],
  payload: string | Buffer,
  viaShell = false,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const argv = viaShell ? ["-c", '/bin/sh "$0" "$@"; :', world.paths.helper, ...args] : [world.paths.helper, ...args];
    const child = spawn("/bin/sh", argv, { env: world.env, stdio: ["pipe", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
    child.stdin.on("error", () => undefined);
    child.stdin.end(payload);
  });
}

/** Runs `tasks` with at most `width` at a time. */
export async function inWaves<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** A raw connection to the control socket, open once it has connected. */
export function rawConnection(socketPath: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

export async function removeWorld(world: World | undefined): Promise<void> {
  if (world) await fs.rm(world.home, { recursive: true, force: true });
}
