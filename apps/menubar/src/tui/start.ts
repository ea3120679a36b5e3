// `mytty-bar --tui`: the engine in this process plus the dashboard; jumps run the shared focus module.
import { existsSync } from "node:fs";
import type { AgentRow, EngineHandle, Notice } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/paths";
import { startEngine } from "../engine-runtime.js";
import { focusAgent } from "../focus/run.js";
import { resolveToolPaths } from "../focus/hosts.js";
import { nodeCommandRunner } from "../focus/node-runner.js";
import type { FocusOutcome } from "../focus/types.js";
import type { TuiMeters } from "./dashboard.js";
import { TUI_NEEDS_TTY } from "../messages.js";
import { withoutCiVariables } from "./load-ink.js";

export function nodeFocus(): (agent: AgentRow) => Promise<FocusOutcome> {
  const deps = {
    runner: nodeCommandRunner(),
    platform: process.platform,
    tools: resolveToolPaths(process.platform, existsSync),
  };
  return (agent) => focusAgent(agent, deps);
}

/** Runs the dashboard over an engine; exported so tests can hand it a small fake engine. */
export interface TuiExtras {
  now?: () => number;
  onNotice?: (listener: (notice: Notice) => void) => () => void;
  lowContextPercent?: () => number;
  meters?: () => TuiMeters;
  copy?: (text: string) => boolean;
}

export async function runTui(
  engine: EngineHandle,
  focus: (agent: AgentRow) => Promise<FocusOutcome> = nodeFocus(),
  extras: TuiExtras = {},
): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    console.error(TUI_NEEDS_TTY);
    return 2;
  }
  // Loaded here, not at the top: Ink must first be evaluated without the CI variables (see load-ink.ts).
  const { runTuiApp } = await withoutCiVariables(process.env, () => import("./run.js"));
  await runTuiApp({ engine, focus, ...extras });
  return 0;
}

export async function startTui(): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    console.error(TUI_NEEDS_TTY);
    return 2;
  }
  const focus = nodeFocus();
  // Notices become the dashboard's status line; they may arrive before the dashboard listens.
  const listeners = new Set<(notice: Notice) => void>();
  const onNotice = (listener: (notice: Notice) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const running = await startEngine({
    paths: resolvePaths(),
    // Control-socket focus requests (mytty-team focus) land here too.
    ports: { focus: (agent) => void focus(agent), notify: (notice) => listeners.forEach((l) => l(notice)) },
  });
  try {
    // Read on every frame, so a threshold changed in the menu bar's settings (file re-read) applies here too.
    return await runTui(running.engine, focus, {
      onNotice,
      lowContextPercent: () => running.engine.settings().lowContextPercent,
      meters: () => ({
        display: running.engine.settings().meterDisplay,
        lowUsagePercent: running.engine.settings().lowUsagePercent,
      }),
    });
  } finally {
    await running.stop();
  }
}
