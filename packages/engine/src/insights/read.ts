// One bounded read of a transcript: the tail (and, for a Codex rollout whose tail lacks the session
// meta, its head once), parsed into what the inspector keeps. Everything else is thrown away, so 20
// agents cost 20 small summaries, not 20 parsed tails.
import { completeLines, parseRecords, type JsonRecord } from "./lines.js";
import { inspectClaudeRecords } from "./claude.js";
import {
  claudeInterruption,
  claudeTurns,
  claudeUnanswered,
  type Failure,
  type Interruption,
  type Turn,
} from "./claude-turns.js";
import { inspectCodexRecords, codexTurns, type CodexContext } from "./codex.js";
import type { FileStamp, TranscriptSource } from "./source.js";
import { latestCodexUsage, type UsageWindow } from "./usage.js";

export const DEFAULT_TAIL_BYTES = 256 * 1024;
export const DEFAULT_HEAD_BYTES = 64 * 1024;

export interface TranscriptSummary {
  model?: string;
  sessionId?: string;
  usedTokens?: number;
  /** Codex reports its window; Claude's depends on the selection and is computed later. */
  windowTokens?: number;
  contextLeftPercent?: number;
  /** Usage-limit windows the transcript reports (Codex's rate_limits); the newest snapshot wins. */
  usage?: UsageWindow[];
  turns: Turn[];
  interruption?: Interruption;
  /** Claude: the tail ends in a prompt nothing answered (claudeUnanswered); an ESC only on the registry's idle edge. */
  unanswered?: Interruption;
  /** The newest turn ended by an error the transcript records (Codex's rollout `error`). */
  failure?: Failure;
}

export interface ReadOptions {
  tailBytes: number;
  headBytes: number;
}

async function tailRecords(
  source: TranscriptSource,
  file: string,
  stamp: FileStamp,
  tailBytes: number,
): Promise<{ records: JsonRecord[]; start: number }> {
  const start = Math.max(0, stamp.size - tailBytes);
  const chunk = await source.readRange(file, start, stamp.size - start);
  return { records: parseRecords(completeLines(chunk, start)), start };
}

/** Claude: model/usage of the last assistant line, turns, ESC rule. Values the tail lacks stay as before. */
export async function readClaude(
  source: TranscriptSource,
  file: string,
  stamp: FileStamp,
  previous: TranscriptSummary | undefined,
  options: ReadOptions,
): Promise<TranscriptSummary> {
  const { records } = await tailRecords(source, file, stamp, options.tailBytes);
  const context = inspectClaudeRecords(records);
  return {
    model: context.model ?? previous?.model,
    sessionId: context.sessionId ?? previous?.sessionId,
    usedTokens: context.usedTokens ?? previous?.usedTokens,
    turns: claudeTurns(records),
    interruption: claudeInterruption(records),
    unanswered: claudeUnanswered(records),
  };
}

/** Codex: the tail, plus the head the first time when the tail has no session meta or turn context. */
export async function readCodex(
  source: TranscriptSource,
  file: string,
  stamp: FileStamp,
  previous: TranscriptSummary | undefined,
  options: ReadOptions,
): Promise<TranscriptSummary> {
  const { records, start } = await tailRecords(source, file, stamp, options.tailBytes);
  let base: CodexContext =
    previous === undefined
      ? {}
      : {
          model: previous.model,
          sessionId: previous.sessionId,
          windowTokens: previous.windowTokens,
          usedTokens: previous.usedTokens,
        };
  let context = inspectCodexRecords(records, base);
  if (previous === undefined && start > 0 && (context.sessionId === undefined || context.model === undefined)) {
    const head = await source.readRange(file, 0, Math.min(options.headBytes, start));
    base = inspectCodexRecords(parseRecords(completeLines(head, 0)));
    context = inspectCodexRecords(records, {
      sessionId: base.sessionId,
      model: base.model,
      windowTokens: base.windowTokens,
    });
  }
  const turns = codexTurns(records);
  const last = turns[turns.length - 1];
  return {
    model: context.model,
    sessionId: context.sessionId,
    usedTokens: context.usedTokens,
    windowTokens: context.windowTokens,
    contextLeftPercent: context.contextLeftPercent,
    usage: latestCodexUsage(records) ?? previous?.usage,
    turns,
    // Codex's ESC (turn_aborted) is the same fact as Claude's interruption: the turn ended without a result.
    interruption:
      last?.status === "interrupted" && last.endedBy !== undefined
        ? { promptId: last.key, interruptedMessageId: last.endedBy }
        : undefined,
    // No hook reports an API error (Codex dispatches no StopFailure): the rollout's error line is the only word.
    failure:
      last?.status === "failed" && last.endedBy !== undefined
        ? { promptId: last.key, failedBy: last.endedBy, message: last.errorMessage }
        : undefined,
  };
}
