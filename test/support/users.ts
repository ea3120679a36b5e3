// Two system users for the tests where uids differ (a watched host's ssh user, and a third user on it):
// created once as root, idempotently, by .ci/run (docs/development.md#tests). A test needing them fails
// with the command that creates them rather than skipping.
import { execFileSync } from "node:child_process";

/** The user the "host" is logged in to over ssh. */
export const SSH_USER = "mytty-ssh";
/** Someone else on that host, with an agent of their own. */
export const OTHER_USER = "mytty-other";

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

export function systemUser(name: string): SystemUser {
  const id = (flag: string): number => {
    try {
      return Number(execFileSync("id", [flag, name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    } catch {
      throw new Error(
        `the test user ${name} is missing: create it as root with \`useradd --system --no-create-home --shell /bin/sh -p '*' ${name}\` (.ci/run does)`,
      );
    }
  };
  return { name, uid: id("-u"), gid: id("-g") };
}

/** argv that runs `argv` as `user` (no login, no groups but theirs). */
export function asUser(user: SystemUser, argv: readonly string[]): string[] {
  return ["setpriv", `--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--", ...argv];
}
