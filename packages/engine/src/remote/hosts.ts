// The watched hosts (settings `remotes`): one link each (remote/link.ts). A host's spool files go
// through the same prepare → join → commit as local ones, joined against that host's own process
// table (its pids never meet local ones: agents.ts onHost), and are acknowledged only once the event
// log holds them. Its listings go through the same detection as the local table (docs/remote.md#watching-a-host).
import { createScanner, parsePsList, withinTree, type ProcessInfo, type Scanner } from "@mytty-bar/detect";
import { parseDestination } from "@mytty-bar/remote";
import type { Change, EngineCore } from "../core.js";
import type { HostStatus } from "../snapshot.js";
import { createLink, type Link, type LinkStatus } from "./link.js";

export interface RemoteHostsDeps {
  core: EngineCore;
  clock(): Date;
  commit(change: Change, now: Date): void;
  publish(): void;
  /** Awaited before a file is acknowledged: the event log is written by then. */
  settle(): Promise<void>;
  onError(kind: string, error: unknown): void;
  pollSeconds(): number;
  env?: NodeJS.ProcessEnv;
  tickMs?: number;
  backoffMs?: { first: number; cap: number };
}

export interface RemoteHosts {
  /** Starts links for new destinations and stops those no longer listed. */
  sync(destinations: readonly string[]): void;
  statuses(): HostStatus[];
  stop(): Promise<void>;
}

interface Watched {
  link: Link;
  scanner: Scanner;
  listing: ProcessInfo[];
}

/** Detection over a host's latest listing. Its tmux and /proc are not ours to ask: panes come from TMUX_PANE. */
function hostScanner(listing: () => ProcessInfo[]) {
  return createScanner({
    source: {
      list: () => Promise.resolve(listing()),
      environ: () => Promise.resolve(undefined),
      cwd: () => Promise.resolve(undefined),
    },
    effects: { exec: () => Promise.reject(new Error("not on a watched host")), socketsOf: () => [], env: {} },
  });
}

export function createRemoteHosts(deps: RemoteHostsDeps): RemoteHosts {
  const { core, clock } = deps;
  const env = deps.env ?? process.env;
  // A destination that does not parse is listed with why, and never connected.
  const hosts = new Map<string, Watched | { invalid: string; since: string }>();
  // Tests run the "remote" on this machine: MYTTY_BAR_REMOTE_SCAN_UNDER keeps its listing to one subtree.
  const under = Number(env.MYTTY_BAR_REMOTE_SCAN_UNDER ?? "");

  function listingOf(text: string): ProcessInfo[] {
    const all = parsePsList(text);
    return Number.isInteger(under) && under > 0 ? withinTree(all, under) : all;
  }

  function watch(text: string): void {
    const parsed = parseDestination(text);
    if (!parsed.ok) {
      hosts.set(text, { invalid: parsed.message, since: clock().toISOString() });
      return;
    }
    const dest = parsed.destination;
    const host = dest.text;
    const watched: Watched = {
      listing: [],
      scanner: hostScanner(() => watched.listing),
      link: undefined as unknown as Link,
    };
    const onFile = async (_name: string, bytes: Buffer): Promise<void> => {
      const now = clock();
      const prepared = core.prepare(bytes, now);
      if (prepared.kind !== "join") {
        deps.publish();
        return;
      }
      const ppid = prepared.envelope.ppid;
      // The helper's parent is usually newer than the last listing: ask the host for a fresh one.
      if (ppid !== undefined && !watched.listing.some((p) => p.pid === ppid)) {
        const fresh = await watched.link.listNow();
        if (fresh !== undefined) watched.listing = listingOf(fresh);
      }
      const joined =
        ppid !== undefined
          ? await watched.scanner.join(ppid, watched.listing).catch((error: unknown) => {
              deps.onError("remote-join", error);
              return undefined;
            })
          : undefined;
      const change = core.commit(prepared, joined, now, host);
      if (change === "ignored") deps.publish();
      else deps.commit(change, now);
      await deps.settle();
    };
    const onListing = (text: string): void => {
      watched.listing = listingOf(text);
      void watched.scanner
        .scan()
        .then((scan) => {
          const now = clock();
          deps.commit(core.observeScan(scan, new Map(), now, host), now);
        })
        .catch((error: unknown) => deps.onError("remote-scan", error));
    };
    const onStatus = (status: LinkStatus): void => {
      if (status.state === "connected") core.hostsDown.delete(host);
      else core.hostsDown.set(host, status.since);
      deps.publish();
    };
    watched.link = createLink({
      dest,
      env,
      clock,
      scanMs: () => deps.pollSeconds() * 1000,
      handlers: { onFile, onListing, onStatus, onError: deps.onError },
      ...(deps.tickMs !== undefined ? { tickMs: deps.tickMs } : {}),
      ...(deps.backoffMs !== undefined ? { backoffMs: deps.backoffMs } : {}),
    });
    hosts.set(host, watched);
  }

  async function unwatch(host: string): Promise<void> {
    const watched = hosts.get(host);
    hosts.delete(host);
    if (watched && "link" in watched) await watched.link.stop();
    core.forgetHost(host);
    deps.publish();
  }

  return {
    sync(destinations) {
      const wanted = new Set(destinations);
      for (const host of [...hosts.keys()]) if (!wanted.has(host)) void unwatch(host);
      for (const host of wanted) if (!hosts.has(host)) watch(host);
    },
    statuses() {
      return [...hosts.entries()].map(([host, watched]): HostStatus => {
        if (!("link" in watched))
          return { host, state: "disconnected", since: watched.since, problem: watched.invalid };
        const s = watched.link.status();
        return {
          host,
          state: s.state,
          since: s.since,
          ...(s.failure ? { problem: s.failure.message } : {}),
          ...(s.state === "connected" && s.helperMissing ? { helperMissing: true } : {}),
        };
      });
    },
    async stop() {
      await Promise.all(
        [...hosts.values()].map((watched) => ("link" in watched ? watched.link.stop() : Promise.resolve())),
      );
    },
  };
}
