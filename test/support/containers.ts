// Containers for tests, without a container engine (none can run where our tests run): a temp dir
// with `docker` and `podman` on a bin dir (both the stand-in test/support/container-cli.sh, which says
// why it exists and what it refuses), and one directory per container — its HOME and its environment.
// The local side puts `clientEnv` in its environment; docker://<name> then reaches that directory's
// HOME through the real command line (packages/remote/src/command.ts) as it would reach a container.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { posixQuote } from "@mytty-bar/protocol";
import { alive } from "../../packages/engine/test/helpers.js";

const CLI = path.join(import.meta.dirname, "container-cli.sh");
/** A container's PATH: the system's, never the test's (which holds the stand-in CLIs). */
const SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

export interface Container {
  name: string;
  cli: ContainerCli;
  /** docker://<name> or podman://<name>. */
  destination: string;
  /** Its HOME: what every `docker exec` into it sees. */
  home: string;
  /** Its whole environment (what `docker exec` runs with, and what a test runs "inside" it with). */
  env: Record<string, string>;
}

export interface ContainerFixture {
  dir: string;
  /** PATH with the stand-in `docker` and `podman` first, and where they find the containers. */
  clientEnv: NodeJS.ProcessEnv;
  /** A running container of `cli` (default docker): `extraPath` goes before the system PATH inside it. */
  add(name: string, options?: { cli?: ContainerCli; extraPath?: (home: string) => string[] }): Container;
  /** Kills every process an exec started in a container (they outlive a killed CLI, as real ones do), removes the dir. */
  stop(): Promise<void>;
}

const CLIS = ["docker", "podman"] as const;
export type ContainerCli = (typeof CLIS)[number];

function execPids(dir: string): number[] {
  const pids: number[] = [];
  for (const box of CLIS.flatMap((cli) =>
    fs.readdirSync(path.join(dir, cli)).map((name) => path.join(dir, cli, name)),
  )) {
    for (const run of fs.readdirSync(box)) {
      if (!run.startsWith("exec.")) continue;
      try {
        const text = fs.readFileSync(path.join(box, run, "pid"), "utf8").trim();
        if (/^\d+$/.test(text)) pids.push(Number(text));
      } catch {
        // The exec had not started its process yet (or just ended): nothing of it to stop.
      }
    }
  }
  return pids;
}

export function startContainers(): ContainerFixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-containers-"));
  const bin = path.join(dir, "bin");
  fs.mkdirSync(bin);
  for (const cli of CLIS) {
    fs.symlinkSync(CLI, path.join(bin, cli));
    fs.mkdirSync(path.join(dir, cli));
  }
  return {
    dir,
    clientEnv: { PATH: `${bin}:${process.env.PATH ?? SYSTEM_PATH}`, MYTTY_TEST_CONTAINERS: dir },
    add(name, options = {}) {
      const cli = options.cli ?? "docker";
      const box = path.join(dir, cli, name);
      const home = path.join(box, "home");
      fs.mkdirSync(home, { recursive: true, mode: 0o700 });
      const env = {
        HOME: home,
        HOSTNAME: name,
        PATH: [...(options.extraPath?.(home) ?? []), SYSTEM_PATH].join(":"),
      };
      const lines = Object.entries(env).map(([k, v]) => `export ${k}=${posixQuote(v)}\n`);
      fs.writeFileSync(path.join(box, "env"), lines.join(""));
      return { name, cli, destination: `${cli}://${name}`, home, env };
    },
    async stop() {
      // Each exec runs in its own session (its pid is the group's): end the groups, then wait them out.
      const pids = execPids(dir);
      for (const pid of pids) {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {
          // That exec already ended.
        }
      }
      const deadline = Date.now() + 5000;
      while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
