// "Copy resume command" for one agent. Quoting, id validation and Gemini-vs-Antigravity live in the
// protocol's resumeCommand; this only picks which session id and which executable to hand it.
import { resumeCommand } from "@mytty-bar/protocol";
import type { ProviderId } from "@mytty-bar/protocol";

export interface ResumeInput {
  provider: ProviderId;
  /** Session id from hooks; preferred because it is what the provider itself reported. */
  hookSessionId?: string;
  /** Session id read from the transcript, used when no hook has fired. */
  transcriptSessionId?: string;
  executable?: string | null;
  argv?: readonly string[];
}

/** The shell line that resumes this agent's session, or undefined when no valid id is known. */
export function agentResumeCommand(input: ResumeInput): string | undefined {
  for (const sessionId of [input.hookSessionId, input.transcriptSessionId]) {
    if (sessionId === undefined) continue;
    const command = resumeCommand({
      provider: input.provider,
      sessionId,
      executable: input.executable ?? undefined,
      argv: input.argv ?? [],
    });
    if (command !== undefined) return command;
  }
  return undefined;
}
