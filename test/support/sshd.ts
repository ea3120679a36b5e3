// A real OpenSSH server for tests: Debian's /usr/sbin/sshd on 127.0.0.1 at a free port, in the
// foreground, with a throwaway host key, client key, sshd_config and a separate "remote HOME" in one
// temp dir. The client side is an ssh_config used through MYTTY_BAR_SSH (`ssh -F <config>`), so the
// real ~/.ssh (which ssh takes from the password database, not $HOME) is never read or written.
// Running as root, the session's HOME comes from sshd_config `SetEnv HOME=…` (which overrides the
// account's home for every session), so no system user is created — unless a test asks to log in as
// one (`user`, test/support/users.ts). A missing sshd fails the test.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const SSHD = "/usr/sbin/sshd";
/** sshd refuses to start without its privilege separation dir (compiled in); a booted system has it. */
const PRIVSEP_DIR = "/run/sshd";

export interface SshdFixture {
  /** The Host alias in `configFile` (an ssh destination). */
  destination: string;
  port: number;
  /** The "remote" user's HOME (what $HOME is in every session). */
  remoteHome: string;
  /** ssh_config for the client: port, key, known_hosts, all inside the temp dir. */
  configFile: string;
  /** The MYTTY_BAR_SSH value that uses it. */
  sshCommand: string;
  /** Truncate it to make sshd refuse the client key. */
  authorizedKeys: string;
  knownHosts: string;
  dir: string;
  pid: number;
  /** Kills sshd and every session it started, then removes the temp dir. */
  stop(): Promise<void>;
}

export interface SshdOptions {
  /**
   * Log in as this system user instead of the test's own (test/support/users.ts): the remote HOME is
   * theirs, and what sshd reads as them (the authorized keys) is reachable by them.
   */
  user?: string;
  /** Extra `SetEnv` values for every session (e.g. PATH without sh, CODEX_HOME), given the remote HOME. */
  env?: Record<string, string> | ((remoteHome: string) => Record<string, string>);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

function keygen(file: string): void {
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "mytty-bar-test", "-f", file], {
    stdio: "ignore",
  });
}

/** SetEnv values are split by sshd like a shell would; quote each NAME=value whole. */
function setEnvLine(env: Record<string, string>): string {
  const words = Object.entries(env).map(([k, v]) => `"${k}=${v.replace(/["\\]/g, "")}"`);
  return `SetEnv ${words.join(" ")}`;
}

function sshdConfig(dir: string, port: number, env: Record<string, string>, user: string): string {
  return [
    `Port ${port}`,
    "ListenAddress 127.0.0.1",
    `HostKey ${dir}/host_key`,
    `PidFile ${dir}/sshd.pid`,
    `AuthorizedKeysFile ${dir}/authorized_keys`,
    "UsePAM no",
    "StrictModes no",
    "PasswordAuthentication no",
    "KbdInteractiveAuthentication no",
    "PubkeyAuthentication yes",
    "PermitRootLogin prohibit-password",
    `AllowUsers ${user}`,
    // ~/.ssh/rc and ~/.ssh/environment would come from the real account's home.
    "PermitUserRC no",
    "PermitUserEnvironment no",
    "PrintMotd no",
    "PrintLastLog no",
    "UseDNS no",
    "LogLevel INFO",
    setEnvLine(env),
    "",
  ].join("\n");
}

function sshConfig(dir: string, alias: string, port: number, user: string): string {
  return [
    `Host ${alias}`,
    "  HostName 127.0.0.1",
    `  Port ${port}`,
    `  User ${user}`,
    `  IdentityFile ${dir}/client_key`,
    "  IdentitiesOnly yes",
    "  IdentityAgent none",
    `  UserKnownHostsFile ${dir}/known_hosts`,
    "  GlobalKnownHostsFile /dev/null",
    "  StrictHostKeyChecking yes",
    "  ConnectTimeout 10",
    "",
  ].join("\n");
}

/** Waits for sshd's "Server listening" line; rejects with its stderr when it exits first. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`sshd did not start listening:\n${stderr}`)), 15_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
      if (/Server listening on 127\.0\.0\.1/.test(stderr)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`sshd exited with ${code}:\n${stderr}`));
    });
  });
}

/** Every process below `root` (sshd's per-connection children and their sessions), from /proc. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parent.set(Number(name), ppid);
    } catch {
      // The process exited while we listed: it is no one's descendant any more.
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, ppid] of parent) {
      if (ppid !== pid || found.includes(child)) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/**
 * sshd reads the authorized keys as the user logging in: the temp dirs above them get search permission
 * (never read), the keys file read permission, and the remote HOME becomes theirs.
 */
function shareWith(user: string, dir: string, remoteHome: string): void {
  const ids = execFileSync("id", ["-u", user], { encoding: "utf8" }).trim();
  const gid = execFileSync("id", ["-g", user], { encoding: "utf8" }).trim();
  for (const d of [path.dirname(dir), dir]) fs.chmodSync(d, (fs.statSync(d).mode & 0o7777) | 0o111);
  fs.chmodSync(path.join(dir, "authorized_keys"), 0o644);
  fs.chownSync(remoteHome, Number(ids), Number(gid));
}

export async function startSshd(options: SshdOptions = {}): Promise<SshdFixture> {
  if (!fs.existsSync(SSHD))
    throw new Error(
      `${SSHD} is missing: install Debian's openssh-server (apt-get install openssh-server), see .ci/run`,
    );
  fs.mkdirSync(PRIVSEP_DIR, { recursive: true, mode: 0o755 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-sshd-"));
  try {
    const remoteHome = path.join(dir, "remote-home");
    fs.mkdirSync(remoteHome, { mode: 0o700 });
    keygen(path.join(dir, "host_key"));
    keygen(path.join(dir, "client_key"));
    fs.copyFileSync(path.join(dir, "client_key.pub"), path.join(dir, "authorized_keys"));
    const user = options.user ?? os.userInfo().username;
    if (options.user !== undefined) shareWith(options.user, dir, remoteHome);
    const alias = "mytty-test-remote";
    const extra = typeof options.env === "function" ? options.env(remoteHome) : options.env;
    const env = { HOME: remoteHome, ...extra };
    for (let attempt = 0; ; attempt += 1) {
      // Another process may take the port between our probe and sshd's bind: try a few.
      const port = await freePort();
      const config = path.join(dir, "sshd_config");
      fs.writeFileSync(config, sshdConfig(dir, port, env, user));
      const hostKey = fs.readFileSync(path.join(dir, "host_key.pub"), "utf8").split(" ").slice(0, 2).join(" ");
      fs.writeFileSync(path.join(dir, "known_hosts"), `[127.0.0.1]:${port} ${hostKey}\n`);
      const configFile = path.join(dir, "ssh_config");
      fs.writeFileSync(configFile, sshConfig(dir, alias, port, user));
      const child = spawn(SSHD, ["-D", "-e", "-f", config], { stdio: ["ignore", "ignore", "pipe"] });
      try {
        await listening(child);
      } catch (error) {
        child.kill("SIGKILL");
        if (attempt < 3 && /Address already in use|Bind to port/.test(String(error))) continue;
        throw error;
      }
      child.stderr?.resume();
      const pid = child.pid as number;
      return {
        destination: alias,
        port,
        remoteHome,
        configFile,
        sshCommand: `ssh -F '${configFile}'`,
        authorizedKeys: path.join(dir, "authorized_keys"),
        knownHosts: path.join(dir, "known_hosts"),
        dir,
        pid,
        async stop() {
          const below = descendants(pid);
          const exited = new Promise<void>((resolve) =>
            child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
          );
          killAll([pid, ...below]);
          await exited;
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    }
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
