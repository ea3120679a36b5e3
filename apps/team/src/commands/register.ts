// Registers the tmux-side commands of mytty-team (and `guide`) on the app's commander program.
import type { Command } from "commander";
import { EXIT, TeamError } from "../tmux/messages.js";
import { spawnedLabelToId } from "../tmux/resolve.js";
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
  // `wait` is resolved by the engine, which does not know spawn's labels yet: translate a label that
  // only tmux knows into the agent's id, so one name works with every command.
  program.hook("preAction", async (_program, action) => {
    const agent = action.name() === "wait" ? action.processedArgs[0] : undefined;
    if (typeof agent !== "string") return;
    const id = await spawnedLabelToId(makeContext(), agent);
    if (id !== undefined) action.processedArgs[0] = id;
  });
}

export { EXIT };
