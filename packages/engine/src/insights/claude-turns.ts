// Claude Code turns from a transcript tail: the ESC interruption rule (docs/providers.md#claude-code, exact) and
// the per-turn start/finish estimate used when no hooks are installed (docs/providers.md#claude-code).
import { sanitizeSessionId } from "@mytty-bar/protocol";
import { asRecord, asString, type JsonRecord } from "./lines.js";

export interface Interruption {
  promptId: string;
  interruptedMessageId: string;
}

export type TurnStatus = "open" | "finished" | "interrupted" | "failed";

/** One turn seen in a tail, keyed like the hooks key it (Claude prompt_id, Codex turn_id). */
export interface Turn {
  key: string;
  status: TurnStatus;
  /** Identifies the line that ended it, so a turn that reopens and ends again gets a new event. */
  endedBy?: string;
  interruptedMessageId?: string;
  /** A failed turn's error text (Codex's rollout `error` event). */
  errorMessage?: string;
}

/** A turn the transcript shows ended by an error (Codex fires no hook for it): `failedBy` names the line. */
export interface Failure {
  promptId: string;
  failedBy: string;
  message?: string;
}

/** Text Claude Code injects as a user line; none of these is a prompt someone typed. */
const INJECTED_PREFIXES = [
  "<command-name>",
  "<command-message>",
  "<local-command-stdout>",
  "<local-command-stderr>",
  "<system-reminder>",
  "<bash-input>",
  "<bash-stdout>",
  "<bash-stderr>",
  "<local-command-caveat>",
  "<user-memory-input>",
  "[Request interrupted",
  "Caveat: The messages below",
];

function mainLine(record: JsonRecord): boolean {
  return record.isSidechain !== true;
}

/**
 * ESC interruption: Claude fires no hook and no Stop when the user presses ESC. Walking the main-chain
 * lines that carry a valid promptId, a user line with a valid interruptedMessageId sets the
 * interruption and any other such line clears it; what is left at the end is the answer.
 */
export function claudeInterruption(records: readonly JsonRecord[]): Interruption | undefined {
  return lastPromptLine(records, (record) =>
    record.type === "user" ? sanitizeSessionId(record.interruptedMessageId) : undefined,
  );
}

/**
 * What the last main-chain line carrying a valid promptId says: `pick` names the interrupted message
 * from that line, or nothing (the turn went on).
 */
function lastPromptLine(
  records: readonly JsonRecord[],
  pick: (record: JsonRecord) => string | undefined,
): Interruption | undefined {
  let found: Interruption | undefined;
  for (const record of records) {
    if (!mainLine(record)) continue;
    const promptId = sanitizeSessionId(record.promptId);
    if (promptId === undefined) continue;
    const interrupted = pick(record);
    found = interrupted === undefined ? undefined : { promptId, interruptedMessageId: interrupted };
  }
  return found;
}

/**
 * An ESC before the first word (seen on Claude Code 2.1.332) writes no interruption line: Claude Code puts
 * the prompt back into the input box, so the prompt stays the last main-chain line with a promptId, answered
 * by nothing. The prompt's own uuid stands for the interrupted message. Only meaningful on the registry's idle
 * edge: a turn that is just starting looks the same while the registry still says busy.
 */
export function claudeUnanswered(records: readonly JsonRecord[]): Interruption | undefined {
  return lastPromptLine(records, (record) => (isRealPrompt(record) ? sanitizeSessionId(record.uuid) : undefined));
}

function contentBlocks(message: JsonRecord | undefined): JsonRecord[] {
  const content = message?.content;
  if (!Array.isArray(content)) return [];
  return content.map(asRecord).filter((b): b is JsonRecord => b !== undefined);
}

function promptText(message: JsonRecord | undefined): string | undefined {
  const content = message?.content;
  if (typeof content === "string") return content;
  const blocks = contentBlocks(message);
  if (blocks.some((b) => b.type === "tool_result")) return undefined;
  const text = blocks.find((b) => b.type === "text");
  return asString(text?.text);
}

/** A prompt the user typed (or queued): starts a turn keyed by its promptId. */
function isRealPrompt(record: JsonRecord): boolean {
  if (record.type !== "user" || record.isMeta === true || record.isCompactSummary === true) return false;
  if (record.interruptedMessageId !== undefined && record.interruptedMessageId !== null) return false;
  const text = promptText(asRecord(record.message));
  if (text === undefined) return false;
  const trimmed = text.trimStart();
  return !INJECTED_PREFIXES.some((prefix) => trimmed.startsWith(prefix));
}

/** Tool traffic means the turn is still working, even after something looked like an end. */
function isToolTraffic(record: JsonRecord): boolean {
  const message = asRecord(record.message);
  if (record.type === "assistant") {
    return message?.stop_reason === "tool_use" || contentBlocks(message).some((b) => b.type === "tool_use");
  }
  return record.type === "user" && contentBlocks(message).some((b) => b.type === "tool_result");
}

function lineId(record: JsonRecord, index: number): string {
  return asString(record.uuid) ?? asString(record.timestamp) ?? `#${index}`;
}

/**
 * Turns of a tail in order. A prompt line opens a turn; `end_turn` or a `turn_duration` system line
 * finishes it; an ESC line interrupts it; tool traffic or any other line of the same prompt reopens it.
 * A promptId first seen on an assistant or tool line (its prompt was cut off by the tail) opens a turn too.
 */
export function claudeTurns(records: readonly JsonRecord[]): Turn[] {
  const turns: Turn[] = [];
  const byKey = new Map<string, Turn>();
  let current: Turn | undefined;
  const open = (key: string): Turn => {
    let turn = byKey.get(key);
    if (turn === undefined) {
      turn = { key, status: "open" };
      byKey.set(key, turn);
      turns.push(turn);
    }
    return turn;
  };
  records.forEach((record, index) => {
    if (!mainLine(record)) return;
    const promptId = sanitizeSessionId(record.promptId);
    if (promptId !== undefined) {
      const interrupted = record.type === "user" ? sanitizeSessionId(record.interruptedMessageId) : undefined;
      // Only model work opens a turn whose prompt line the tail cut off; a `!` shell line or a slash
      // command's output never reaches the model and must not leave a turn open forever.
      const opens =
        isRealPrompt(record) || interrupted !== undefined || record.type === "assistant" || isToolTraffic(record);
      if (!byKey.has(promptId) && !opens) return;
      const turn = open(promptId);
      current = turn;
      if (interrupted !== undefined) {
        turn.status = "interrupted";
        turn.interruptedMessageId = interrupted;
        turn.endedBy = lineId(record, index);
        return;
      }
      if (isRealPrompt(record) || turn.status === "interrupted") {
        // A new prompt, or (ESC rule) any other line of an interrupted prompt: it works again.
        turn.status = "open";
        delete turn.endedBy;
        delete turn.interruptedMessageId;
        if (isRealPrompt(record)) return;
      }
    }
    if (current === undefined) return;
    const message = asRecord(record.message);
    const ends =
      (record.type === "assistant" && message?.stop_reason === "end_turn" && message.model !== "<synthetic>") ||
      (record.type === "system" && record.subtype === "turn_duration");
    if (ends && current.status === "open") {
      current.status = "finished";
      current.endedBy = lineId(record, index);
    } else if (!ends && current.status === "finished" && isToolTraffic(record)) {
      current.status = "open";
      delete current.endedBy;
    }
  });
  return turns;
}
