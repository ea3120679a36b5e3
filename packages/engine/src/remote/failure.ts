// Why a link to a host failed, in one line with the command that fixes it (docs/remote.md#watching-a-host).
// Pure: ssh's exit code, the tail of its stderr and the streamer's own error code in, a verdict out.

export type LinkProblem = "unreachable" | "refused-key" | "host-key" | "no-sh" | "engine-running" | "broken" | "lost";

export interface LinkFailure {
  problem: LinkProblem;
  /** One line for the popup's host list and `mytty-doctor status`, ending with the fixing command. */
  line: string;
}

export function classifyFailure(dest: string, exitCode: number | null, stderr: string, errCode?: string): LinkFailure {
  const q = dest;
  if (errCode === "engine-running")
    return {
      problem: "engine-running",
      line: `${q}: Mytty Bar's own engine runs there, so its hooks go to it; quit it there, or \`mytty-bar remote remove ${q}\`.`,
    };
  if (/Permission denied|Too many authentication failures|no such identity/i.test(stderr))
    return {
      problem: "refused-key",
      line: `${q}: the host refused every key (BatchMode never asks for a password); run \`ssh-copy-id ${q}\` or load the key with \`ssh-add\`.`,
    };
  if (/Host key verification failed|REMOTE HOST IDENTIFICATION HAS CHANGED/i.test(stderr))
    return {
      problem: "host-key",
      line: `${q}: its host key is not known or changed; check it by connecting once with \`ssh ${q}\`.`,
    };
  if (exitCode === 127 || /sh: (not found|command not found)|exec: sh: not found|No such file or directory.*sh/i.test(stderr))
    return {
      problem: "no-sh",
      line: `${q}: the host has no POSIX sh on its PATH; install one there (e.g. \`ssh ${q} 'command -v sh'\` to check).`,
    };
  if (exitCode === 255 || /Could not resolve|Connection refused|timed out|No route|Network is unreachable|closed by remote/i.test(stderr))
    return { problem: "unreachable", line: `${q}: cannot be reached (${lastLine(stderr)}); check with \`ssh ${q} true\`.` };
  return { problem: "lost", line: `${q}: the link ended (${lastLine(stderr) || `exit ${exitCode ?? "signal"}`}); retrying.` };
}

function lastLine(text: string): string {
  const lines = text
    .split("\n")
    .map((l) => l.replace(/[\p{Cc}\p{Cf}]/gu, "").trim())
    .filter((l) => l !== "");
  return (lines.at(-1) ?? "").slice(0, 160);
}
