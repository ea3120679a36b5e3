// The guide's staged example, run line by line as written: hooks installed in a temp HOME, the real
// engine in-process, fake claude/codex CLIs in a private tmux server that fire those hooks.
import { acquireEngineLock, createEngine, type Engine, type EngineLock } from "@mytty-bar/engine";
import {
  applyChanges,
  installChanges,
  installItems,
  planAll,
  planContext,
  resolvePaths,
  teamGuide,
  type Paths,
} from "@mytty-bar/installers";
import { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TeamContext } from "../src/context.js";
import { engineLink } from "../src/engine-link.js";
import { registerCommands } from "../src/program.js";
import { createTmuxRunner } from "../src/tmux/runner.js";
import { guideCommandLines, shellWords } from "./helpers/guide-lines.js";
import { startPrivateTmux, type PrivateTmux } from "./helpers/tmux-server.js";

let t: PrivateTmux;
let paths: Paths;
let engine: Engine;
let lock: EngineLock;

beforeAll(async () => {
  // A follow-up turn lasts long enough for `wait --until running` to see it.
  t = await startPrivateTmux({ FAKE_TURN_MS: "2500" });
  // list/wait/stats find the engine through this process's env, like the real CLI does.
  for (const key of ["MYTTY_BAR_DATA_DIR", "XDG_DATA_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME"]) delete process.env[key];
  process.env.HOME = t.home;
  // …and, like a CLI started in the caller's pane, sees that pane's tmux.
  process.env.TMUX = t.paneEnv.TMUX;
  process.env.TMUX_PANE = t.paneEnv.TMUX_PANE;
  paths = resolvePaths({ env: process.env });
  const plans = planAll(planContext(paths), ["claude-code", "codex"]);
  const outcomes = await applyChanges(
    installChanges(installItems(plans, ["claude-code", "codex"], { pointers: false })),
    { paths },
  );
  expect(outcomes.filter((o) => !["written", "chmod", "unchanged"].includes(o.result))).toEqual([]);
  lock = await acquireEngineLock(paths);
  engine = await createEngine({ paths, spoolPollMs: 50, version: "test" });
});

afterAll(async () => {
  await engine?.stop();
  await lock?.release();
  await t?.stop();
});

async function mytty(words: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const io = { out: (s: string) => void out.push(s), err: (s: string) => void out.push(s) };
  const ctx: TeamContext = {
    env: t.paneEnv,
    paths,
    out: io.out,
    err: io.err,
    write: io.out,
    tmux: (socket) => createTmuxRunner(socket === undefined ? { env: t.paneEnv } : { env: t.paneEnv, socket }),
    engine: engineLink(paths),
    ancestors: async () => [],
    pid: process.pid,
  };
  const program = new Command("mytty-team").exitOverride();
  registerCommands(program, () => ctx);
  try {
    await program.parseAsync(words, { from: "user" });
    return { code: typeof process.exitCode === "number" ? process.exitCode : 0, out: out.join("\n") };
  } finally {
    process.exitCode = undefined;
  }
}

describe("the guide's example against fake agents", () => {
  it("runs every line as written: spawn, wait, read, send, close", async () => {
    const lines = guideCommandLines(teamGuide(paths)).filter((l) => !l.startsWith("mytty-team status "));
    const transcript: string[] = [];
    for (const line of lines) {
      if (process.env.FLOW_DEBUG) process.stderr.write(`${new Date().toISOString()} $ ${line.slice(0, 80)}\n`);
      const result = await mytty(shellWords(line).slice(1));
      transcript.push(`$ ${line}\n[${result.code}] ${result.out}`);
      expect(result.code, transcript.join("\n")).toBe(0);
      if (line.startsWith("mytty-team read scout-api"))
        expect(result.out).toContain("fake claude finished: Read only, do not edit files.");
      if (line.startsWith("mytty-team read reviewer"))
        expect(result.out).toContain("fake codex finished: Review the uncommitted changes");
    }
    expect((await t.tmux("list-panes", "-a", "-F", "#{pane_id}")).trim()).toBe("%0");
  }, 120_000);
});
