// EngineView over the engine's control socket (packages/engine client): list, note, focus.
import {
  AgentRowSchema,
  ControlClientError,
  EngineNotRunningError,
  request,
  type ClientRequest,
} from "@mytty-bar/engine";
import type { Paths } from "@mytty-bar/paths";
import { AgentUnknownError, EngineDownError, type EngineView } from "./context.js";

const RowsSchema = AgentRowSchema.array();

async function call(paths: Paths, req: ClientRequest): Promise<unknown> {
  try {
    return await request(paths.controlSocket, req);
  } catch (error) {
    if (error instanceof EngineNotRunningError) throw new EngineDownError(error.message);
    if (error instanceof ControlClientError && error.code === "unknown-agent")
      throw new AgentUnknownError(error.message);
    throw error;
  }
}

export function engineLink(paths: Paths): EngineView {
  return {
    async list() {
      // Replies are external input like any other: validated, never trusted by shape.
      const reply = await call(paths, { op: "list" });
      return RowsSchema.parse(
        typeof reply === "object" && reply !== null ? (reply as { agents?: unknown }).agents : undefined,
      );
    },
    async note(target, text) {
      await call(paths, { op: "note", text, ...target });
    },
    async focus(agentId) {
      const reply = await call(paths, { op: "focus", agent: agentId });
      return typeof reply === "object" && reply !== null && (reply as { focused?: unknown }).focused === true;
    },
  };
}
