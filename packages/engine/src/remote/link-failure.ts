// Why a watched host's link ended, in one line with the command that fixes it (docs/remote.md#watching-a-host).
import { classifyFailure, type Destination } from "@mytty-bar/remote";

/** Why the link is down, in one line ending with the command that fixes it. */
export interface LinkFailure {
  kind: string;
  message: string;
}

/** The transport's own verdict (packages/remote), or what the streamer said, or a plain "lost". */
export function linkFailure(
  dest: Destination,
  code: number | null,
  stderr: string,
  errCode: string | undefined,
  env: NodeJS.ProcessEnv,
  spawnError?: string,
): LinkFailure {
  if (errCode === "engine-running")
    return {
      kind: "engine-running",
      message: `Mytty Bar's own engine runs on ${dest.text}, so its hooks go to it there: quit it there, or stop watching with \`mytty-bar remote remove ${dest.text}\`.`,
    };
  if (errCode !== undefined)
    return { kind: errCode, message: `${dest.text}: the streamer could not start (${errCode}); retrying.` };
  const verdict = classifyFailure(
    dest,
    {
      stdout: Buffer.alloc(0),
      stderr,
      code,
      timedOut: false,
      overflow: false,
      ...(spawnError !== undefined ? { spawnError } : {}),
    },
    env,
  );
  if (verdict) return verdict;
  return { kind: "lost", message: `The link to ${dest.text} ended (exit ${code ?? "by signal"}); retrying.` };
}
