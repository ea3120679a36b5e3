// A watched host's link as one line (docs/remote.md#watching-a-host): the popup, the TUI and the settings list.
import type { HostStatus } from "@mytty-bar/engine";
import { shellWord } from "@mytty-bar/protocol/wire";

export function hostLine(host: HostStatus): string {
  if (host.problem) return host.problem;
  if (host.state === "connected")
    return host.helperMissing
      ? `${host.host}: connected, but no hooks are installed there — \`mytty-doctor install <provider> --host ${shellWord(host.host)}\`.`
      : `${host.host}: connected.`;
  return `${host.host}: ${host.state === "connecting" ? "connecting" : "disconnected"} since ${host.since}.`;
}
