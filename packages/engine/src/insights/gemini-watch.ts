// Gemini CLI's side of the insights poll: model and prompt tokens from its chat record, the end of an
// approval the user declined in the terminal, and the API error behind a turn that ended without text.
// Declining fires no hook at all (no AfterTool, no AfterAgent: docs/providers.md, Gemini CLI), so without
// this the row kept "Needs approval" until the next prompt; an API error's AfterAgent looks like Esc's.
import { failureMessage, syntheticId } from "@mytty-bar/protocol";
import type { AgentEvent } from "@mytty-bar/protocol";
import { transcriptEvent } from "./estimate.js";
import { pollGeminiChat, type GeminiDenial, type GeminiError } from "./gemini-chat.js";
import type { AgentInsight } from "./types.js";
import type { InspectContext, Watch } from "./transcript-watch.js";

export const GEMINI_DENIED_HOOK = "mytty-bar.gemini.denied";
export const GEMINI_DENIED_MESSAGE = "Tool denied in the terminal";
export const GEMINI_ERROR_HOOK = "mytty-bar.gemini.api-error";
/** Gemini CLI's words for a quota or rate limit (its "[API Error: …]" texts and usage-limit dialog). */
const LIMIT_WORDS = /quota|rate limit|usage limit|resource.?exhausted/i;

type ShownRun = { state: string; updatedAt: string };

/**
 * A declined call ends the approval the row shows only when it came after that approval was asked
 * (Gemini CLI's clock and ours are one machine's): an old denial must not end a newer wait.
 */
export function endsApproval(denial: GeminiDenial, run: ShownRun | undefined): boolean {
  if (run?.state !== "waiting-approval") return false;
  // One second of slack: the approval's hook reaches us a little after Gemini CLI opened the dialog.
  return Date.parse(denial.at) >= Date.parse(run.updatedAt) - 1000;
}

/**
 * The idle an API error ended with: AfterAgent says only "[no response text]", as it does for Esc, and the
 * chat records the error at that same moment (seconds of slack for the hook's delivery).
 */
export function endedByError(error: GeminiError, run: ShownRun | undefined): boolean {
  if (run?.state !== "idle") return false;
  return Math.abs(Date.parse(error.at) - Date.parse(run.updatedAt)) <= 3000;
}

/** "Blocked by the usage limit: …" for a quota error, else the error itself. */
export function geminiErrorMessage(error: GeminiError): string {
  return (LIMIT_WORDS.test(error.message) ? failureMessage("rate_limit", error.message) : undefined) ?? error.message;
}

export async function geminiInsight(
  ctx: InspectContext,
  watch: Watch,
  now: Date,
): Promise<{ insight: AgentInsight; events: AgentEvent[] }> {
  const { agent } = watch;
  const { run } = agent;
  const facts = await pollGeminiChat(
    ctx.source,
    ctx.paths.geminiDir,
    agent.sessionId,
    watch.gemini,
    ctx.readOptions.tailBytes,
    { now: now.getTime(), intervalMs: ctx.locateIntervalMs },
  );
  const insight: AgentInsight = {
    model: facts?.model,
    usedTokens: facts?.usedTokens,
    transcriptPath: watch.gemini.file,
  };
  const events: AgentEvent[] = [];
  if (run === undefined || facts === undefined) return { insight, events };
  const base = { provider: agent.provider, now, sessionId: agent.sessionId, cwd: agent.cwd };
  const { denial, error } = facts;
  if (denial !== undefined && endsApproval(denial, run)) {
    events.push(
      transcriptEvent({
        ...base,
        kind: "idle",
        runKey: run.runKey,
        id: syntheticId(agent.provider, "gemini-denied", run.runKey, denial.id),
        hook: GEMINI_DENIED_HOOK,
        message: GEMINI_DENIED_MESSAGE,
      }),
    );
  }
  if (error !== undefined && endedByError(error, run)) {
    // An idle run cannot become failed (packages/protocol/src/run-state.ts): the failure is a run of its own,
    // keyed by the error record. The row shows it; the next prompt's BeforeAgent opens the session's run again.
    events.push(
      transcriptEvent({
        ...base,
        kind: "failed",
        runKey: `${run.runKey}:error:${error.id}`,
        id: syntheticId(agent.provider, "gemini-error", run.runKey, error.id),
        hook: GEMINI_ERROR_HOOK,
        message: geminiErrorMessage(error),
      }),
    );
  }
  return { insight, events };
}
