// The other tools' hook entries in the files we manage (`mytty-doctor status --verbose`): whose each
// one is, where its command says so (neighbour-facts.ts), and which events more than one tool turns
// into an alert for the same approval. Pure: a parsed hook file in, findings out.
import type { ProviderId } from "@mytty-bar/protocol";
import { isObj, type HookJsonSpec, type Json } from "./hook-json-spec.js";
import { NEIGHBOURS, NOTIFYING_EVENTS, type Neighbour } from "./neighbour-facts.js";
import { runsOurHelper } from "./text.js";

/** One handler in a hook file that is not ours. */
export interface ForeignHandler {
  event: string;
  matcher?: string;
  command: string;
  /** The tool it belongs to, when its command says so; undefined = not recognised. */
  owner?: string;
  /** The owner turns this event into an alert of its own. */
  notifies: boolean;
}

export interface NeighbourReport {
  provider: ProviderId;
  path: string;
  foreign: ForeignHandler[];
  /** Events where Mytty Bar and at least one other tool alert: the user gets two alerts per approval. */
  duplicates: Array<{ event: string; owners: string[] }>;
  /** Other tools answering the same approvals from their own UI: the first answer wins. */
  approvalHolders: string[];
}

/** Every command handler under `hooks` (grouped or flat layout) that is not our helper. */
export function foreignHandlers(
  root: Json,
  layout: HookJsonSpec["layout"],
  skip: readonly string[] = [],
): ForeignHandler[] {
  const hooks = root.hooks;
  if (!isObj(hooks)) return [];
  const out: ForeignHandler[] = [];
  for (const [event, list] of Object.entries(hooks)) {
    if (skip.includes(event) || !Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isObj(entry)) continue;
      const handlers = layout === "flat" ? [entry] : Array.isArray(entry.hooks) ? entry.hooks : [];
      const matcher = layout === "grouped" && typeof entry.matcher === "string" ? entry.matcher : undefined;
      for (const h of handlers) {
        if (!isObj(h) || runsOurHelper(h)) continue;
        // A command handler (shell or exec form), or an HTTP hook, named by its url.
        const program = typeof h.command === "string" ? h.command : typeof h.url === "string" ? h.url : undefined;
        if (program === undefined) continue;
        const argv = Array.isArray(h.args) ? h.args.filter((a): a is string => typeof a === "string") : [];
        const command = [program, ...argv].join(" ");
        out.push({ event, ...(matcher !== undefined ? { matcher } : {}), command, ...attribution(command, event) });
      }
    }
  }
  return out;
}

/** The first known tool whose pattern the command matches. */
export function ownerOf(command: string, neighbours: readonly Neighbour[] = NEIGHBOURS): Neighbour | undefined {
  return neighbours.find((n) => n.patterns.some((p) => p.test(command)));
}

function attribution(command: string, event: string): Pick<ForeignHandler, "owner" | "notifies"> {
  const owner = ownerOf(command);
  if (!owner) return { notifies: false };
  return { owner: owner.name, notifies: NOTIFYING_EVENTS.includes(event) };
}

/** Other tools that hold the agent's approval (a blocking PermissionRequest) and answer it themselves. */
export function approvalHolders(
  foreign: readonly ForeignHandler[],
  neighbours: readonly Neighbour[] = NEIGHBOURS,
): string[] {
  const holders = foreign
    .filter((f) => f.event === "PermissionRequest" && f.owner !== undefined)
    .filter((f) => neighbours.find((n) => n.name === f.owner)?.answersApprovals === true)
    .map((f) => f.owner!);
  return [...new Set(holders)].sort();
}

/**
 * Events where an alert reaches the user twice: our own (Mytty Bar notifies on the provider's approval
 * and question events when our entries are there) and one or more other tools'.
 */
export function duplicateNotifiers(
  foreign: readonly ForeignHandler[],
  oursInstalled: boolean,
): Array<{ event: string; owners: string[] }> {
  const byEvent = new Map<string, Set<string>>();
  for (const f of foreign) {
    if (!f.notifies || f.owner === undefined || !NOTIFYING_EVENTS.includes(f.event)) continue;
    byEvent.set(f.event, (byEvent.get(f.event) ?? new Set()).add(f.owner));
  }
  return [...byEvent]
    .map(([event, owners]) => ({ event, owners: [...(oursInstalled ? ["Mytty Bar"] : []), ...[...owners].sort()] }))
    .filter((d) => d.owners.length >= 2)
    .sort((a, b) => a.event.localeCompare(b.event));
}

export function neighbourReport(
  spec: Pick<HookJsonSpec, "provider" | "path" | "layout" | "hookSettingKeys">,
  root: Json,
  oursInstalled: boolean,
): NeighbourReport {
  const foreign = foreignHandlers(root, spec.layout, spec.hookSettingKeys);
  return {
    provider: spec.provider,
    path: spec.path,
    foreign,
    duplicates: duplicateNotifiers(foreign, oursInstalled),
    approvalHolders: approvalHolders(foreign),
  };
}
