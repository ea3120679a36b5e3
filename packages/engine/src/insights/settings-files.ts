// Small settings files the insights consult: Claude's model selection (it decides the 1M window) and
// Antigravity's global model. Both cached so a poll costs a stat at most.
import path from "node:path";
import { isGeminiCli, sanitizeLabel } from "@mytty-bar/protocol";
import { claudeModelSelection } from "./claude.js";
import { asRecord, asString } from "./lines.js";
import type { InsightPaths } from "./locate.js";
import type { FileStamp, TranscriptSource } from "./source.js";

const SETTINGS_MAX_BYTES = 256 * 1024;

export interface SelectionCache {
  at: number;
  value?: string;
}

export interface SettingsCache {
  stamp?: FileStamp;
  read?: boolean;
  model?: string;
}

interface AgentFacts {
  cwd?: string;
  argv?: readonly string[];
  sessionId?: string;
  executable?: string | null;
}

/** argv, then <cwd>/.claude/settings.local.json, <cwd>/.claude/settings.json, <claude>/settings.json. */
export async function claudeSelection(
  source: TranscriptSource,
  paths: InsightPaths,
  agent: AgentFacts,
  cache: SelectionCache,
  t: number,
  intervalMs: number,
): Promise<string | undefined> {
  if (t - cache.at < intervalMs) return cache.value;
  const files = [
    ...(agent.cwd !== undefined
      ? [path.join(agent.cwd, ".claude", "settings.local.json"), path.join(agent.cwd, ".claude", "settings.json")]
      : []),
    path.join(paths.claudeDir, "settings.json"),
  ];
  const texts = await Promise.all(files.map((f) => source.readText(f, SETTINGS_MAX_BYTES)));
  cache.value = claudeModelSelection(agent.argv ?? [], texts);
  cache.at = t;
  return cache.value;
}

/**
 * Antigravity keeps one global model setting (`model`, or `model.name`) in
 * <gemini>/antigravity-cli/settings.json. It is not per session, so it is shown only once hooks named
 * a session; Gemini CLI processes get nothing from it.
 */
export async function antigravityModel(
  source: TranscriptSource,
  paths: InsightPaths,
  agent: AgentFacts,
  cache: SettingsCache,
): Promise<string | undefined> {
  if (agent.sessionId === undefined || isGeminiCli(agent.executable ?? undefined, agent.argv ?? [])) return undefined;
  const file = path.join(paths.geminiDir, "antigravity-cli", "settings.json");
  const stamp = await source.stat(file);
  const unchanged =
    stamp === undefined
      ? cache.stamp === undefined
      : cache.stamp !== undefined && stamp.mtimeMs === cache.stamp.mtimeMs && stamp.size === cache.stamp.size;
  if (cache.read === true && unchanged) return cache.model;
  let model: string | undefined;
  const text = stamp === undefined ? undefined : await source.readText(file, SETTINGS_MAX_BYTES);
  try {
    const raw = asRecord(JSON.parse(text ?? "null"))?.model;
    model = sanitizeLabel(asString(raw) ?? asString(asRecord(raw)?.name));
  } catch {
    model = undefined; // absent or not JSON: the file names no model
  }
  cache.stamp = stamp;
  cache.read = true;
  cache.model = model;
  return model;
}
