// The link's public shapes: what a host link reports and what it needs, apart from how it runs.
import type { ChildProcess } from "node:child_process";
import type { Destination } from "@mytty-bar/remote";
import type { LinkFailure } from "./link-failure.js";

export type LinkState = "connecting" | "connected" | "disconnected";

export interface LinkStatus {
  host: string;
  state: LinkState;
  /** When the link entered this state (ISO). */
  since: string;
  /** The last failure, while not connected. */
  failure?: LinkFailure;
  /** The host has no hook helper installed (`mytty-doctor install … --host`). */
  helperMissing?: boolean;
  /** The ssh user's uid on the host, from the streamer's hello: only its agents are shown. Absent when `id -u` said nothing. */
  uid?: number;
  /** The local ssh (or docker) child's pid while it runs. */
  pid?: number;
  attempts: number;
  /** The host sent more than one host may (docs/remote.md#what-a-host-can-send): one line, set once a session. */
  dropped?: string;
}

export interface LinkHandlers {
  /** A spool file from the host; the link acknowledges it once this resolved (or threw: a bad file is not retried). */
  onFile(name: string, bytes: Buffer): Promise<void>;
  onListing(text: string): void;
  onStatus(status: LinkStatus): void;
  onError(kind: string, error: unknown): void;
}

export interface LinkOptions {
  dest: Destination;
  handlers: LinkHandlers;
  clock(): Date;
  env?: NodeJS.ProcessEnv;
  /** How often the streamer looks at its spool (default 200 ms; a glob in sh, no process). */
  tickMs?: number;
  /** How often it lists processes (the engine's poll). */
  scanMs(): number;
  spawn?: (file: string, args: string[], env: NodeJS.ProcessEnv) => ChildProcess;
  /** Backoff after a failed or lost link: first and cap (default 1 s doubling to 30 s). */
  backoffMs?: { first: number; cap: number };
}

export interface Link {
  status(): LinkStatus;
  /** Asks for a fresh listing now; resolves with it (or undefined when the link is down or it takes > 5 s). */
  listNow(): Promise<string | undefined>;
  /**
   * Answers for held requests on the host (docs/remote.md#answers-for-remote-requests): how long its
   * helper holds, and one answer — one line, written there atomically under the held request's spool name.
   * False when the link is down (the request is answered in its terminal).
   */
  setHold(seconds: number): boolean;
  answer(name: string, line: string): boolean;
  /** Ends the streamer on the host (it removes its pid files) and the child; no restart. */
  stop(): Promise<void>;
}
