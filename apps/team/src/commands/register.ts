// Registers the tmux-side commands of mytty-team (and `guide`) on the app's commander program.
import type { Command } from "commander";
import { EXIT, TeamError } from "../tmux/messages.js";
import { registerClose } from "./close.js";
import type { RunAction, TeamContext } from "./context.js";
import { defaultContext } from "./default-context.js";
import { registerFocus } from "./focus.js";
import { registerGuide } from "./guide.js";
import { registerRead } from "./read.js";
import { registerSend } from "./send.js";
import { registerSpawn } from "./spawn.js";
import { registerStatus } from "./status.js";

export function runner(makeContext: () => TeamContext): RunAction {
  return async (action) => {
    const ctx = makeContext();
    try {
      await action(ctx);
    } catch (error) {
      if (!(error instanceof TeamError)) throw error;
      ctx.stderr(error.message);
      process.exitCode = error.exitCode;
    }
  };
}

export function registerTeamCommands(program: Command, makeContext: () => TeamContext = defaultContext): void {
  const run = runner(makeContext);
  registerSpawn(program, run);
  registerSend(program, run);
  registerRead(program, run);
  registerFocus(program, run);
  registerClose(program, run);
  registerStatus(program, run);
  registerGuide(program, run);
}

export { EXIT };
