// EngineView over the engine's control socket, through the engine's light client only (list and wait
// are agents' hot path). Replies are external input: each is checked by the engine's own reply guard
// (control/replies.ts) and used as sent. Every client error becomes a TeamError with its exit code
// (engine not running → 3, docs/architecture.md#contracts).
import {
  ControlClientError,
  EngineNotRunningError,
  focusReply,
  listReply,
  noteReply,
  request,
  socketFromTmuxEnv,
  statsReply,
  waitReply,
  type ClientRequest,
  type Nearness,
} from "@mytty-bar/engine/client";
import type { Paths } from "@mytty-bar/paths";
import type { EngineView } from "./context.js";
import { EXIT, TeamError, say } from "./messages.js";

async function call(paths: Paths, req: ClientRequest, timeoutMs = 5000): Promise<unknown> {
  try {
    return await request(paths.controlSocket, req, { timeoutMs });
  } catch (error) {
    throw teamError(error);
  }
}

function teamError(error: unknown): unknown {
  if (error instanceof EngineNotRunningError) return new TeamError(say.engineDown(), EXIT.engineDown, "engine-down");
  if (!(error instanceof ControlClientError)) return error;
  switch (error.code) {
    case "closed":
      return new TeamError(say.engineStopped(), EXIT.engineDown);
    case "timeout":
      return new TeamError(say.engineStuck(), EXIT.engineDown);
    case "bad-request":
      return new TeamError(error.message, EXIT.usage);
    case "unknown-agent":
      return new TeamError(error.message, EXIT.failed, "unknown-agent");
    default:
      // Busy is a running engine refusing for now: never "not running" (that would send the user to start a second one).
      return new TeamError(error.message, EXIT.failed);
  }
}

/** Checks a reply; a bad one is a TeamError like any other engine failure. */
function checked<T>(guard: (reply: unknown) => T, reply: unknown): T {
  try {
    return guard(reply);
  } catch (error) {
    throw teamError(error);
  }
}

/** Where the caller is: its tmux server, from $TMUX (a label on several servers means the caller's). */
export function nearCaller(env: NodeJS.ProcessEnv): Nearness {
  const socket = socketFromTmuxEnv(env.TMUX);
  return socket !== undefined ? { tmuxSocket: socket } : {};
}

export function engineLink(paths: Paths): EngineView {
  return {
    list: async () => checked(listReply, await call(paths, { op: "list" })),
    stats: async () => checked(statsReply, await call(paths, { op: "stats" })),
    async wait(agent, until, timeoutSeconds, near) {
      const req: ClientRequest = {
        op: "wait",
        agent,
        until,
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
        ...(near.tmuxSocket !== undefined ? { near } : {}),
      };
      // The engine answers at the timeout; give the socket a little longer than that.
      const timeoutMs = timeoutSeconds !== undefined ? timeoutSeconds * 1000 + 5000 : Number.POSITIVE_INFINITY;
      return checked(waitReply, await call(paths, req, timeoutMs));
    },
    async note(target, text) {
      checked(noteReply, await call(paths, { op: "note", text, ...target }));
    },
    focus: async (agentId) => checked(focusReply, await call(paths, { op: "focus", agent: agentId })),
  };
}
