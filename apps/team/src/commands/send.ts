// `mytty-team send`: type text into an agent's pane, literally, optionally pressing Enter.
import { setTimeout as sleep } from "node:timers/promises";
import { sendEnterArgs, sendLiteralArgs } from "../tmux/argv.js";
import { requireTmux, resolveAgent, tmuxOrFail } from "../tmux/resolve.js";
import type { TeamContext } from "../context.js";
import { say } from "../messages.js";

/** Keeps each tmux command message far below its ~16 KiB limit. */
const CHUNK = 4000;
/**
 * TUIs such as Claude Code read a burst of input as a paste, where Enter becomes a newline; a short
 * pause makes Enter arrive as its own keystroke.
 */
const ENTER_PAUSE_MS = 150;

export function chunks(text: string, size = CHUNK): string[] {
  const points = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(""));
  return out;
}

export interface SendResult {
  id: string;
  pane: string;
  characters: number;
  enter: boolean;
}

export async function sendToAgent(ctx: TeamContext, agent: string, text: string, enter: boolean): Promise<SendResult> {
  requireTmux(ctx, "send");
  const target = await resolveAgent(ctx, agent);
  for (const part of chunks(text))
    await tmuxOrFail(target.runner, sendLiteralArgs(target.pane, part), `type into ${target.pane}`);
  if (enter) {
    if (text !== "") await sleep(ENTER_PAUSE_MS);
    await tmuxOrFail(target.runner, sendEnterArgs(target.pane), `press Enter in ${target.pane}`);
  }
  return { id: target.id, pane: target.pane, characters: Array.from(text).length, enter };
}

export function renderSend(result: SendResult): string {
  return say.sent(result.characters, result.id, result.pane, result.enter);
}
