// Vitest global setup: every test process gets its own system temp directory (TMPDIR, which
// os.tmpdir() reads), and the run fails if a test left anything in it. Tests must clean up after
// themselves, pass or fail; this is what proves it, without mistaking another run's files for ours.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup(): () => void {
  // Short: sockets made under it must stay within the 104-byte limit of a unix socket path.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mt-"));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    // tsx-<uid>: the compile cache of tsx (tests run fixtures with `node --import tsx`), which lives
    // on in the system temp dir by design; not a test's leftover.
    const left = fs.readdirSync(dir).filter((name) => !/^tsx-\d+$/.test(name));
    fs.rmSync(dir, { recursive: true, force: true });
    if (left.length === 0) return;
    // A throw here is only logged by vitest (exit 0): fail the run by its exit code instead.
    process.stderr.write(
      `\nFAIL tests left ${left.length} entr${left.length === 1 ? "y" : "ies"} in the temp directory: ${left.sort().join(", ")}\n`,
    );
    process.exitCode = 1;
  };
}
