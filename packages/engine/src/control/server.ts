// Control socket server: <data>/control.sock, 0600, JSON lines. Every connection is capped (line size,
// in-flight requests, idle time, unsent bytes) so one bad or slow client costs only itself.
import { promises as fs } from "node:fs";
import net from "node:net";
import { CONTROL_MAX_LINE_BYTES, ControlRequestError, ControlRequestSchema, type ControlReply, type ControlRequest } from "./messages.js";

export const MAX_CONNECTIONS = 64;
export const IDLE_TIMEOUT_MS = 30_000;
const MAX_IN_FLIGHT = 8;
/** A watcher that stops reading is dropped rather than buffered for. */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;

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

export async function startControlServer(socketPath: string, handler: ControlHandler): Promise<ControlServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ allowHalfOpen: false }, (socket) => {
    if (sockets.size >= MAX_CONNECTIONS) {
      socket.end(`${JSON.stringify({ ok: false, error: { code: "busy", message: "Too many connections." } })}\n`);
      return;
    }
    sockets.add(socket);
    serve(socket, handler);
    socket.on("close", () => sockets.delete(socket));
  });
  server.maxConnections = MAX_CONNECTIONS + 8;
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
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function serve(socket: net.Socket, handler: ControlHandler): void {
  let buffered = "";
  let inFlight = 0;
  let holds = 0;
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
  const armIdle = () => socket.setTimeout(holds > 0 ? 0 : IDLE_TIMEOUT_MS);
  const connection: Connection = {
    push: send,
    onClose: (cleanup) => cleanups.push(cleanup),
    hold: () => {
      holds += 1;
      armIdle();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
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
    armIdle();
    buffered += chunk;
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== "") handleLine(line);
    }
    if (Buffer.byteLength(buffered) > CONTROL_MAX_LINE_BYTES) {
      send({ ok: false, error: { code: "too-large", message: `A request line may hold at most ${CONTROL_MAX_LINE_BYTES} bytes.` } });
      socket.end();
      buffered = "";
    }
  });

  function handleLine(line: string): void {
    if (Buffer.byteLength(line) > CONTROL_MAX_LINE_BYTES) {
      send({ ok: false, error: { code: "too-large", message: `A request line may hold at most ${CONTROL_MAX_LINE_BYTES} bytes.` } });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      send({ ok: false, error: { code: "bad-request", message: "Each line must be one JSON object." } });
      return;
    }
    const rawId = typeof raw === "object" && raw !== null ? (raw as { id?: unknown }).id : undefined;
    const id = typeof rawId === "string" || typeof rawId === "number" ? { id: rawId } : {};
    const parsed = ControlRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      send({ ...id, ok: false, error: { code: "bad-request", message: `Invalid request: ${issue ? `${issue.path.join(".") || "op"}: ${issue.message}` : "unknown"}` } });
      return;
    }
    if (inFlight >= MAX_IN_FLIGHT) {
      send({ ...id, ok: false, error: { code: "busy", message: `At most ${MAX_IN_FLIGHT} requests at a time per connection.` } });
      return;
    }
    inFlight += 1;
    handler(parsed.data, connection)
      .then((result) => send({ ...id, ok: true, result }))
      .catch((error: unknown) => {
        if (error instanceof ControlRequestError) send({ ...id, ok: false, error: { code: error.code, message: error.message } });
        else send({ ...id, ok: false, error: { code: "internal", message: error instanceof Error ? error.message : String(error) } });
      })
      .finally(() => {
        inFlight -= 1;
      });
  }
}
