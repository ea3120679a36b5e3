// STUB: contract; implementation belongs to issue 2 (protocol). providers.md §5.3–5.4.
import type { ProviderId } from "./providers.js";

export declare function posixQuote(value: string): string;
/** Gemini CLI vs Antigravity CLI by executable and argv basenames. */
export declare function isGeminiCli(executable: string | undefined, argv: readonly string[]): boolean;
export declare function resumeCommand(input: { provider: ProviderId; sessionId: string; executable?: string; argv?: readonly string[] }): string | undefined;
