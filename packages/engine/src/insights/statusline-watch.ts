// Claude Code's statusLine input, kept by our opt-in statusLine script as <data>/statusline/<claude pid>.json
// (packages/installers/src/claude-statusline.ts): re-read only when its (mtime, size) changed, never a
// file older than the process (a reused pid), and turned into usage windows.
import path from "node:path";
import type { FileStamp, TranscriptSource } from "./source.js";
import { claudeStatusLineUsage, type UsageWindow } from "./usage.js";

/** Claude Code's statusLine JSON is a few KiB. */
const MAX_STATUSLINE_BYTES = 256 * 1024;

export interface StatuslineWatch {
  stamp?: FileStamp;
  usage?: UsageWindow[];
}

export async function pollStatusline(
  source: TranscriptSource,
  dir: string | undefined,
  agent: { pid?: number; startedAtMs?: number },
  watch: StatuslineWatch,
): Promise<UsageWindow[] | undefined> {
  if (dir === undefined || agent.pid === undefined) return undefined;
  const file = path.join(dir, `${agent.pid}.json`);
  const stamp = await source.stat(file);
  if (stamp === undefined || (agent.startedAtMs !== undefined && stamp.mtimeMs < agent.startedAtMs)) {
    delete watch.stamp;
    delete watch.usage;
    return undefined;
  }
  if (watch.stamp?.mtimeMs === stamp.mtimeMs && watch.stamp.size === stamp.size) return watch.usage;
  watch.stamp = stamp;
  const text = await source.readText(file, MAX_STATUSLINE_BYTES);
  try {
    // rate_limits is absent before the session's first answer: keep what the last status had.
    watch.usage = claudeStatusLineUsage(text === undefined ? undefined : JSON.parse(text)) ?? watch.usage;
  } catch {
    // A torn or foreign file: keep the last good reading.
  }
  return watch.usage;
}
