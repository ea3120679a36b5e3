// Where the answer to one held request goes (docs/answering.md#how-it-works), so answering.ts and held.ts
// never ask where a request came from: a local hold's sink is the answers folder (files.ts) and the helper's
// pid; a watched host's is its session (remote/hosts.ts, docs/remote.md#answers-for-remote-requests).
import type { AnswerFiles } from "./files.js";

export interface AnswerSink {
  /** Where the answer goes, for a refusal's message ("the answers folder"). */
  where: string;
  /** Gives the helper exactly these bytes to print ("" releases it: the agent's own prompt). Throws when it cannot. */
  write(text: string): void;
  /** The hold ended unanswered: an answer nobody will read goes. */
  remove(): void;
  /** The helper still waits. */
  alive(): boolean;
}

/** A hold on this machine: `<data>/answers/<name>`, and the helper's pid (absent: assumed waiting). */
export function localSink(
  files: AnswerFiles,
  name: string,
  helperPid: number | undefined,
  helperAlive: (pid: number) => boolean,
): AnswerSink {
  return {
    where: "the answers folder",
    write: (text) => files.write(name, text),
    remove: () => files.remove(name),
    alive: () => helperPid === undefined || helperAlive(helperPid),
  };
}
