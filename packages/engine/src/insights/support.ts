// Which provider yields what from local data, and why not where it does not. Shown by docs/insights.md#which-providers-support-what
// and usable by a UI that wants to explain an empty model/context column.
import type { ProviderId } from "@mytty-bar/protocol";

export interface InsightSupport {
  model: boolean;
  context: boolean;
  /** Turn start/finish estimated from the transcript when no hooks are installed. */
  runEstimate: boolean;
  /** Why something is missing, in one line. */
  note?: string;
}

export const INSIGHT_SUPPORT: Record<ProviderId, InsightSupport> = {
  "claude-code": { model: true, context: true, runEstimate: true },
  codex: { model: true, context: true, runEstimate: true },
  antigravity: {
    model: true,
    context: false,
    runEstimate: false,
    note: "Antigravity: model from its global settings.json once a hook session exists; its conversation store is protobuf without a stable schema. Gemini CLI: model from its chat record (~/.gemini/tmp/<project>/chats/session-…-<id8>.jsonl, by the hook session id); it records prompt tokens but no window size, so no context meter.",
  },
  opencode: {
    model: true,
    context: false,
    runEstimate: false,
    note: "OpenCode: model from its SQLite store (opencode.db, read-only, by the hook session id); it stores no context window size, so no context meter.",
  },
  cursor: {
    model: false,
    context: false,
    runEstimate: false,
    note: "Cursor CLI keeps chats in SQLite store.db with protobuf blobs whose schema is not published; not read (no guess).",
  },
};
