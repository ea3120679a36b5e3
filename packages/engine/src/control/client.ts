// Control socket client for the apps (mytty-team, mytty-doctor, the TUI): connect, one request, or a
// watch stream. "Engine not running" is its own error so every CLI can say how to start it.
import net from "node:net";
import type { Snapshot } from "../snapshot.js";
import type { ControlErrorCode, ControlReply, ControlRequest } from "./messages.js";

export const ENGINE_NOT_RUNNING_MESSAGE =
  "Mytty Bar is not running: start it with `mytty-bar` (menu bar) or `mytty-bar --headless`.";

export class EngineNotRunningError extends Error {
  constructor(readonly socketPath: string) {
    super(ENGINE_NOT_RUNNING_MESSAGE);
  }
}

export class ControlClientError extends Error {
  constructor(
    readonly code: ControlErrorCode | "timeout" | "closed" | "bad-reply",
    message: string,
  ) {
    super(message);
  }
}

/** Requests without `id`: the client numbers them. */
export type ClientRequest = ControlRequest extends infer R
  ? R extends { id?: unknown }
    ? Omit<R, "id">
    : never
  : never;

const MAX_REPLY_BYTES = 64 * 1024 * 1024;

export function connect(socketPath: string, timeoutMs = 2000): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new ControlClientError("timeout", `No answer from ${socketPath} within ${timeoutMs} ms.`));
    }, timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      // ENOTDIR: the data dir is not a directory, so no engine can be listening there.
      if (
        error.code === "ENOENT" ||
        error.code === "ECONNREFUSED" ||
        error.code === "ENOTSOCK" ||
        error.code === "ENOTDIR"
      )
        reject(new EngineNotRunningError(socketPath));
      else reject(error);
    });
  });
}

/** Reads newline-delimited replies from a socket. */
function lines(socket: net.Socket, onReply: (reply: ControlReply) => void, onEnd: (error?: Error) => void): void {
  let buffered = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_REPLY_BYTES) {
      socket.destroy();
      onEnd(new ControlClientError("bad-reply", "Reply too large."));
      return;
    }
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      try {
        onReply(JSON.parse(line) as ControlReply);
      } catch {
        onEnd(new ControlClientError("bad-reply", "The engine sent a line that is not JSON."));
      }
    }
  });
  socket.on("error", (error) => onEnd(error));
  socket.on("close", () => onEnd());
}

/**
 * One request, one reply. `timeoutMs` covers connect and answer; a `wait` request should pass a
 * timeout above its own `timeoutSeconds`.
 */
export async function request<T = unknown>(
  socketPath: string,
  req: ClientRequest,
  options: { timeoutMs?: number } = {},
): Promise<T> {
  return (await requests<[T]>(socketPath, [req], options))[0];
}

/**
 * Several requests on one connection (numbered 1…n), their results in the same order once all are in;
 * the first error rejects. One connect instead of n (`mytty-doctor status` asks ping and stats).
 */
export async function requests<T extends unknown[]>(
  socketPath: string,
  reqs: readonly ClientRequest[],
  options: { timeoutMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const started = Date.now();
  const socket = await connect(socketPath, Math.min(timeoutMs, 5000));
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const results = new Map<number, unknown>();
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      fn();
    };
    // An infinite timeout (a `wait` without --timeout-seconds) arms no timer.
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(
          () =>
            finish(() =>
              reject(new ControlClientError("timeout", `No answer from the engine within ${timeoutMs} ms.`)),
            ),
          Math.min(2 ** 31 - 1, Math.max(1, timeoutMs - (Date.now() - started))),
        )
      : undefined;
    lines(
      socket,
      (reply) => {
        // A reply without an id refuses the connection itself (the engine is busy).
        if ("ok" in reply && !reply.ok && reply.id === undefined)
          finish(() => reject(new ControlClientError(reply.error.code, reply.error.message)));
        const id = reply.id;
        if (typeof id !== "number" || id < 1 || id > reqs.length || "event" in reply) return;
        if (!reply.ok) {
          finish(() => reject(new ControlClientError(reply.error.code, reply.error.message)));
          return;
        }
        results.set(id, reply.result);
        if (results.size === reqs.length) finish(() => resolve(reqs.map((_, i) => results.get(i + 1)) as T));
      },
      (error) => finish(() => reject(closedError(error))),
    );
    socket.write(reqs.map((req, i) => `${JSON.stringify({ ...req, id: i + 1 })}\n`).join(""));
  });
}

/** A reset or broken pipe is the engine hanging up on us, not a crash of ours. */
function closedError(error: Error | undefined): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error === undefined || code === "EPIPE" || code === "ECONNRESET")
    return new ControlClientError("closed", "The engine closed the connection.");
  return error;
}

export interface Watch {
  close(): void;
  /** Resolves when the stream ends (engine stopped, or close()). */
  readonly closed: Promise<void>;
}

/** Streams snapshots: the current one first, then one per change, until close() or the engine stops. */
export async function watch(
  socketPath: string,
  onSnapshot: (snapshot: Snapshot) => void,
  options: { timeoutMs?: number } = {},
): Promise<Watch> {
  const socket = await connect(socketPath, options.timeoutMs ?? 2000);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  lines(
    socket,
    (reply) => {
      if ("event" in reply && reply.event === "snapshot") onSnapshot(reply.snapshot as Snapshot);
      else if ("ok" in reply && reply.ok && reply.id === 1) onSnapshot(reply.result as Snapshot);
    },
    () => resolveClosed(),
  );
  socket.write(`${JSON.stringify({ op: "watch", id: 1 })}\n`);
  return { close: () => socket.destroy(), closed };
}
