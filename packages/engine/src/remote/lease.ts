// The lease a watched host's engine.pid carries while its session is up (docs/remote.md#watching-a-host):
// the same fact as locally (ENGINE_LEASE_SECONDS, docs/hook-helper.md), counted on the host's clock. The
// streamer reports that clock once, in its hello; the engine sends the stamp, so the host runs `touch -t`
// and nothing else: no date arithmetic in sh. Pure: times in, stamps out.
import { ENGINE_LEASE_SECONDS } from "@mytty-bar/paths";

const HELLO_NOW = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** The host's clock minus ours (ms), from the hello's `now=` (UTC YYYYMMDDhhmmss); 0 when it says nothing usable. */
export function hostClockOffsetMs(now: string | undefined, localMs: number): number {
  const m = HELLO_NOW.exec(now ?? "");
  if (!m) return 0;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const hostMs = Date.UTC(year, month - 1, day, hour, minute, second);
  return Number.isFinite(hostMs) ? hostMs - localMs : 0;
}

/** The `touch -t` stamp (UTC: CCYYMMDDhhmm.SS) ENGINE_LEASE_SECONDS ahead of the host's clock. */
export function leaseStamp(localMs: number, offsetMs: number): string {
  const at = new Date(localMs + offsetMs + ENGINE_LEASE_SECONDS * 1000);
  const two = (n: number) => String(n).padStart(2, "0");
  return (
    `${String(at.getUTCFullYear()).padStart(4, "0")}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}` +
    `${two(at.getUTCHours())}${two(at.getUTCMinutes())}.${two(at.getUTCSeconds())}`
  );
}
