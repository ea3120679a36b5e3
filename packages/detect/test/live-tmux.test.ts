// LIVE: a private tmux server with fake agents in its windows, scanned through every source, and
// `mytty-doctor agents --json` run as a real process against it.
import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScanner,
  createSource,
  defaultExec,
  unixSocketsOf,
  type DetectedAgent,
  type SourceKind,
} from "@mytty-bar/detect";
import { codexJsPath, createLab, pollUntil, type Lab } from "./helpers/fake-agents.js";

const run = promisify(execFile);
const doctorBin = fileURLToPath(new URL("../../../apps/doctor/bin/mytty-doctor.js", import.meta.url));

interface Expected {
  provider: string;
  via: string;
  variant?: string;
  /** The detected process's command line ends with this. */
  argvEnd: string;
}

let lab: Lab;
const panes: Record<string, string> = {};
const expected: Record<string, Expected> = {};

beforeAll(() => {
  lab = createLab();
  const open = (name: string, command: string | undefined, expect?: Expected) => {
    panes[name] = lab.open(name, command);
    if (expect) expected[panes[name]!] = expect;
  };
  open("claude", "claude", { provider: "claude-code", via: "process", argvEnd: "/bin/claude" });
  open("codex", "codex --full-auto", { provider: "codex", via: "process", argvEnd: "/bin/codex --full-auto" });
  open("cursor", "cursor-agent", { provider: "cursor", via: "process", argvEnd: "/bin/cursor-agent" });
  open("opencode", "opencode", { provider: "opencode", via: "process", argvEnd: "/bin/opencode" });
  open("gemini", "gemini", { provider: "antigravity", via: "process", variant: "gemini", argvEnd: "/bin/gemini" });
  open("agy", "agy", { provider: "antigravity", via: "process", variant: "antigravity", argvEnd: "/bin/agy" });
  open("wrapped", "wrapper.sh", { provider: "opencode", via: "descendant", argvEnd: "/bin/opencode" });
  open("nodecodex", `${process.execPath} ${codexJsPath(lab)}`, {
    provider: "codex",
    via: "process",
    argvEnd: "/@openai/codex/bin/codex.js",
  });
  open("hint", "MYTTY_AGENT=$'  Claude-Code \\n' mystery", {
    provider: "claude-code",
    via: "hint",
    argvEnd: "/bin/mystery",
  });
  open("hint-on-agent", "MYTTY_AGENT=codex claude", {
    provider: "claude-code",
    via: "process",
    argvEnd: "/bin/claude",
  });
  open("bogus", "MYTTY_AGENT=bogus mystery");
  open("shell", undefined);
});

afterAll(() => lab?.close());

const ours = (agents: readonly DetectedAgent[]) => agents.filter((a) => a.terminal.tmuxSocket === lab.socket);
const summary = (
  agents: readonly { terminal: { tmuxPane?: string }; provider: string; via: string; variant?: string }[],
) =>
  Object.fromEntries(
    agents.map((a) => [
      a.terminal.tmuxPane ?? "?",
      { provider: a.provider, via: a.via, ...(a.variant ? { variant: a.variant } : {}) },
    ]),
  );
const wanted = () =>
  Object.fromEntries(
    Object.entries(expected).map(([pane, e]) => [
      pane,
      { provider: e.provider, via: e.via, ...(e.variant ? { variant: e.variant } : {}) },
    ]),
  );

/** Scans until every expected pane shows up and the bogus pane's program is in its foreground. */
async function settledScan(kind: SourceKind): Promise<DetectedAgent[]> {
  const scanner = createScanner({ source: createSource(kind) });
  const bogusTty = lab.paneTty(panes.bogus!);
  let last: DetectedAgent[] = [];
  return pollUntil(
    async () => {
      const scan = await scanner.scan();
      last = ours(scan.agents);
      const bogusReady = scan.processes.some(
        (p) => p.tty === bogusTty && p.pgid === p.tpgid && p.argv.join(" ").endsWith("/bin/mystery"),
      );
      return bogusReady && Object.keys(expected).every((pane) => last.some((a) => a.terminal.tmuxPane === pane))
        ? last
        : undefined;
    },
    30_000,
    () => JSON.stringify(summary(last)),
  );
}

describe.each(["proc", "ps", "ps-list"] as const)("live tmux scan through the %s source", (kind) => {
  it("finds every fake agent in its pane with the right provider and path, and nothing else", async () => {
    const agents = await settledScan(kind);
    expect(summary(agents)).toEqual(wanted());
    for (const agent of agents) {
      const want = expected[agent.terminal.tmuxPane!]!;
      expect(agent.argv.join(" ").endsWith(want.argvEnd)).toBe(true);
      expect(agent.tty).toBe(lab.paneTty(agent.terminal.tmuxPane!));
      expect(agent.terminal).toMatchObject({ app: "tmux", tmuxSocket: lab.socket, tmuxSession: "lab" });
    }
    // The wrapper's child is reported, not the wrapper script.
    const wrapped = agents.find((a) => a.terminal.tmuxPane === panes.wrapped)!;
    expect(wrapped.argv.join(" ")).not.toContain("wrapper.sh");
  });
});

describe("every tmux server, not only the default socket", () => {
  it("a tab lookup between polls (one tty, outside tmux) does not make the next scan ask tmux again", async () => {
    const asked: string[][] = [];
    const scanner = createScanner({
      // Long enough that only a forgotten state, not its age, can make the second scan ask again.
      tmuxMaxAgeMs: 600_000,
      effects: {
        exec: (file, args) => {
          asked.push([file, ...args]);
          return defaultExec(file, args);
        },
      },
    });
    const ourAsks = () => asked.filter((call) => call.includes(lab.socket)).length;
    const scan = await pollUntil(async () => {
      const s = await scanner.scan();
      return ours(s.agents).length > 0 ? s : undefined;
    });
    const before = ourAsks();
    expect(before).toBeGreaterThan(0);
    // This test's own node process has no tmux pane: the lookup names no tmux server at all.
    await scanner.locateProcess(process.pid, scan.processes);
    expect(ours((await scanner.scan()).agents).length).toBeGreaterThan(0);
    expect(ourAsks()).toBe(before);
  });

  it("a second private server's agent comes out with that server's socket and pane", async () => {
    const other = createLab();
    try {
      const pane = other.open("second", "codex");
      const scanner = createScanner();
      const found = await pollUntil(async () =>
        (await scanner.scan()).agents.find((a) => a.terminal.tmuxSocket === other.socket),
      );
      expect(found).toMatchObject({
        provider: "codex",
        via: "process",
        tty: other.paneTty(pane),
        terminal: { tmuxPane: pane, tmuxSession: "lab" },
      });
    } finally {
      other.close();
    }
  });

  it("reads a pane's @mytty_label in the same tmux call, sanitised, and only for that pane", async () => {
    const other = createLab();
    try {
      const labelled = other.open("tagged", "codex");
      const plain = other.open("plain", "claude");
      other.tmux("set-option", "-p", "-t", labelled, "@mytty_label", `  scout: api é\tx\n ${"漢".repeat(60)}`);
      // detect runs tmux with LC_ALL=C: without -u, "é" would come out as "_".
      const scanner = createScanner();
      const found = await pollUntil(async () => {
        const mine = (await scanner.scan()).agents.filter((a) => a.terminal.tmuxSocket === other.socket);
        return mine.length === 2 ? mine : undefined;
      });
      expect(Object.fromEntries(found.map((a) => [a.terminal.tmuxPane, a.terminal.label ?? null]))).toEqual({
        [labelled]: `scout: api éx ${"漢".repeat(50)}`,
        [plain]: null,
      });
    } finally {
      other.close();
    }
  });

  it("finds a server's socket among its open unix sockets (for servers whose argv names none)", () => {
    const serverPid = Number(lab.tmux("display-message", "-p", "#{pid}"));
    expect(unixSocketsOf(serverPid)).toContain(lab.socket);
  });
});

describe("live hook join", () => {
  it("walks from a process below an agent up to the agent and its pane", async () => {
    const scanner = createScanner();
    const agents = await settledScan("proc");
    const node = agents.find((a) => a.terminal.tmuxPane === panes.nodecodex)!;
    const joined = await scanner.join(node.pid);
    expect(joined.agent).toMatchObject({
      pid: node.pid,
      provider: "codex",
      terminal: { tmuxPane: panes.nodecodex, tmuxSocket: lab.socket },
    });
    expect(joined.tty).toBe(node.tty);
  });
});

describe("mytty-doctor agents --json (real CLI process)", () => {
  it("prints the contract rows for the lab's agents", async () => {
    await settledScan("proc");
    type Row = {
      tty: string;
      pid: number;
      provider: string;
      via: string;
      executable: string;
      terminal: { app?: string; tmuxPane?: string; tmuxSocket?: string };
    };
    let last = "";
    // Re-run until the lab's rows are all there: a pane may be mid-restart on a loaded box.
    const mine = await pollUntil(
      async () => {
        const { stdout } = await run(process.execPath, [doctorBin, "agents", "--json"], {
          encoding: "utf8",
          timeout: 20_000,
        });
        last = stdout;
        const rows = (JSON.parse(stdout) as Row[]).filter((r) => r.terminal.tmuxSocket === lab.socket);
        return Object.keys(summary(rows)).length === Object.keys(expected).length ? rows : undefined;
      },
      30_000,
      () => last,
    );
    expect(summary(mine)).toEqual(wanted());
    for (const r of mine) {
      expect(Object.keys(r).slice(0, 6)).toEqual(["tty", "pid", "provider", "via", "executable", "argv"]);
      expect(typeof r.executable).toBe("string");
      expect(r.terminal.app).toBe("tmux");
    }
  });
});

describe("mytty-doctor agents --watch (real CLI process)", () => {
  it("redraws until Ctrl-C, then exits 0", async () => {
    const child = spawn(process.execPath, [doctorBin, "agents", "--watch", "--interval", "0.2"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await pollUntil(
      async () => ((out.match(/TTY +PID/g) ?? []).length >= 2 ? true : undefined),
      20_000,
      () => out,
    );
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });
});
