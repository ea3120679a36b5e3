// Whose agents a watched host's rows are (docs/remote.md#whose-agents-are-shown): the ssh user's, by the
// uid its streamer's hello gave. Pure: the last scan, that uid and the listing in, the status fields out.
import type { ProcessInfo, ScanResult } from "@mytty-bar/detect";
import { leftOutSummary } from "../left-out.js";
import type { HostStatus } from "../snapshot.js";

/** What a host's status says about whose agents its rows are (docs/remote.md#whose-agents-are-shown). */
export function ownersOf(
  scan: Pick<ScanResult, "leftOut">,
  uid: number | undefined,
  listing: readonly ProcessInfo[],
): Pick<HostStatus, "leftOut" | "ownersUnknown"> {
  if (uid === undefined || listing.some((p) => p.uid === undefined)) return { ownersUnknown: true };
  const leftOut = leftOutSummary(scan.leftOut);
  return leftOut ? { leftOut } : {};
}
