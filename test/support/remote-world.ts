// The "remote" side of the watching tests and benches: a World whose HOME is the sshd fixture's
// remote HOME (where every ssh session lands), with Claude Code's hooks installed there by the real
// doctor, and the local side's environment pointed at the fixture (MYTTY_BAR_SSH).
import { execFile } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { resolvePaths } from "@mytty-bar/installers";
import { BIN, makeWorld, type World } from "../engine-harness.js";
import type { SshdFixture } from "./sshd.js";

const run = promisify(execFile);

/**
 * Fake agent executables (from the harness) under the remote HOME, and Claude Code's hooks installed
 * there by the real `mytty-doctor install claude-code --host <destination>`, over the fixture's sshd.
 */
export async function remoteWorld(sshd: SshdFixture): Promise<World> {
  const home = sshd.remoteHome;
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
  // The doctor runs locally (its own throwaway HOME) and writes through the ssh session.
  const doctorHome = await fs.mkdtemp(path.join(path.dirname(probe.home), "mytty-doctor-"));
  try {
    await run(process.execPath, [BIN.doctor, "install", "claude-code", "--host", sshd.destination], {
      env: { PATH: process.env.PATH, HOME: doctorHome, LANG: "C", MYTTY_BAR_SSH: sshd.sshCommand },
    });
  } finally {
    await fs.rm(doctorHome, { recursive: true, force: true });
  }
  const paths = resolvePaths({ env, platform: process.platform });
  return { home, paths, env, binDir, tmuxSocket: path.join(home, "tmux.sock") };
}

/**
 * The local side: its own HOME, the fixture's ssh config, and each side's process scan kept to its own
 * tree (the "remote" is this machine): local detection under sshd, the host's under `remoteRoot`.
 */
export async function localWorld(sshd: SshdFixture, remoteRoot: string): Promise<World> {
  const local = await makeWorld([]);
  local.env = {
    ...local.env,
    MYTTY_BAR_SSH: sshd.sshCommand,
    MYTTY_BAR_SCAN_UNDER: String(sshd.pid),
    MYTTY_BAR_REMOTE_SCAN_UNDER: remoteRoot,
  };
  return local;
}
