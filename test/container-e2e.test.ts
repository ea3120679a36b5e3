// docker:// and podman:// end to end (docs/remote.md#containers): the real doctor, `mytty-bar remote`,
// the real `mytty-bar --headless` and `mytty-team`, all reaching containers through the real command
// line `docker exec -i <container> sh -c …`. No container engine can run here, so `docker` and `podman`
// on PATH are the stand-in test/support/container-cli.sh (it says why and what it refuses): each
// container is its own HOME and environment, its processes outside the CLI's tree, as a real engine's.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentRow } from "@mytty-bar/engine";
import { BIN, Engine, fixture, runCli, tempHome, Tmux, until, type FakePane, type World } from "./engine-harness.js";
import { startContainers, type Container, type ContainerFixture } from "./support/containers.js";
import { containerSide, localWorld, remoteWorld } from "./support/remote-world.js";

const run = promisify(execFile);
const FIXTURE = path.join(import.meta.dirname, "..", "fixtures", "configs", "claude-code", "crlf-4-spaces.json");

let containers: ContainerFixture;
let box: Container;
let remote: World;
let local: World;
let tmux: Tmux;
let engine: Engine;
let pane: FakePane;
/** This machine's own tmux server, whose one pane runs `MYTTY_AGENT=claude-code docker exec -i box …`. */
let here: Tmux;
let hereSocket: string;
let wrapperPane: string;

/** A CLI run from the local side: its own HOME, the stand-in CLIs first on PATH. */
function cli(bin: string, ...args: string[]) {
  return runCli(local, bin, args);
}

/** The doctor from a HOME of its own, so that what it writes on this side (nothing) shows. */
async function doctor(...args: string[]) {
  const home = await tempHome("mytty-doctor-");
  return { ...(await runCli(local, BIN.doctor, args, { ...local.env, HOME: home })), home };
}

async function hostRow(host: string): Promise<AgentRow | undefined> {
  const out = await cli(BIN.team, "list", "--json");
  return (JSON.parse(out.stdout) as AgentRow[]).find((r) => r.host === host && r.provider === "claude-code");
}

async function rowIn(host: string, state: AgentRow["state"]): Promise<AgentRow> {
  let last: AgentRow | undefined;
  try {
    return await until(
      async () => {
        last = await hostRow(host);
        return last?.state === state ? last : undefined;
      },
      20_000,
      `the container's claude to be ${state}`,
    );
  } catch {
    throw new Error(`expected ${state}, still ${last ? last.state : "not listed"}\n${engine.output}`);
  }
}

async function hostLine(host: string): Promise<{ state: string; problem?: string } | undefined> {
  const out = await cli(BIN.bar, "remote", "list", "--json");
  return (JSON.parse(out.stdout) as Array<{ host: string; state: string; problem?: string }>).find(
    (h) => h.host === host,
  );
}

beforeAll(async () => {
  containers = startContainers();
  box = containers.add("box", { extraPath: (home) => [path.join(home, "fakebin")] });
  // The container's World: its HOME, its environment, hooks installed by `mytty-doctor … --host docker://box`.
  remote = await remoteWorld(containerSide(containers, box));
  remote.env = { ...box.env, LANG: "C", SHELL: "/bin/sh" };
  tmux = new Tmux(remote);
  pane = await tmux.pane("claude-code", "container-claude");
  // A wrapper we cannot see into, in a local terminal: the local engine's detection is kept to its server.
  const hereHome = await tempHome("mytty-local-tmux-");
  const hereEnv = { ...containers.clientEnv, HOME: hereHome, LANG: "C", SHELL: "/bin/sh" };
  hereSocket = path.join(hereHome, "tmux.sock");
  here = new Tmux({ ...remote, home: hereHome, env: hereEnv, tmuxSocket: hereSocket });
  const wrapper = "exec env MYTTY_AGENT=claude-code docker exec -i box sleep 600";
  wrapperPane = await here.cmd("new-session", "-d", "-s", "wrap", "-P", "-F", "#{pane_id}", wrapper);
  // A container's processes are outside every local tree, but this machine runs both sides' tmux servers.
  const side = {
    ...containerSide(containers, box),
    localScanRoot: Number(await here.cmd("display-message", "-p", "#{pid}")),
  };
  local = await localWorld(side, await tmux.cmd("display-message", "-p", "#{pid}"));
  engine = new Engine(local);
  await engine.start();
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await tmux?.kill();
  await here?.kill();
  await containers?.stop();
});

describe("mytty-doctor --host docker://<container>", () => {
  it("installs Claude Code's hooks in the container and uninstall gives back the exact bytes", async () => {
    const dev = containers.add("dev");
    const settings = path.join(dev.home, ".claude", "settings.json");
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    const original = fs.readFileSync(FIXTURE);
    fs.writeFileSync(settings, original);
    const installed = await doctor("install", "claude-code", "--host", "docker://dev", "--json");
    expect(installed.stderr).toBe("");
    expect(installed.code).toBe(0);
    const data = path.join(dev.home, ".local", "share", "mytty-bar");
    expect(fs.readFileSync(settings, "utf8")).toContain(`'${data}/bin/mytty-bar-hook' claude-code`);
    expect(fs.readFileSync(settings, "utf8")).toContain('\r\n    "hooks"'); // CRLF and 4 spaces kept
    expect(fs.statSync(path.join(data, "bin", "mytty-bar-hook")).mode & 0o777).toBe(0o755);

    const status = await cli(BIN.doctor, "status", "--host", "docker://dev", "--json");
    const report = JSON.parse(status.stdout) as { host: string; providers: { id: string; status: string }[] };
    expect(report).toMatchObject({ host: "docker://dev" });
    expect(report.providers.find((p) => p.id === "claude-code")?.status).toBe("installed");

    expect((await cli(BIN.doctor, "uninstall", "claude-code", "--host", "docker://dev")).code).toBe(0);
    expect(fs.readFileSync(settings)).toEqual(original);
    expect(fs.readdirSync(installed.home)).toEqual([]); // nothing written on this side
  });

  it("install --host writes nothing in the container while one of its files there cannot be read", async () => {
    const bad = containers.add("bad");
    const settings = path.join(bad.home, ".claude", "settings.json");
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, '{\n  "hooks": {,}\n}\n');
    const r = await doctor("install", "claude-code", "--host", "docker://bad");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^Nothing was written: install changes all of its files or none/);
    expect(r.stdout).toContain(`${settings}:2:13: value expected.`);
    expect(r.stdout).toContain("`mytty-doctor install claude-code --host docker://bad`");
    expect(fs.readFileSync(settings, "utf8")).toBe('{\n  "hooks": {,}\n}\n');
    expect(fs.existsSync(path.join(bad.home, ".local"))).toBe(false);
    expect(fs.existsSync(path.join(bad.home, ".claude", "skills"))).toBe(false);
  });

  it("podman://<container> goes through podman, whose containers are not docker's", async () => {
    const pod = containers.add("pod", { cli: "podman" });
    const installed = await cli(BIN.doctor, "install", "claude-code", "--host", "podman://pod");
    expect(installed.code).toBe(0);
    expect(fs.readFileSync(path.join(pod.home, ".claude", "settings.json"), "utf8")).toContain("mytty-bar-hook");
    // The same name through docker is no container at all.
    const docker = await cli(BIN.doctor, "status", "--host", "docker://pod");
    expect(docker.code).toBe(1);
    expect(docker.stderr).toContain("No such container: pod");
    const missing = await cli(BIN.doctor, "status", "--host", "podman://gone");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'Cannot reach container gone (Error: no container with name or ID "gone" found: no such container): start it, then try `podman exec -i gone sh -c true`.\n',
    );
  });

  it("a missing container is one line with its fix, in status --host and in remote list", async () => {
    const status = await cli(BIN.doctor, "status", "--host", "docker://gone");
    expect(status).toMatchObject({ code: 1, stdout: "" });
    const line =
      "Cannot reach container gone (Error response from daemon: No such container: gone): start it, then try `docker exec -i gone sh -c true`.";
    expect(status.stderr).toBe(`${line}\n`);
    const json = await cli(BIN.doctor, "status", "--host", "docker://gone", "--json");
    expect(JSON.parse(json.stdout)).toMatchObject({ host: "docker://gone", error: { kind: "no-container" } });

    expect((await cli(BIN.bar, "remote", "add", "docker://gone")).code).toBe(0);
    try {
      const down = await until(async () => (await hostLine("docker://gone"))?.problem, 20_000, "a problem line");
      expect(down).toBe(line);
      const text = await cli(BIN.bar, "remote", "list");
      expect(text.stdout.split("\n").filter((l) => l.includes("docker://gone"))).toHaveLength(1);
      expect(text.stdout).toContain(line);
    } finally {
      await cli(BIN.bar, "remote", "remove", "docker://gone");
    }
  }, 60_000);
});

describe("watching docker://<container>", () => {
  it("shows the container's claude running → waiting-approval → succeeded, with host set", async () => {
    expect((await cli(BIN.bar, "remote", "add", box.destination)).code).toBe(0);
    await until(async () => (await hostLine(box.destination))?.state === "connected", 20_000, "the link");
    await pane.hook("UserPromptSubmit", fixture("claude-code", "UserPromptSubmit"));
    const running = await rowIn(box.destination, "running");
    expect(running.host).toBe("docker://box");
    expect(running.id).toMatch(/^claude-code-\d+@docker:\/\/box$/);
    expect(running.terminal.tmuxPane).toBe(pane.id);
    await pane.hook("PermissionRequest", fixture("claude-code", "PermissionRequest"));
    expect((await rowIn(box.destination, "waiting-approval")).attention).toBe(true);
    await pane.hook("Stop", fixture("claude-code", "Stop"));
    await rowIn(box.destination, "succeeded");
    // Acknowledged files are gone from the container's spool.
    await until(async () => fs.readdirSync(remote.paths.spoolNew).length === 0, 10_000, "an empty spool there");
    // The container's agent is not also a local one (the one local row is the wrapper's, below).
    const rows = JSON.parse((await cli(BIN.team, "list", "--json")).stdout) as AgentRow[];
    expect(rows.filter((r) => r.host === null && r.terminal.tmuxSocket !== hereSocket)).toEqual([]);
  }, 90_000);

  it("a wrapper started with MYTTY_AGENT is still labelled by the hint: `docker exec` shows nothing below it", async () => {
    const row = await until(
      async () => {
        const rows = JSON.parse((await cli(BIN.team, "list", "--json")).stdout) as AgentRow[];
        return rows.find((r) => r.host === null && r.terminal.tmuxSocket === hereSocket);
      },
      20_000,
      "the wrapper's row",
    );
    expect(row).toMatchObject({ provider: "claude-code", via: "hint", terminal: { tmuxPane: wrapperPane } });
    const tty = (await here.cmd("display-message", "-p", "-t", wrapperPane, "#{pane_tty}")).replace(/^\/dev\//, "");
    const { stdout } = await run(process.execPath, [BIN.doctor, "agents", "--json"], { env: local.env });
    const mine = (JSON.parse(stdout) as Array<{ tty: string }>).filter((a) => a.tty === tty);
    expect(mine).toEqual([expect.objectContaining({ provider: "claude-code", via: "hint" })]);
  }, 30_000);
});
