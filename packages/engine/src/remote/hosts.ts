// The watched hosts (settings `remotes`): one link each (remote/link.ts). A host's spool files go
// through the same prepare → join → commit as local ones, joined against that host's own process
// table (its pids never meet local ones: agents.ts onHost), and are acknowledged only once the event
// log holds them. Its listings go through the same detection as the local table (docs/remote.md#watching-a-host).
import { createScanner, parsePsList, withinTree, type ProcessInfo, type Scanner } from "@mytty-bar/detect";
import { parseDestination } from "@mytty-bar/remote";
import type { Answering } from "../answers/answering.js";
import type { AnswerSink } from "../answers/sink.js";
import { heldJoin } from "../change.js";
import type { Change, EngineCore } from "../core.js";
import type { Preparer } from "../prepare-offload.js";
import type { HostStatus } from "../snapshot.js";
import { createLink, type Link, type LinkStatus } from "./link.js";
import { onHostIds } from "./host-ids.js";
import { ownersOf } from "./owners.js";

export interface RemoteHostsDeps {
  core: EngineCore;
  /** The local intake's own (engine.ts): a host's big files are parsed in the same worker, off the loop. */
  preparer: Pick<Preparer, "prepare">;
  clock(): Date;
  commit(change: Change, now: Date): void;
  publish(): void;
  /** Awaited before a file is acknowledged: the event log is written by then. */
  settle(): Promise<void>;
  onError(kind: string, error: unknown): void;
  pollSeconds(): number;
  /** Held requests: a host's holds go through the same answering, their answers back over its link. */
  answering: Pick<Answering, "ingested" | "holdSeconds">;
  env?: NodeJS.ProcessEnv;
  tickMs?: number;
  backoffMs?: { first: number; cap: number };
}

export interface RemoteHosts {
  /** Starts links for new destinations and stops those no longer listed. */
  sync(destinations: readonly string[]): void;
  statuses(): HostStatus[];
  /** How long the hosts' helpers may hold (answering's hold, 0 for none): sent to every connected host. */
  setHold(seconds: number): void;
  stop(): Promise<void>;
}

interface Watched {
  link: Link;
  /** No longer watched: whatever the link still delivers while it stops is not the host's rows any more. */
  gone?: boolean;
  scanner: Scanner;
  listing: ProcessInfo[];
  /**
   * Only the ssh user's agents are rows (docs/remote.md#whose-agents-are-shown). A container's are all
   * shown: it is one tenant's, and `docker exec` runs as the image's user, not necessarily the agent's.
   */
  scoped: boolean;
  /** From the last scan: other users' agents left out, or that the host cannot tell owners apart. */
  owners?: Pick<HostStatus, "leftOut" | "ownersUnknown">;
}

/**
 * Where the answer to a request held on a watched host goes (docs/remote.md#answers-for-remote-requests):
 * one line over its session, the exact bytes the local answer file would hold. The helper waits while
 * the link is up and the host's latest listing still has its pid.
 */
function remoteSink(host: string, watched: Watched, name: string, helperPid: number | undefined): AnswerSink {
  return {
    where: `the session to ${host}`,
    write(text) {
      if (!watched.link.answer(name, text)) throw new Error(`${host}: the link is down`);
    },
    // Nothing was written on the host for an unanswered hold (its helper returns by itself).
    remove: () => undefined,
    alive: () =>
      helperPid !== undefined &&
      watched.link.status().state === "connected" &&
      watched.listing.some((p) => p.pid === helperPid),
  };
}

/** A link's status: the host's rows up or down, and a new session told the engine's hold. */
function statusHandler(deps: RemoteHostsDeps, host: string, watched: Watched) {
  return (status: LinkStatus): void => {
    // A new session: its streamer starts with no hold; tell it the engine's (the lease went first).
    if (status.state === "connected") {
      watched.link.setHold(deps.answering.holdSeconds());
      deps.core.hostsDown.delete(host);
    } else deps.core.hostsDown.set(host, status.since);
    deps.publish();
  };
}

/** Detection over the host's new listing, observed like a local scan. */
function rescan(deps: RemoteHostsDeps, host: string, watched: Watched): void {
  void watched.scanner
    .scan()
    .then((scan) => {
      if (watched.gone) return;
      if (watched.scoped) watched.owners = ownersOf(scan, watched.link.status().uid, watched.listing);
      const now = deps.clock();
      deps.commit(deps.core.observeScan(scan, new Map(), now, host), now);
    })
    .catch((error: unknown) => deps.onError("remote-scan", error));
}

/**
 * Detection over a host's latest listing, keeping the ssh user's agents (the hello's uid). Its tmux and
 * /proc are not ours to ask: panes come from TMUX_PANE.
 */
function hostScanner(listing: () => ProcessInfo[], owner: () => number | undefined) {
  return createScanner({
    owner,
    source: {
      list: () => Promise.resolve(listing()),
      environ: () => Promise.resolve(undefined),
      cwd: () => Promise.resolve(undefined),
    },
    effects: { exec: () => Promise.reject(new Error("not on a watched host")), socketsOf: () => [], env: {} },
  });
}

/**
 * A spool file from the host, prepared (big ones in the parse worker, prepare-offload.ts), joined to the
 * host's table and committed. The link hands one file at a time and waits for this, so the host's order holds.
 */
function fileHandler(
  deps: RemoteHostsDeps,
  host: string,
  watched: Watched,
  listingOf: (text: string) => ProcessInfo[],
) {
  const { core } = deps;
  return async (_name: string, bytes: Buffer): Promise<void> => {
    const now = deps.clock();
    const outcome = await deps.preparer.prepare(bytes, now);
    // The engine is stopping: the link acknowledges whatever settles, so this never does. The file stays on
    // the host (so do those queued behind it, on a session that ends with the engine) for the next engine.
    if (outcome === "stopped") return new Promise<void>(() => undefined);
    const prepared = onHostIds(core.accept(outcome, now), host);
    if (prepared.kind !== "join") {
      if (prepared.hold !== undefined)
        deps.answering.ingested(
          undefined,
          prepared.hold,
          undefined,
          remoteSink(host, watched, prepared.hold, undefined),
        );
      deps.publish();
      return;
    }
    const { envelope } = prepared;
    const ppid = envelope.ppid;
    const listed = (pid: number | undefined) => pid === undefined || watched.listing.some((p) => p.pid === pid);
    // The helper's parent is usually newer than the last listing, and a holding helper always is.
    if (!listed(ppid) || (envelope.hold !== undefined && !listed(envelope.pid))) {
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
    if (watched.gone) return;
    const change = core.commit(prepared, joined, now, host);
    if (envelope.hold !== undefined) {
      const sink = remoteSink(host, watched, envelope.hold, envelope.pid);
      deps.answering.ingested(envelope, envelope.hold, heldJoin(core.runOwner, prepared, change), sink);
    }
    if (change === "ignored") deps.publish();
    else deps.commit(change, now);
    await deps.settle();
  };
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
      scoped: dest.kind === "ssh",
      scanner: hostScanner(
        () => watched.listing,
        () => (watched.scoped ? watched.link.status().uid : undefined),
      ),
      link: undefined as unknown as Link,
    };
    const onFile = fileHandler(deps, host, watched, listingOf);
    // Parsed and scanned on a later turn of the loop, the latest listing only: local intake and the
    // control socket go first (docs/remote.md#what-a-host-can-send).
    let latest: string | undefined;
    const onListing = (text: string): void => {
      const queued = latest !== undefined;
      latest = text;
      if (queued) return;
      setImmediate(() => {
        const next = latest!;
        latest = undefined;
        if (hosts.get(host) !== watched) return; // no longer watched meanwhile: its rows are gone
        watched.listing = listingOf(next);
        rescan(deps, host, watched);
      });
    };
    const onStatus = statusHandler(deps, host, watched);
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

  // The rows go at once (a link to a host never reached may take a while to stop), not when the link is down.
  async function unwatch(host: string): Promise<void> {
    const watched = hosts.get(host);
    hosts.delete(host);
    core.forgetHost(host);
    deps.publish();
    if (watched && "link" in watched) {
      watched.gone = true;
      await watched.link.stop();
    }
  }

  return {
    sync(destinations) {
      const wanted = new Set(destinations);
      for (const host of [...hosts.keys()]) if (!wanted.has(host)) void unwatch(host);
      // A host removed while no engine ran still has rows restored from the event log: they go too.
      const stale = [...core.recordHosts()].filter((host) => !wanted.has(host) && !hosts.has(host));
      for (const host of stale) core.forgetHost(host);
      if (stale.length > 0) deps.publish();
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
          ...(s.failure ? { problem: s.failure.message } : s.dropped ? { problem: s.dropped } : {}),
          ...(s.state === "connected" && s.helperMissing ? { helperMissing: true } : {}),
          ...watched.owners,
        };
      });
    },
    setHold(seconds) {
      for (const watched of hosts.values()) if ("link" in watched) watched.link.setHold(seconds);
    },
    async stop() {
      await Promise.all(
        [...hosts.values()].map((watched) => ("link" in watched ? watched.link.stop() : Promise.resolve())),
      );
    },
  };
}
