// Classification of one process by executable path and argv (docs/terminals.md#which-process-is-an-agent).
// Pure: takes strings, returns a provider or nothing. `comm` is never an input.
import { isProviderId, type ProviderId } from "@mytty-bar/protocol";

export interface Classification {
  provider: ProviderId;
  variant?: "gemini" | "antigravity";
}

function basename(token: string): string {
  const trimmed = token.replace(/\/+$/, "");
  const slash = trimmed.lastIndexOf("/");
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}

/** Paths inside a macOS bundle are GUI apps (Claude.app, Antigravity.app), never CLI agents. */
export function isInsideAppBundle(token: string): boolean {
  return /\.app\/contents\//i.test(token);
}

interface Rule {
  provider: ProviderId;
  names: (name: string) => boolean;
  fragment: string;
}

// Order matters: a path under /antigravity/ that runs something named claude is Antigravity.
const RULES: readonly Rule[] = [
  { provider: "cursor", names: (n) => n === "cursor-agent", fragment: "/cursor-agent/" },
  { provider: "antigravity", names: (n) => n === "agy" || n === "antigravity", fragment: "/antigravity/" },
  { provider: "claude-code", names: (n) => n === "claude" || n === "claude-code", fragment: "/claude-code/" },
  { provider: "opencode", names: (n) => n === "opencode", fragment: "/opencode/" },
  { provider: "codex", names: (n) => n === "codex" || n.startsWith("codex-"), fragment: "/@openai/codex/" },
  { provider: "antigravity", names: (n) => n === "gemini" || n === "gemini-cli", fragment: "/gemini-cli/" },
];

/**
 * Provider of a process from its executable path and argv[0..1], or undefined.
 * Tokens inside `*.app/Contents/` are dropped so desktop apps never count as CLI agents.
 */
export function classifyProcess(executable: string | undefined, argv: readonly string[]): Classification | undefined {
  const tokens = [executable, argv[0], argv[1]]
    .filter((t): t is string => typeof t === "string" && t.length > 0)
    .map((t) => t.toLowerCase());
  if (tokens.some(isInsideAppBundle)) return undefined;
  const names = tokens.map(basename);
  const invocation = tokens.join("\0");
  for (const rule of RULES) {
    if (names.some(rule.names) || invocation.includes(rule.fragment)) {
      return rule.provider === "antigravity"
        ? { provider: rule.provider, variant: variantOf(executable, argv) }
        : { provider: rule.provider };
    }
  }
  return undefined;
}

/** Gemini CLI vs Antigravity CLI for resume: all argv entries count here, not only the first two. */
export function variantOf(executable: string | undefined, argv: readonly string[]): "gemini" | "antigravity" {
  const tokens = [executable ?? "", ...argv].map((t) => t.toLowerCase());
  const gemini = tokens.some((t) => {
    const name = basename(t);
    return name === "gemini" || name === "gemini-cli" || t.includes("/gemini-cli/");
  });
  return gemini ? "gemini" : "antigravity";
}

const SHELLS = new Set([
  "zsh",
  "bash",
  "fish",
  "sh",
  "dash",
  "tcsh",
  "csh",
  "ksh",
  "mksh",
  "nu",
  "pwsh",
  "elvish",
  "xonsh",
]);
// Launchers that run the real program as a child (or after a relaunch): worth a bounded look below.
const WRAPPERS = new Set([
  "env",
  "npx",
  "bunx",
  "bun",
  "uv",
  "uvx",
  "nvm",
  "npm",
  "pnpm",
  "pnpx",
  "yarn",
  "node",
  "deno",
  "nohup",
  "nice",
  "time",
  "sudo",
  "doas",
  "script",
  "direnv",
  "mise",
  "asdf",
  "caffeinate",
  "python",
  "python3",
]);

function programName(executable: string | undefined, argv: readonly string[]): string[] {
  // Login shells show argv[0] as "-zsh"; the executable path has no dash.
  return [executable, argv[0]].filter((t): t is string => !!t).map((t) => basename(t).replace(/^-/, "").toLowerCase());
}

export function isShell(executable: string | undefined, argv: readonly string[]): boolean {
  return programName(executable, argv).some((n) => SHELLS.has(n));
}

export function isWrapper(executable: string | undefined, argv: readonly string[]): boolean {
  return programName(executable, argv).some(
    (n) => WRAPPERS.has(n) || /^python3(\.\d+)?$/.test(n) || /^node\d*$/.test(n),
  );
}

/** A shell waiting at its prompt: no script operand and no `-c` (a `sh wrapper.sh` is not idle). */
export function isInteractiveShell(executable: string | undefined, argv: readonly string[]): boolean {
  if (!isShell(executable, argv)) return false;
  return argv.slice(1).every((arg) => arg.startsWith("-") && arg !== "-c");
}

/** MYTTY_AGENT value → provider id: trimmed, lowercased, exact ids only. */
export function parseHint(value: string | undefined): ProviderId | undefined {
  if (value === undefined) return undefined;
  const normalised = value.trim().toLowerCase();
  return isProviderId(normalised) ? normalised : undefined;
}

/** Provider of one process-table row (the engine's hook join takes this shape). */
export function providerOf(p: { executable?: string; argv: readonly string[] }): ProviderId | undefined {
  return classifyProcess(p.executable, p.argv)?.provider;
}
