// Control socket server: <data>/control.sock, 0600, JSON lines. Every connection is capped (line size,
// in-flight requests, idle time, unsent bytes) so one bad or slow client costs only itself. Served
// clients never depend on idle ones: a connection that has sent no request is closed after a short
// while, and when all slots are taken the longest-idle connection with nothing in flight makes room.
// Waits and watches hold their connection open on a budget of their own. A refusal says "busy".
import { promises as fs } from "node:fs";
import net from "node:net";
import {
  CONTROL_MAX_LINE_BYTES,
  ControlRequestError,
  ControlRequestSchema,
  type ControlReply,
  type ControlRequest,
} from "./messages.js";

/** Connections without a wait or watch in progress. */
export const MAX_CONNECTIONS = 64;
/** Connections holding a wait or a watch. */
export const MAX_HELD_CONNECTIONS = 256;
export const IDLE_TIMEOUT_MS = 30_000;
/** A connection must send its first request within this long. */
export const FIRST_REQUEST_TIMEOUT_MS = 2000;
const MAX_IN_FLIGHT = 8;
/** Waits and watches on one connection (they do not count against MAX_IN_FLIGHT). */
const MAX_HELD_PER_CONNECTION = 64;
/** A watcher that stops reading is dropped rather than buffered for. */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
const REFUSED_LINGER_MS = 1000;

export const BUSY_MESSAGE = "The Mytty Bar engine is busy: too many connections at once. Try again in a moment.";

export interface Connection {
  /** Sends one pushed line (watch). */
  push(reply: ControlReply): void;
  /** Runs `cleanup` when the client goes away. */
  onClose(cleanup: () => void): void;
  /** While held, the idle timeout is off (a wait or watch is in progress). */
  hold(): () => void;
}

export type ControlHandler = (request: ControlRequest, connection: Connection) => Promise<unknown>;

export interface ControlServer {
  close(): Promise<void>;
  connections(): number;
}

interface Slot {
  socket: net.Socket;
  /** Has sent a whole request line. */
  requested: boolean;
  inFlight: number;
  holds: number;
  lastActive: number;
}

export async function startControlServer(socketPath: string, handler: ControlHandler): Promise<ControlServer> {
  const slots = new Set<Slot>();
  const held = () => [...slots].filter((s) => s.holds > 0).length;
  const server = net.createServer({ allowHalfOpen: false }, (socket) => {
    if ([...slots].filter((s) => s.holds === 0).length >= MAX_CONNECTIONS && !evictIdle(slots)) {
      refuse(socket);
      return;
    }
    const slot: Slot = { socket, requested: false, inFlight: 0, holds: 0, lastActive: Date.now() };
    slots.add(slot);
    serve(slot, handler, () => held() < MAX_HELD_CONNECTIONS);
    socket.on("close", () => slots.delete(slot));
  });
  // A backstop only: refusals above are answered, these are not.
  server.maxConnections = MAX_CONNECTIONS + MAX_HELD_CONNECTIONS + 64;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await fs.chmod(socketPath, 0o600);
  server.on("error", () => undefined);
  return {
    connections: () => slots.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const slot of slots) slot.socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Closes the connection idle longest (one that never asked anything first); false if every one is busy. */
function evictIdle(slots: Set<Slot>): boolean {
  let victim: Slot | undefined;
  for (const slot of slots) {
    if (slot.inFlight > 0 || slot.holds > 0) continue;
    const better =
      !victim || (slot.requested === victim.requested ? slot.lastActive < victim.lastActive : !slot.requested);
    if (better) victim = slot;
  }
  if (!victim) return false;
  slots.delete(victim);
  victim.socket.destroy();
  return true;
}

/** Answers "busy" and keeps reading until the client hangs up, so its request write never meets a reset. */
function refuse(socket: net.Socket): void {
  socket.on("error", () => undefined);
  socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
  socket.end(`${JSON.stringify({ ok: false, error: { code: "busy", message: BUSY_MESSAGE } })}\n`);
  socket.resume();
}

const HELD_OPS: ReadonlySet<string> = new Set(["wait", "watch"]);

type RequestId = { id?: string | number };
type ParsedLine = { ok: true; id: RequestId; request: ControlRequest } | { ok: false; reply: ControlReply };

/** One request line → the request, or the reply that refuses it (too large, not JSON, not a request). */
function parseLine(line: string): ParsedLine {
  if (Buffer.byteLength(line) > CONTROL_MAX_LINE_BYTES) return { ok: false, reply: TOO_LARGE };
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    // Not JSON: the client's mistake, answered as such (nothing of ours failed).
    return {
      ok: false,
      reply: { ok: false, error: { code: "bad-request", message: "Each line must be one JSON object." } },
    };
  }
  const rawId = typeof raw === "object" && raw !== null ? (raw as { id?: unknown }).id : undefined;
  const id = typeof rawId === "string" || typeof rawId === "number" ? { id: rawId } : {};
  const parsed = ControlRequestSchema.safeParse(raw);
  if (parsed.success) return { ok: true, id, request: parsed.data };
  const issue = parsed.error.issues[0];
  const message = `Invalid request: ${issue ? `${issue.path.join(".") || "op"}: ${issue.message}` : "unknown"}`;
  return { ok: false, reply: { ...id, ok: false, error: { code: "bad-request", message } } };
}

/** A failed request's reply: its own code for a ControlRequestError, "internal" for anything else. */
function errorReply(id: RequestId, error: unknown): ControlReply {
  if (error instanceof ControlRequestError)
    return { ...id, ok: false, error: { code: error.code, message: error.message } };
  return {
    ...id,
    ok: false,
    error: { code: "internal", message: error instanceof Error ? error.message : String(error) },
  };
}

const TOO_LARGE: ControlReply = {
  ok: false,
  error: { code: "too-large", message: `A request line may hold at most ${CONTROL_MAX_LINE_BYTES} bytes.` },
};

function serve(slot: Slot, handler: ControlHandler, canHold: () => boolean): void {
  const { socket } = slot;
  let buffered = "";
  const cleanups: Array<() => void> = [];
  let closed = false;

  const send = (reply: ControlReply) => {
    if (closed || socket.destroyed) return;
    if (socket.writableLength > MAX_UNSENT_BYTES) {
      socket.destroy();
      return;
    }
    socket.write(`${JSON.stringify(reply)}\n`);
  };
  // Until its first request a connection gets a short, fixed deadline (trickled bytes do not extend it).
  const armIdle = () =>
    socket.setTimeout(slot.holds > 0 ? 0 : slot.requested ? IDLE_TIMEOUT_MS : FIRST_REQUEST_TIMEOUT_MS);
  const connection: Connection = {
    push: send,
    onClose: (cleanup) => cleanups.push(cleanup),
    hold: () => {
      slot.holds += 1;
      armIdle();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        slot.holds -= 1;
        slot.lastActive = Date.now();
        armIdle();
      };
    },
  };

  socket.setEncoding("utf8");
  armIdle();
  socket.on("timeout", () => socket.destroy());
  socket.on("error", () => undefined);
  socket.on("close", () => {
    closed = true;
    for (const cleanup of cleanups.splice(0)) {
      try {
        cleanup();
      } catch {
        // A failing cleanup must not keep the others from running.
      }
    }
  });
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() === "") continue;
      slot.requested = true;
      slot.lastActive = Date.now();
      armIdle();
      handleLine(line);
    }
    if (Buffer.byteLength(buffered) > CONTROL_MAX_LINE_BYTES) {
      send(TOO_LARGE);
      socket.end();
      buffered = "";
    }
  });

  function handleLine(line: string): void {
    const parsed = parseLine(line);
    if (!parsed.ok) {
      send(parsed.reply);
      return;
    }
    const { id } = parsed;
    const held = HELD_OPS.has(parsed.request.op);
    const refusal = held
      ? holdRefusal()
      : slot.inFlight >= MAX_IN_FLIGHT
        ? `At most ${MAX_IN_FLIGHT} requests at a time per connection.`
        : undefined;
    if (refusal !== undefined) {
      send({ ...id, ok: false, error: { code: "busy", message: refusal } });
      return;
    }
    if (!held) slot.inFlight += 1;
    handler(parsed.request, connection)
      .then((result) => send({ ...id, ok: true, result }))
      .catch((error: unknown) => send(errorReply(id, error)))
      .finally(() => {
        if (!held) slot.inFlight -= 1;
        slot.lastActive = Date.now();
      });
  }

  function holdRefusal(): string | undefined {
    if (slot.holds >= MAX_HELD_PER_CONNECTION)
      return `At most ${MAX_HELD_PER_CONNECTION} waits or watches at a time per connection.`;
    if (slot.holds === 0 && !canHold())
      return `${BUSY_MESSAGE} (${MAX_HELD_CONNECTIONS} connections are waiting or watching.)`;
    return undefined;
  }
}
