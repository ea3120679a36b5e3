// The built CLIs together: `mytty-doctor install` writes exactly what `mytty-team guide` prints and
// reports guide and pointers installed; `mytty-team spawn` run inside a real tmux pane finds its
// server and pane through the $TMUX/$TMUX_PANE that tmux itself set.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolvePaths, teamGuide } from "@mytty-bar/installers";
import { writeFakeAgents } from "../apps/team/test/helpers/fake-agents.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const DOCTOR = path.join(ROOT, "apps", "doctor", "bin", "mytty-doctor.js");
const TEAM = path.join(ROOT, "apps", "team", "bin", "mytty-team.js");
for (const app of ["doctor", "team"]) {
  if (!existsSync(path.join(ROOT, "apps", app, "dist", "cli.js")))
    throw new Error(`apps/${app} is not built: run \`npx tsc -b tsconfig.build.json\` first`);
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function home(): { root: string; env: NodeJS.ProcessEnv } {
  const root = mkdtempSync(path.join(os.tmpdir(), "mytty-team-doctor-"));
  dirs.push(root);
  return { root, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root } };
}

const run = (bin: string, args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, [bin, ...args], { env, encoding: "utf8", timeout: 20_000 });

describe("mytty-team with mytty-doctor", () => {
  it("install writes the guide `mytty-team guide` prints, and status shows guide and pointers installed", () => {
    const { env } = home();
    expect(run(DOCTOR, ["install", "claude-code", "codex"], env).status).toBe(0);
    const printed = run(TEAM, ["guide"], env);
    expect(printed.status).toBe(0);
    const paths = resolvePaths({ env });
    expect(printed.stdout).toBe(teamGuide(paths));
    expect(readFileSync(paths.guide, "utf8")).toBe(printed.stdout);
    const status = JSON.parse(run(DOCTOR, ["status", "--json"], env).stdout) as {
      guide: { path: string; status: string };
      pointers: Array<{ provider: string; path: string; status: string }>;
    };
    expect(status.guide).toEqual({ path: paths.guide, status: "installed" });
    expect(status.pointers.map((p) => [p.provider, p.path, p.status])).toEqual([
      ["claude-code", paths.claudeSkill, "installed"],
      ["codex", paths.codexAgentsMd, "installed"],
    ]);
    expect(readFileSync(paths.claudeSkill, "utf8")).toContain(paths.guide);
  });

  it("spawn inside a real tmux pane uses the server and pane tmux gave it", async () => {
    const { root, env } = home();
    const bin = path.join(root, "bin");
    await writeFakeAgents(bin);
    const socket = path.join(root, "sock");
    const out = path.join(root, "spawn.json");
    const paneEnv = { ...env, PATH: `${bin}:${env.PATH}` };
    const tmux = (...args: string[]) => spawnSync("tmux", ["-S", socket, ...args], { env: paneEnv, encoding: "utf8" });
    const script = `${JSON.stringify(process.execPath)} ${JSON.stringify(TEAM)} spawn --provider codex --label from-pane --task hi --json > ${JSON.stringify(out)}; sleep 60`;
    expect(tmux("-f", "/dev/null", "new-session", "-d", "-s", "real", "-x", "160", "-y", "40", script).status).toBe(0);
    try {
      for (let i = 0; i < 200 && !(existsSync(out) && readFileSync(out, "utf8").endsWith("\n")); i++)
        await new Promise((r) => setTimeout(r, 50));
      const spawned = JSON.parse(readFileSync(out, "utf8")) as { pane: string; label: string; id: string; pid: number };
      expect(spawned.label).toBe("from-pane");
      expect(spawned.id).toBe(`codex-${spawned.pid}`);
      const panes = tmux("list-panes", "-t", "%0", "-F", "#{pane_id} #{@mytty_label}").stdout.trim().split("\n");
      expect(panes).toEqual(["%0 ", `${spawned.pane} from-pane`]);
    } finally {
      tmux("kill-server");
    }
  });
});
