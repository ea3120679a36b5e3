// Another local user's process named `claude` is not ours: detection and hook joins keep to the uid the
// scan runs as, and `mytty-doctor agents` says how many it left out and why. Once from a recorded table
// (fixtures/ps/linux-other-user), once with a real `claude` run as uid 65534 in a private tmux server.
import { execFile } from "node:child_process";
import { promises as fs, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScanner, createSource, loadFixture, scopedSource } from "@mytty-bar/detect";
import { runAgents } from "../../apps/doctor/src/commands/agents/handler.js";
import { until } from "../engine-harness.js";

const run = promisify(execFile);
const FIXTURE = fileURLToPath(new URL("../../fixtures/ps/linux-other-user/", import.meta.url));
const NOBODY = 65534;

function capture() {
  let text = "";
  return { io: { write: (t: string) => (text += t) }, text: () => text };
}

describe("agents of other users (recorded table)", () => {
  it("leaves another uid's claude out of the rows and the hook join, and counts it", async () => {
    const fx = loadFixture(FIXTURE);
    const scanner = createScanner({ source: fx.source, effects: fx.effects });
    const scan = await scanner.scan();
    expect(scan.agents.map((a) => `${a.tty} ${a.provider}`)).toEqual([
      "pts/4 opencode",
      "pts/5 codex",
      "pts/6 claude-code",
      "pts/8 antigravity",
    ]);
    expect(scan.otherUsers).toBe(1);
    // A hook helper under that claude (its `sleep`, pid 14840) joins to no agent.
    expect((await scanner.join(14840)).agent).toBeUndefined();
    const out = capture();
    expect(await runAgents({}, { stdout: out.io, stderr: out.io, scanner, uid: 0 })).toBe(0);
    expect(out.text().trimEnd().split("\n").at(-1)).toBe(
      "1 agent process of another user was left out: only uid 0's processes are watched (mytty-doctor agents --all lists them).",
    );
  });
});

const asRoot = process.platform === "linux" && process.getuid?.() === 0;

describe.runIf(asRoot)("agents of other users (a real claude run as uid 65534)", () => {
  let home: string;
  let sock: string;
  const tmux = (...args: string[]) => run("tmux", ["-S", sock, "-f", "/dev/null", ...args], { cwd: "/" });

  beforeAll(async () => {
    home = mkdtempSync(path.join(os.tmpdir(), "mytty-other-users-"));
    sock = path.join(home, "tmux.sock");
    // A process named `claude` (argv[0]) needing no file: uid 65534 cannot read TMPDIR or the checkout.
    const claude = "bash -c 'exec -a claude sleep 3600'";
    await tmux("new-session", "-d", "-s", "lab", "-x", "120", "-y", "30", claude);
    await tmux("new-window", "-t", "lab", `setpriv --reuid=${NOBODY} --regid=${NOBODY} --clear-groups -- ${claude}`);
  });
  afterAll(async () => {
    await tmux("kill-server").catch(() => undefined);
    await fs.rm(home, { recursive: true, force: true });
  });

  it("lists our claude, leaves the other user's out, and `agents` says so", async () => {
    const server = Number((await tmux("display-message", "-p", "-t", "lab", "#{pid}")).stdout.trim());
    const panes = (await tmux("list-panes", "-s", "-t", "lab", "-F", "#{pane_pid}")).stdout.trim().split("\n");
    expect(panes).toHaveLength(2);
    const [mine, theirs] = panes.map(Number);
    // Only this tmux server's tree: other tests on this machine run agents of their own.
    const scanner = createScanner({ source: scopedSource(createSource("proc"), server) });
    const scan = await until(
      async () => {
        const s = await scanner.scan();
        return s.agents.length + (s.otherUsers ?? 0) === 2 ? s : undefined;
      },
      10_000,
      "both claudes seen",
    );
    expect((await fs.stat(`/proc/${theirs}`)).uid).toBe(NOBODY);
    expect(scan.agents.map((a) => [a.pid, a.provider])).toEqual([[mine, "claude-code"]]);
    expect(scan.otherUsers).toBe(1);
    expect((await scanner.join(theirs!)).agent).toBeUndefined();
    const out = capture();
    expect(await runAgents({}, { stdout: out.io, stderr: out.io, scanner })).toBe(0);
    expect(out.text()).toContain("1 agent process of another user was left out: only uid 0's processes are watched");
    // --all names it, and what the engine says of watched hosts (none here).
    const all = capture();
    expect(await runAgents({ all: true }, { stdout: all.io, stderr: all.io, scanner, hosts: async () => [] })).toBe(0);
    expect(all.text()).toContain(
      `Here: 1 agent process of another user left out: uid ${NOBODY} (Claude Code, pid ${theirs}, ${scan.leftOut![0]!.tty}). Only uid 0's agents are shown and joined to hook events.`,
    );
    const json = capture();
    const opts = { all: true, json: true };
    expect(await runAgents(opts, { stdout: json.io, stderr: json.io, scanner, hosts: async () => undefined })).toBe(0);
    const parsed = JSON.parse(json.text()) as { agents: { pid: number }[]; leftOut: unknown[]; hosts: null };
    expect(parsed.agents.map((a) => a.pid)).toEqual([mine]);
    expect(parsed.leftOut).toEqual([
      { pid: theirs, uid: NOBODY, provider: "claude-code", tty: scan.leftOut![0]!.tty, executable: expect.any(String) },
    ]);
    expect(parsed.hosts).toBeNull();
  });
});
