// `mytty-team spawn`: a new agent in a tmux pane beside the caller, its task handed over as one argv word.
import { constants } from "node:fs";
import { access, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LAUNCH, SPAWN_PROVIDERS, isSpawnProvider, launchArgv, launchPlan, type SpawnProvider } from "../launch.js";
import { listPanesArgs, newWindowArgs, setPaneOptionArgs, splitWindowArgs, type NewPaneSpec } from "../tmux/argv.js";
import { labelHolder } from "../tmux/label-use.js";
import { validModel, validSpawnLabel } from "../tmux/labels.js";
import { EXIT, TeamError, isEngineDown, say } from "../messages.js";
import { chooseSplit, parsePanes } from "../tmux/panes.js";
import { paneInfo, requireTmux, rowInPane, tmuxOrFail } from "../tmux/resolve.js";
import type { TmuxRunner } from "../tmux/runner.js";
import { fileScript, fitsInline, inlineScript } from "../tmux/script.js";
import type { TeamContext } from "../context.js";

export const DIRECTIONS = ["auto", "left", "right", "up", "down"] as const;
export type Direction = (typeof DIRECTIONS)[number];

export interface SpawnOptions {
  provider: string;
  task?: string;
  taskFile?: string;
  cwd?: string;
  label?: string;
  direction?: Direction;
  model?: string;
}

export interface SpawnResult {
  id: string;
  provider: SpawnProvider;
  pane: string;
  pid: number | null;
  label?: string;
  cwd: string;
  session: string;
  window: string;
  /** The provider CLI's argv (the task is its last word). */
  argv: string[];
}

/** Largest task passed to a provider CLI (as one argument, below Linux's 128 KiB per-argument limit). */
export const MAX_TASK_BYTES = 100 * 1024;

async function readTask(options: SpawnOptions): Promise<string> {
  if ((options.task === undefined) === (options.taskFile === undefined))
    throw new TeamError(say.taskMissing(), EXIT.usage);
  let task = options.task;
  if (options.taskFile !== undefined) {
    try {
      const file = path.resolve(options.taskFile);
      // One argv element may hold at most 128 KiB on Linux; refuse early rather than fail in the pane.
      const size = (await stat(file)).size;
      if (size > MAX_TASK_BYTES)
        throw new TeamError(say.taskFileTooLarge(options.taskFile, size, MAX_TASK_BYTES), EXIT.usage);
      task = await readFile(file, "utf8");
    } catch (error) {
      if (error instanceof TeamError) throw error;
      throw new TeamError(say.taskFileUnreadable(options.taskFile, (error as Error).message), EXIT.failed);
    }
  }
  const trimmed = (task ?? "").trimEnd();
  if (trimmed.trim() === "") throw new TeamError(say.taskEmpty(), EXIT.usage);
  return trimmed;
}

async function resolveCwd(cwd: string | undefined): Promise<string> {
  const dir = path.resolve(cwd ?? process.cwd());
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new TeamError(say.badCwd(dir), EXIT.usage);
  return dir;
}

/** A missing CLI would only flash "not found" in a pane that closes at once: say it here instead. */
async function onPath(bin: string, pathVar: string | undefined): Promise<boolean> {
  for (const dir of (pathVar ?? "").split(":")) {
    if (dir === "") continue;
    if (
      await access(path.join(dir, bin), constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

async function paneScript(plan: ReturnType<typeof launchPlan>): Promise<{ script: string; cleanup(): Promise<void> }> {
  if (fitsInline(plan)) return { script: inlineScript(plan), cleanup: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), "mytty-team-task-"));
  const file = path.join(dir, "task");
  await writeFile(file, plan.task, { mode: 0o600 });
  return { script: fileScript(plan, dir, file), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** How long spawn waits for the engine to list the new agent (its 2 s poll or a first hook). */
export const ENGINE_SIGHTING_MS = 10_000;

/**
 * When the engine runs, return only once it lists the new agent (with its label, when one was
 * given), under the engine's own id: a `wait <id|label>` right after spawn must not meet "No agent".
 * Engine down: undefined at once. Out of time: the id of a row seen without its label, if any.
 */
async function engineSighting(
  ctx: TeamContext,
  runner: TmuxRunner,
  pane: string,
  pid: number | null,
  label: string | undefined,
): Promise<string | undefined> {
  const deadline = Date.now() + ENGINE_SIGHTING_MS;
  let seen: string | undefined;
  for (let round = 1; ; round++) {
    try {
      const rows = await ctx.engine.list();
      const row =
        rows.find((r) => pid !== null && r.pid === pid) ?? rows.find((r) => rowInPane(r, pane, runner.socket));
      seen = row?.id ?? seen;
      if (row !== undefined && (label === undefined || row.label === label)) return row.id;
    } catch (error) {
      if (isEngineDown(error)) return undefined;
      throw error;
    }
    if (Date.now() > deadline) return seen;
    // An agent that exits at once takes its pane along: stop waiting for the engine to see it.
    if (round % 10 === 0 && (await paneInfo(runner, pane)) === undefined) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function spawnAgent(ctx: TeamContext, options: SpawnOptions): Promise<SpawnResult> {
  requireTmux(ctx, "spawn");
  if (!isSpawnProvider(options.provider)) {
    throw new TeamError(say.badProvider(options.provider, SPAWN_PROVIDERS), EXIT.usage);
  }
  const provider = options.provider;
  const label = options.label === undefined ? undefined : validSpawnLabel(options.label);
  if (options.label !== undefined && label === undefined) throw new TeamError(say.badLabel(options.label), EXIT.usage);
  const model = options.model === undefined ? undefined : validModel(options.model);
  if (options.model !== undefined && model === undefined) throw new TeamError(say.badModel(options.model), EXIT.usage);
  const task = await readTask(options);
  const cwd = await resolveCwd(options.cwd);
  const entry = LAUNCH[provider];
  if (!(await onPath(entry.bin, ctx.env.PATH))) throw new TeamError(say.cliMissing(entry.bin, provider), EXIT.failed);

  const runner = ctx.tmux();
  const holder = label === undefined ? undefined : await labelHolder(ctx, runner, label);
  if (holder !== undefined) throw new TeamError(say.labelTaken(label!, holder), EXIT.usage);
  const caller = ctx.env.TMUX_PANE as string;
  const window = parsePanes(await tmuxOrFail(runner, listPanesArgs({ window: caller }), "list the caller's panes"));
  const choice = chooseSplit(window, caller, options.direction ?? "auto");
  const plan = launchPlan(provider, task, model);
  // The label also rides in the exec-time env, where detection can read it like MYTTY_AGENT.
  const env: Record<string, string> = {
    MYTTY_AGENT: entry.hint,
    ...(label === undefined ? {} : { MYTTY_LABEL: label }),
  };
  const { script, cleanup } = await paneScript(plan);
  const spec: NewPaneSpec = { target: choice.target, cwd, env, script };

  let created = await runner.run(splitWindowArgs(spec, choice.direction));
  const callerWindow = window.find((p) => p.paneId === caller)?.windowId;
  if (created.code !== 0 && /no space|too small/i.test(created.stderr) && callerWindow !== undefined) {
    created = await runner.run(newWindowArgs(spec, callerWindow));
  }
  if (created.code !== 0) {
    await cleanup();
    throw new TeamError(say.tmuxFailed("open a pane for the new agent", created.stderr), EXIT.failed);
  }
  const pane = parsePanes(created.stdout)[0];
  if (pane === undefined) throw new TeamError(say.tmuxFailed("report the new pane", created.stdout), EXIT.failed);

  // With `exec`, the pane's first process is the agent itself: same `<provider>-<pid>` id as the engine's.
  const guess = pane.pid === null ? `${entry.hint}-${pane.paneId.slice(1)}` : `${entry.hint}-${pane.pid}`;
  if (label !== undefined)
    await tmuxOrFail(runner, setPaneOptionArgs(pane.paneId, "@mytty_label", label), "record the label");
  await tmuxOrFail(runner, setPaneOptionArgs(pane.paneId, "@mytty_agent", guess), "record the agent id");
  const id = (await engineSighting(ctx, runner, pane.paneId, pane.pid, label)) ?? guess;
  if (id !== guess) await tmuxOrFail(runner, setPaneOptionArgs(pane.paneId, "@mytty_agent", id), "record the agent id");
  return {
    id,
    provider,
    pane: pane.paneId,
    pid: pane.pid,
    ...(label === undefined ? {} : { label }),
    cwd,
    session: pane.sessionId,
    window: pane.windowId,
    argv: launchArgv(plan),
  };
}

export function renderSpawn(result: SpawnResult): string {
  return say.spawned(result.id, result.label, result.provider, result.pane);
}
