// Resume commands (docs/architecture.md#ids-hygiene-and-quoting): built only from a validated session id, always
// quoted.
import type { ProviderId } from "./providers.js";
import { sanitizeSessionId } from "./hygiene.js";
import { posixQuote } from "./shell-word.js";

function basename(token: string): string {
  const trimmed = token.replace(/\/+$/, "");
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/**
 * Gemini CLI vs Antigravity CLI (one provider id, different resume flags). Unlike detection, this
 * looks at the executable and ALL argv entries: `node …/gemini-cli/… --flag` counts.
 */
export function isGeminiCli(executable: string | undefined, argv: readonly string[]): boolean {
  const tokens = [executable, ...argv].filter((t): t is string => typeof t === "string").map((t) => t.toLowerCase());
  return tokens.some((t) => {
    const base = basename(t);
    return base === "gemini" || base === "gemini-cli" || t.includes("/gemini-cli/");
  });
}

/** The shell line that resumes a session, or undefined when the id is not a valid session id. */
export function resumeCommand(input: {
  provider: ProviderId;
  sessionId: string;
  executable?: string;
  argv?: readonly string[];
}): string | undefined {
  const id = sanitizeSessionId(input.sessionId);
  if (id === undefined) return undefined;
  const q = posixQuote(id);
  switch (input.provider) {
    case "codex":
      return `codex resume -- ${q}`;
    case "claude-code":
      return `claude --resume=${q}`;
    case "opencode":
      return `opencode --session=${q}`;
    case "cursor":
      return `cursor-agent --resume=${q}`;
    case "antigravity":
      return isGeminiCli(input.executable, input.argv ?? []) ? `gemini --resume=${q}` : `agy --conversation=${q}`;
    default:
      return undefined;
  }
}
