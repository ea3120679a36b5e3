// The common part of every model stand-in: an HTTP server on 127.0.0.1 (never another address), a
// script of model turns a scenario queues, a record of what the agent sent, and server-sent events.
// Each wire API (Anthropic Messages, OpenAI Responses/chat, Gemini) encodes turns in its own file.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One model turn as a scenario means it; each API file encodes it in its own wire format. */
export type Turn =
  | { kind: "text"; text: string; chunkDelayMs?: number }
  | { kind: "tool"; name: string; input: Record<string, unknown>; text?: string }
  | { kind: "error"; status: number; message: string; headers?: Record<string, string> }
  /** Holds the stream open, sending nothing after its start, until the agent hangs up or `ms` pass. */
  | { kind: "hang"; ms: number };

export interface Exchange {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  at: number;
}

export type Handler = (exchange: Exchange, res: ServerResponse, req: IncomingMessage) => Promise<void> | void;

export interface StandIn {
  url: string;
  port: number;
  exchanges: Exchange[];
  close(): Promise<void>;
}

const MAX_BODY = 16 * 1024 * 1024;

export async function startServer(handler: Handler): Promise<StandIn> {
  const exchanges: Exchange[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = text === "" ? undefined : JSON.parse(text);
      } catch {
        // Not JSON (a probe, a form): kept as text for the scenario to look at.
      }
      const exchange: Exchange = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body,
        at: Date.now(),
      };
      exchanges.push(exchange);
      Promise.resolve(handler(exchange, res, req)).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(error) } }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Turns in order; once they run out every request gets `fallback` (a short text answer by default). */
export class Script {
  private readonly turns: Turn[] = [];
  constructor(private readonly fallback: Turn = { kind: "text", text: "Done." }) {}

  queue(...turns: Turn[]): this {
    this.turns.push(...turns);
    return this;
  }

  next(): Turn {
    return this.turns.shift() ?? this.fallback;
  }

  get pending(): number {
    return this.turns.length;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes server-sent events, `delayMs` apart; stops early when the agent hangs up. */
export async function sendEvents(
  res: ServerResponse,
  events: ReadonlyArray<{ event?: string; data: unknown }>,
  delayMs = 0,
  headers: Record<string, string> = {},
): Promise<void> {
  if (!res.headersSent)
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers });
  for (const e of events) {
    if (res.destroyed) return;
    const data = typeof e.data === "string" ? e.data : JSON.stringify(e.data);
    res.write(`${e.event !== undefined ? `event: ${e.event}\n` : ""}data: ${data}\n\n`);
    if (delayMs > 0) await sleep(delayMs);
  }
  res.end();
}

/** Keeps a started stream open until the agent hangs up or `ms` pass (an Esc scenario's slow model). */
export async function hold(res: ServerResponse, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!res.destroyed && Date.now() < deadline) await sleep(50);
  if (!res.destroyed) res.end();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
