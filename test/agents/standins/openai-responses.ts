// An OpenAI Responses API stand-in for Codex: `POST /v1/responses` answered with the server-sent events
// Codex's SSE reader acts on (openai/codex codex-rs/codex-api/src/sse/responses.rs: response.created,
// response.output_item.added / .done carrying a message or function_call item, response.output_text.delta,
// response.completed with usage), and the `x-codex-*` rate-limit headers it turns into the rollout's
// `token_count.rate_limits` (codex-rs/codex-api/src/rate_limits.rs). A request that is not the main loop
// (no tools, e.g. a title or a compaction) is answered without taking a scenario turn.
import type { ServerResponse } from "node:http";
import { hold, sendEvents, sendJson, startServer, Script, type Exchange, type StandIn, type Turn } from "./server.js";

export interface ResponsesStandIn extends StandIn {
  script: Script;
  /** The main-loop requests (the ones that took a turn), in order. */
  turns(): Exchange[];
}

export interface ResponsesOptions {
  /** Rate-limit headers on every successful stream (see `rateLimitHeaders`). */
  rateLimits?: Record<string, string>;
  /** Tokens `response.completed` reports as input (the context a rollout's token_count shows). */
  inputTokens?: number;
}

/** Codex's usage headers: the share used of the 5-hour (primary) and weekly (secondary) windows. */
export function rateLimitHeaders(
  primaryPercent: number,
  secondaryPercent: number,
  resetAt = Math.floor(Date.now() / 1000) + 3600,
): Record<string, string> {
  return {
    "x-codex-primary-used-percent": String(primaryPercent),
    "x-codex-primary-window-minutes": "300",
    "x-codex-primary-reset-at": String(resetAt),
    "x-codex-secondary-used-percent": String(secondaryPercent),
    "x-codex-secondary-window-minutes": "10080",
    "x-codex-secondary-reset-at": String(resetAt + 6 * 24 * 3600),
  };
}

/** The body of a 429 Codex reads as "usage limit reached" (codex-rs/codex-api/src/api_bridge.rs). */
export function usageLimitBody(resetsAt = Math.floor(Date.now() / 1000) + 3600): Record<string, unknown> {
  return { error: { type: "usage_limit_reached", message: "You've hit your usage limit.", resets_at: resetsAt } };
}

/** True for the agent loop's request (it offers tools); side requests are answered apart. */
function isMainLoop(body: unknown): boolean {
  const tools = (body as { tools?: unknown } | undefined)?.tools;
  return Array.isArray(tools) && tools.length > 0;
}

let ids = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(ids++).toString(36)}`;

function completed(id: string, model: string, inputTokens: number, outputTokens: number) {
  return {
    type: "response.completed",
    response: {
      id,
      object: "response",
      model,
      status: "completed",
      usage: {
        input_tokens: inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: outputTokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: inputTokens + outputTokens,
      },
    },
  };
}

function messageEvents(text: string): Array<{ event: string; data: unknown }> {
  const id = nextId("msg");
  const item = { type: "message", id, role: "assistant", status: "completed", content: [] as unknown[] };
  const words = text.split(/(?<= )/);
  return [
    { event: "response.output_item.added", data: { type: "response.output_item.added", output_index: 0, item } },
    ...words.map((delta) => ({
      event: "response.output_text.delta",
      data: { type: "response.output_text.delta", item_id: id, output_index: 0, content_index: 0, delta },
    })),
    {
      event: "response.output_item.done",
      data: {
        type: "response.output_item.done",
        output_index: 0,
        item: { ...item, content: [{ type: "output_text", text, annotations: [] }] },
      },
    },
  ];
}

function callEvents(name: string, input: Record<string, unknown>, index: number) {
  const item = {
    type: "function_call",
    id: nextId("fc"),
    call_id: nextId("call"),
    name,
    arguments: JSON.stringify(input),
    status: "completed",
  };
  return [
    {
      event: "response.output_item.added",
      data: { type: "response.output_item.added", output_index: index, item: { ...item, arguments: "" } },
    },
    { event: "response.output_item.done", data: { type: "response.output_item.done", output_index: index, item } },
  ];
}

async function answer(turn: Turn, exchange: Exchange, res: ServerResponse, options: ResponsesOptions): Promise<void> {
  const model = String((exchange.body as { model?: unknown } | undefined)?.model ?? "standin");
  const id = nextId("resp");
  const created = {
    event: "response.created",
    data: { type: "response.created", response: { id, object: "response", model, status: "in_progress" } },
  };
  const headers = options.rateLimits ?? {};
  const input = options.inputTokens ?? 1200;
  switch (turn.kind) {
    case "error":
      sendJson(
        res,
        turn.status,
        turn.message.startsWith("{") ? JSON.parse(turn.message) : { error: { message: turn.message } },
        turn.headers,
      );
      return;
    case "hang":
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers });
      res.write(`event: response.created\ndata: ${JSON.stringify(created.data)}\n\n`);
      await hold(res, turn.ms);
      return;
    case "text":
      await sendEvents(
        res,
        [created, ...messageEvents(turn.text), { event: "response.completed", data: completed(id, model, input, 20) }],
        turn.chunkDelayMs ?? 0,
        headers,
      );
      return;
    case "tool": {
      const lead = turn.text !== undefined ? messageEvents(turn.text) : [];
      await sendEvents(
        res,
        [
          created,
          ...lead,
          ...callEvents(turn.name, turn.input, lead.length > 0 ? 1 : 0),
          { event: "response.completed", data: completed(id, model, input, 30) },
        ],
        0,
        headers,
      );
      return;
    }
  }
}

export async function startResponsesStandIn(options: ResponsesOptions = {}): Promise<ResponsesStandIn> {
  const script = new Script();
  const main: Exchange[] = [];
  const server = await startServer(async (exchange, res) => {
    const url = exchange.path.split("?")[0] ?? "/";
    if (exchange.method === "GET" && url.endsWith("/models")) {
      sendJson(res, 200, { object: "list", data: [], models: [] });
      return;
    }
    if (exchange.method !== "POST" || !url.endsWith("/responses")) {
      sendJson(res, 404, { error: { message: `the stand-in does not serve ${exchange.method} ${url}` } });
      return;
    }
    if (!isMainLoop(exchange.body)) {
      await answer({ kind: "text", text: "Stand-in session" }, exchange, res, options);
      return;
    }
    main.push(exchange);
    await answer(script.next(), exchange, res, options);
  });
  return { ...server, script, turns: () => main };
}
