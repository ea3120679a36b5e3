// Executes a focus plan through the CommandRunner and says what it achieved. The only step that reads
// before acting: which tmux client shows the pane's session, when detection did not say.
import { planFocus, type FocusTarget } from "./plan.js";
import type { ToolPaths } from "./hosts.js";
import { isPaneId, pickClient, tmuxListClientsCommand, tmuxPaneSessionCommand } from "./tmux.js";
import type { Command, CommandResult, CommandRunner, FocusOutcome } from "./types.js";
import { FOCUS_TEXT, remoteFocusText } from "../messages.js";
import { remotePaneCommand, remotePaneFailure } from "./remote.js";

export interface FocusDeps {
  runner: CommandRunner;
  platform: NodeJS.Platform;
  tools: ToolPaths;
  /** Where MYTTY_BAR_SSH is read for a remote agent's tmux pane (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

function succeeded(command: Command, result: CommandResult): boolean {
  if (result.code !== 0) return false;
  return command.expectStdout === undefined || result.stdout.trim() === command.expectStdout;
}

function why(command: Command, result: CommandResult): string {
  const tool = command.argv[0]?.split("/").pop() ?? "command";
  if (result.code === 0) return `${tool} did not find the tab`;
  const err = result.stderr.trim().split("\n")[0];
  return `${tool} failed${err ? `: ${err}` : ` (exit ${String(result.code)})`}`;
}

/** Fill in the tmux client tty from list-clients when the row has none (a client may attach later). */
async function withTmuxClient(target: FocusTarget, deps: FocusDeps): Promise<FocusTarget> {
  const t = target.terminal;
  if (!isPaneId(t.tmuxPane) || t.tmuxClientTty) return target;
  const pane = { pane: t.tmuxPane, ...(t.tmuxSocket ? { socket: t.tmuxSocket } : {}) };
  let session = t.tmuxSession;
  if (!session) {
    const r = await deps.runner.run(tmuxPaneSessionCommand(deps.tools.tmux, pane));
    if (r.code !== 0) return target;
    session = r.stdout.trim();
  }
  const clients = await deps.runner.run(tmuxListClientsCommand(deps.tools.tmux, t.tmuxSocket));
  const client = clients.code === 0 ? pickClient(clients.stdout, session) : undefined;
  return client ? { ...target, terminal: { ...t, tmuxClientTty: client } } : target;
}

/**
 * A watched host's tty and tmux pane are that host's: run here, the same names would pick a local tab or
 * pane. Only the local tab the engine matched exactly (`localTab`) is focused; with a tmux pane on the host,
 * only after the host confirmed and selected it (docs/remote.md#jump-to-a-remote-agent).
 */
async function focusRemote(target: FocusTarget & { host: string }, deps: FocusDeps): Promise<FocusOutcome> {
  const refuse = (reason: string): FocusOutcome => ({
    status: "nothing",
    host: target.host,
    detail: remoteFocusText(target.host, reason),
  });
  const tab = target.localTab;
  if (!tab) return refuse(target.localTabProblem ?? "it has not been matched to a local ssh client yet");
  const step = remotePaneCommand(target, deps.env ?? process.env);
  if ("refuse" in step) return refuse(step.refuse);
  if ("command" in step) {
    const result = await deps.runner.run(step.command);
    if (result.code !== 0) return refuse(remotePaneFailure(result.code, result.stderr));
  }
  return focusAgent({ tty: tab.tty, terminal: tab.terminal, ...(target.cwd ? { cwd: target.cwd } : {}) }, deps);
}

export async function focusAgent(target: FocusTarget, deps: FocusDeps): Promise<FocusOutcome> {
  if (target.host) return focusRemote({ ...target, host: target.host }, deps);
  const plan = planFocus(await withTmuxClient(target, deps), { platform: deps.platform, tools: deps.tools });
  let failure: string | undefined;
  for (const command of plan.precise) {
    const result = await deps.runner.run(command);
    if (!succeeded(command, result)) {
      failure = why(command, result);
      break;
    }
  }
  const preciseOk = plan.precise.length > 0 && failure === undefined;
  let activated = false;
  if (!preciseOk || plan.activateAfter || plan.reach !== "exact") {
    for (const command of plan.activate) activated = succeeded(command, await deps.runner.run(command)) || activated;
  }
  const host = plan.host.name;
  if (preciseOk && plan.reach === "exact") return { status: "exact", host, detail: FOCUS_TEXT.exact(host) };
  if (preciseOk && plan.reach === "window") {
    return {
      status: "window",
      host,
      detail: FOCUS_TEXT.window(host),
    };
  }
  const reason = failure ?? plan.limitation ?? FOCUS_TEXT.tabUnknown;
  if (activated || (preciseOk && plan.precise.length > 0)) {
    return { status: "app-only", host, detail: FOCUS_TEXT.appOnly(host, reason) };
  }
  return { status: "nothing", host, detail: FOCUS_TEXT.nothing(host, reason) };
}
