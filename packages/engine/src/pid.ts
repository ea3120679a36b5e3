// Pids as the engine's files hold them: engine.pid (lock.ts), the published status (published-status.ts),
// a held hook's helper. Node builtins only: the doctor's bundled status loads this.

/** A positive pid as the helper accepts it (digits, no leading zero), else undefined. */
export function parsePid(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const pid = Number(text);
  return pid <= 2 ** 31 - 1 ? pid : undefined;
}

/** Alive, or alive and someone else's (EPERM): either way not gone. Not a pid (0, -n, NaN): never alive. */
export function isAlivePid(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false; // kill(0 or -n) would signal a process group
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
