// Claude Code transcripts (docs/providers.md#claude-code): model of the last assistant line, context used from its
// usage, and the window size, which depends on the user's model *selection* ("opus[1m]") because the
// transcript stores the normalised id without the "[1m]" suffix. Pure: records and texts in, data out.
import { sanitizeLabel, sanitizeSessionId } from "@mytty-bar/protocol";
import { asRecord, asString, clamp, tokenCount, type JsonRecord } from "./lines.js";

export const CLAUDE_DEFAULT_WINDOW = 200_000;
export const CLAUDE_LARGE_WINDOW = 1_000_000;

export interface ClaudeContext {
  model?: string;
  sessionId?: string;
  usedTokens?: number;
  windowTokens?: number;
  contextLeftPercent?: number;
}

/** Claude's project directory name for a cwd: every character that is not a letter or digit becomes "-". */
export function claudeProjectSlug(cwd: string): string {
  return cwd.replace(/[^\p{L}\p{N}]/gu, "-");
}

/** 1M when the selection says "[1m]" or the model is one of the 1M-only families; else 200k. */
export function claudeWindow(model: string | undefined, selection: string | undefined): number {
  if (selection !== undefined && selection.toLowerCase().includes("[1m]")) return CLAUDE_LARGE_WINDOW;
  const id = (model ?? "").toLowerCase();
  if (id.includes("[1m]") || id.includes("fable") || id.includes("mythos")) return CLAUDE_LARGE_WINDOW;
  return CLAUDE_DEFAULT_WINDOW;
}

/** Remaining share as Claude shows it: the *used* share is rounded, then subtracted from 100. */
export function claudeContextLeft(usedTokens: number, windowTokens: number): number {
  return 100 - clamp(Math.round((usedTokens / windowTokens) * 100), 0, 100);
}

function usedTokens(usage: JsonRecord): number | undefined {
  const parts = [usage.input_tokens, usage.cache_read_input_tokens, usage.cache_creation_input_tokens].map(tokenCount);
  if (parts.every((p) => p === undefined)) return undefined;
  return parts.reduce<number>((sum, p) => sum + (p ?? 0), 0);
}

/** Model, session and context from the records of a tail (sidechain lines belong to subagents: skipped). */
export function inspectClaudeRecords(records: readonly JsonRecord[], selection?: string): ClaudeContext {
  const out: ClaudeContext = {};
  for (let i = records.length - 1; i >= 0; i -= 1) {
    const record = records[i]!;
    if (record.type !== "assistant" || record.isSidechain === true) continue;
    const message = asRecord(record.message);
    const usage = asRecord(message?.usage);
    if (message === undefined || usage === undefined) continue;
    const model = sanitizeLabel(message.model);
    // "<synthetic>" marks lines Claude Code writes itself (API errors, interrupts): no real usage.
    if (model === "<synthetic>") continue;
    out.model = model;
    out.sessionId = sanitizeSessionId(record.sessionId);
    const used = usedTokens(usage);
    if (used !== undefined) {
      out.usedTokens = used;
      out.windowTokens = claudeWindow(model, selection);
      out.contextLeftPercent = claudeContextLeft(used, out.windowTokens);
    }
    break;
  }
  if (out.sessionId === undefined) {
    for (let i = records.length - 1; i >= 0 && out.sessionId === undefined; i -= 1) {
      if (records[i]!.isSidechain !== true) out.sessionId = sanitizeSessionId(records[i]!.sessionId);
    }
  }
  return out;
}

/** `--model X` / `--model=X` in the agent's argv; the last one wins, as in any CLI parser. */
export function modelFromArgv(argv: readonly string[]): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === "--model" && i + 1 < argv.length) found = argv[i + 1];
    else if (arg.startsWith("--model=")) found = arg.slice("--model=".length);
  }
  return sanitizeLabel(found);
}

/** The `model` key of one settings text; a file we cannot parse says nothing (never an error here). */
export function modelFromSettings(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    return sanitizeLabel(asString(asRecord(JSON.parse(text))?.model));
  } catch {
    return undefined; // not JSON: the settings name no model
  }
}

/**
 * The user's model selection, in Claude Code's precedence: argv, then the project's local settings,
 * project settings, user settings (texts passed in that order; missing files as undefined).
 */
export function claudeModelSelection(
  argv: readonly string[],
  settingsTexts: readonly (string | undefined)[],
): string | undefined {
  const fromArgv = modelFromArgv(argv);
  if (fromArgv !== undefined) return fromArgv;
  for (const text of settingsTexts) {
    const model = modelFromSettings(text);
    if (model !== undefined) return model;
  }
  return undefined;
}
