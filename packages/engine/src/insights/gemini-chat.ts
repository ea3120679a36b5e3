// Gemini CLI's chat record (the hooks' `transcript_path`: <gemini>/tmp/<project>/chats/session-<time>-<id8>.jsonl,
// one JSON record a line, `$set` lines patching the header): the model and prompt tokens of its answers, and
// the one thing no hook reports — a tool call the user declined, recorded with `status: "cancelled"`
// (fixtures/gemini-chat, recorded from Gemini CLI 0.61.0 against the stand-in). Pure; the watch is below.
import { asRecord, asString, completeLines, parseRecords, tokenCount, type JsonRecord } from "./lines.js";
import type { FileStamp, TranscriptSource } from "./source.js";

export interface GeminiDenial {
  /** The tool call's id (`run_shell_command__…`). */
  id: string;
  /** When Gemini CLI recorded the cancellation (its own clock, ISO). */
  at: string;
  toolName?: string;
}

export interface GeminiChatFacts {
  model?: string;
  /** Prompt tokens of the newest answer: what the context holds now. */
  usedTokens?: number;
  /** The newest declined tool call, if the newest tool call was declined. */
  denial?: GeminiDenial;
  /** The newest error Gemini CLI showed ("[API Error: …]"), recorded when the turn gave up. */
  error?: GeminiError;
}

export interface GeminiError {
  id: string;
  at: string;
  /** Its first line, without the "[API Error: …]" wrapper. */
  message: string;
}

function errorRecord(record: JsonRecord): GeminiError | undefined {
  const id = asString(record.id);
  const at = asString(record.timestamp);
  const content = asString(record.content);
  if (id === undefined || at === undefined || content === undefined) return undefined;
  const first = content.split("\n")[0] ?? "";
  const message = (/^\[API Error: (.*)\]$/.exec(first)?.[1] ?? first).trim();
  return message === "" ? undefined : { id, at, message };
}

function cancelledCall(record: JsonRecord): GeminiDenial | undefined {
  const calls = Array.isArray(record.toolCalls) ? record.toolCalls : [];
  const last = asRecord(calls[calls.length - 1]);
  if (last === undefined || last.status !== "cancelled") return undefined;
  const id = asString(last.id);
  const at = asString(last.timestamp) ?? asString(record.timestamp);
  if (id === undefined || at === undefined) return undefined;
  const toolName = asString(last.name);
  return toolName !== undefined ? { id, at, toolName } : { id, at };
}

/** What the complete records of a chat file's tail say; later records win. */
export function geminiChatFacts(records: readonly JsonRecord[]): GeminiChatFacts {
  const facts: GeminiChatFacts = {};
  for (const record of records) {
    if (record.type === "error") facts.error = errorRecord(record) ?? facts.error;
    if (record.type !== "gemini") continue;
    const model = asString(record.model);
    if (model !== undefined) facts.model = model;
    const used = tokenCount(asRecord(record.tokens)?.input);
    if (used !== undefined && used > 0) facts.usedTokens = used;
    // An answer's record is rewritten in place as its tool calls settle: the newest copy decides.
    if (Array.isArray(record.toolCalls) && record.toolCalls.length > 0) {
      const denial = cancelledCall(record);
      if (denial !== undefined) facts.denial = denial;
      else delete facts.denial;
    }
  }
  return facts;
}

/** The chat file of a session: Gemini CLI names it by the session id's first 8 characters. */
export function isGeminiChatFile(name: string, sessionId: string): boolean {
  return name.startsWith("session-") && name.endsWith(`-${sessionId.slice(0, 8)}.jsonl`);
}

export interface GeminiChatWatch {
  /** The session the file was found for: /clear or /resume starts another, in another file. */
  sessionId?: string;
  file?: string;
  /** When the chat folders were last searched without finding the file (epoch ms). */
  searchedAt?: number;
  stamp?: FileStamp;
  facts?: GeminiChatFacts;
}

/**
 * Finds the session's chat file under <geminiDir>/tmp/<project>/chats and re-reads its tail when it changed.
 * Without a session id (no hook arrived yet) there is nothing to bind to.
 */
export async function pollGeminiChat(
  source: TranscriptSource,
  geminiDir: string,
  sessionId: string | undefined,
  watch: GeminiChatWatch,
  tailBytes: number,
  search: { now: number; intervalMs: number },
): Promise<GeminiChatFacts | undefined> {
  if (sessionId === undefined) return undefined;
  if (watch.sessionId !== sessionId) {
    watch.sessionId = sessionId;
    delete watch.file;
    delete watch.searchedAt;
    delete watch.stamp;
    delete watch.facts;
  }
  if (watch.file === undefined) {
    // Listing every project's chats is a directory walk: not on every poll while the file is not there
    // yet (the locate interval, as for Claude Code's transcripts and Codex's rollouts).
    if (watch.searchedAt !== undefined && search.now - watch.searchedAt < search.intervalMs) return undefined;
    watch.searchedAt = search.now;
    const tmp = `${geminiDir}/tmp`;
    for (const project of await source.list(tmp)) {
      const chats = `${tmp}/${project}/chats`;
      const name = (await source.list(chats)).find((n) => isGeminiChatFile(n, sessionId));
      if (name !== undefined) {
        watch.file = `${chats}/${name}`;
        break;
      }
    }
    if (watch.file === undefined) return undefined;
  }
  const stamp = await source.stat(watch.file);
  if (stamp === undefined) return watch.facts;
  if (watch.stamp?.mtimeMs === stamp.mtimeMs && watch.stamp.size === stamp.size) return watch.facts;
  const start = Math.max(0, stamp.size - tailBytes);
  const chunk = await source.readRange(watch.file, start, stamp.size - start);
  watch.stamp = stamp;
  watch.facts = geminiChatFacts(parseRecords(completeLines(chunk, start)));
  return watch.facts;
}
