// The "remote" side of the watching tests and benches: a World whose HOME is the remote HOME (where
// every ssh session, or every `docker exec`, lands), with Claude Code's hooks installed there by the
// real doctor, and the local side's environment pointed at it (MYTTY_BAR_SSH, or the stand-in docker).
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { resolvePaths } from "@mytty-bar/installers";
import { BIN, makeWorld, runCli, until, type World } from "../engine-harness.js";
import type { Container, ContainerFixture } from "./containers.js";
import type { SshdFixture } from "./sshd.js";

const run = promisify(execFile);

/** A "remote" the tests reach: an sshd fixture's session HOME, or a container's. */
export interface RemoteSide {
  destination: string;
  remoteHome: string;
  /** What the local side adds to its environment to reach it. */
  clientEnv: NodeJS.ProcessEnv;
  /** The local process tree the local engine's own detection is kept to: none of the remote's agents. */
  localScanRoot: number;
}

export function sshSide(sshd: SshdFixture): RemoteSide {
  return {
    destination: sshd.destination,
    remoteHome: sshd.remoteHome,
    clientEnv: { MYTTY_BAR_SSH: sshd.sshCommand },
    localScanRoot: sshd.pid,
  };
}

/** docker://<name> (or podman://): the local scan root is the test's to give (localWorld needs one). */
export function containerSide(containers: ContainerFixture, box: Container): Omit<RemoteSide, "localScanRoot"> {
  return { destination: box.destination, remoteHome: box.home, clientEnv: containers.clientEnv };
}

/**
 * Fake agent executables (from the harness) under the remote HOME, and Claude Code's hooks installed
 * there by the real `mytty-doctor install claude-code --host <destination>`, over the fixture's sshd.
 */
export async function remoteWorld(side: Omit<RemoteSide, "localScanRoot">): Promise<World> {
  const home = side.remoteHome;
  const binDir = path.join(home, "fakebin");
  const probe = await makeWorld([]);
  await fs.cp(probe.binDir, binDir, { recursive: true });
  await fs.rm(probe.home, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    PATH: `${binDir}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    HOME: home,
    LANG: "C",
    SHELL: "/bin/sh",
  };
  // The doctor runs locally (its own throwaway HOME) and writes through the ssh session (or exec).
  const doctorHome = await fs.mkdtemp(path.join(path.dirname(probe.home), "mytty-doctor-"));
  try {
    await run(process.execPath, [BIN.doctor, "install", "claude-code", "--host", side.destination], {
      env: { PATH: process.env.PATH, HOME: doctorHome, LANG: "C", ...side.clientEnv },
    });
  } finally {
    await fs.rm(doctorHome, { recursive: true, force: true });
  }
  const paths = resolvePaths({ env, platform: process.platform });
  return { home, paths, env, binDir, tmuxSocket: path.join(home, "tmux.sock") };
}

/**
 * The local side: its own HOME, the way to the remote, and each side's process scan kept to its own
 * tree (the "remote" is this machine): local detection under `side.localScanRoot`, the host's under `remoteRoot`.
 */
export async function localWorld(side: RemoteSide, remoteRoot: string): Promise<World> {
  const local = await makeWorld([]);
  local.env = {
    ...local.env,
    ...side.clientEnv,
    MYTTY_BAR_SCAN_UNDER: String(side.localScanRoot),
    MYTTY_BAR_REMOTE_SCAN_UNDER: remoteRoot,
  };
  return local;
}

/** Waits until the local engine's one watched host is connected: its streamer greeted, so the host's helper spools. */
export async function linkConnected(local: World, deadlineMs = 20_000): Promise<void> {
  await until(
    async () => {
      const out = await runCli(local, BIN.bar, ["remote", "list", "--json"]);
      return (JSON.parse(out.stdout) as Array<{ state: string }>)[0]?.state === "connected";
    },
    deadlineMs,
    "the link to the host",
  );
}
