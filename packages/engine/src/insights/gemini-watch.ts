// Gemini CLI's side of the insights poll: model and prompt tokens from its chat record, and the end of an
// approval the user declined in the terminal. Declining fires no hook at all (no AfterTool, no AfterAgent:
// docs/providers.md, Gemini CLI), so without this the row kept "Needs approval" until the next prompt.
import { syntheticId } from "@mytty-bar/protocol";
import type { AgentEvent } from "@mytty-bar/protocol";
import { transcriptEvent } from "./estimate.js";
import { pollGeminiChat, type GeminiDenial } from "./gemini-chat.js";
import type { AgentInsight } from "./inspector.js";
import type { InspectContext, Watch } from "./transcript-watch.js";

export const GEMINI_DENIED_HOOK = "mytty-bar.gemini.denied";
export const GEMINI_DENIED_MESSAGE = "Tool denied in the terminal";

/**
 * A declined call ends the approval the row shows only when it came after that approval was asked
 * (Gemini CLI's clock and ours are one machine's): an old denial must not end a newer wait.
 */
export function endsApproval(denial: GeminiDenial, run: { state: string; updatedAt: string } | undefined): boolean {
  if (run?.state !== "waiting-approval") return false;
  // One second of slack: the approval's hook reaches us a little after Gemini CLI opened the dialog.
  return Date.parse(denial.at) >= Date.parse(run.updatedAt) - 1000;
}

export async function geminiInsight(
  ctx: InspectContext,
  watch: Watch,
  now: Date,
): Promise<{ insight: AgentInsight; events: AgentEvent[] }> {
  const { agent } = watch;
  const facts = await pollGeminiChat(
    ctx.source,
    ctx.paths.geminiDir,
    agent.sessionId,
    watch.gemini,
    ctx.readOptions.tailBytes,
  );
  const insight: AgentInsight = {
    model: facts?.model,
    usedTokens: facts?.usedTokens,
    transcriptPath: watch.gemini.file,
  };
  const denial = facts?.denial;
  if (denial === undefined || agent.run === undefined || !endsApproval(denial, agent.run))
    return { insight, events: [] };
  const event = transcriptEvent({
    provider: agent.provider,
    kind: "idle",
    runKey: agent.run.runKey,
    id: syntheticId(agent.provider, "gemini-denied", agent.run.runKey, denial.id),
    hook: GEMINI_DENIED_HOOK,
    now,
    sessionId: agent.sessionId,
    cwd: agent.cwd,
    message: GEMINI_DENIED_MESSAGE,
  });
  return { insight, events: [event] };
}
