// An Anthropic Messages API stand-in for Claude Code (ANTHROPIC_BASE_URL points here). Main-loop
// requests — the ones carrying the tool list — take the scenario's turns in order; side requests
// (titles, summaries, quota probes: no tools) and token counts get short canned answers, so they never
// consume a turn. Turns are encoded as the Messages API's server-sent events (or one JSON body when
// the request did not ask for a stream).
import type { ServerResponse } from "node:http";
import { hold, type Exchange, Script, sendEvents, sendJson, type StandIn, startServer, type Turn } from "./server.js";

export const STANDIN_MODEL = "claude-standin-4-5";

interface MessagesBody {
  model?: string;
  stream?: boolean;
  tools?: unknown[];
  messages?: Array<{ role: string; content: unknown }>;
}

export interface AnthropicStandIn extends StandIn {
  script: Script;
  /** The main-loop requests (with tools) in order, the ones that consumed turns. */
  mainRequests(): MessagesBody[];
  /** Every tool_result block the agent sent back, in order. */
  toolResults(): Array<{ tool_use_id: string; content: unknown; is_error?: boolean }>;
}

let ids = 0;
const nextId = (prefix: string) => `${prefix}_standin${String(++ids).padStart(6, "0")}`;

const usage = (output: number) => ({
  input_tokens: 1200,
  output_tokens: output,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 3400,
});

/** The content blocks a turn stands for (text, tool_use). */
function blocks(turn: Extract<Turn, { kind: "text" | "tool" }>): Array<Record<string, unknown>> {
  if (turn.kind === "text") return [{ type: "text", text: turn.text }];
  const out: Array<Record<string, unknown>> = [];
  if (turn.text) out.push({ type: "text", text: turn.text });
  out.push({ type: "tool_use", id: nextId("toolu"), name: turn.name, input: turn.input });
  return out;
}

function message(model: string, content: Array<Record<string, unknown>>, stop: string) {
  return {
    id: nextId("msg"),
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: usage(20),
  };
}

/** The stream events of one assistant message; text arrives in a few deltas, tool input as JSON deltas. */
export function streamEvents(model: string, content: Array<Record<string, unknown>>, stop: string) {
  const start = { ...message(model, [], stop), stop_reason: null, usage: usage(1) };
  const events: Array<{ event: string; data: unknown }> = [
    { event: "message_start", data: { type: "message_start", message: start } },
  ];
  content.forEach((block, index) => {
    const empty = block.type === "text" ? { type: "text", text: "" } : { ...block, input: {} };
    events.push({ event: "content_block_start", data: { type: "content_block_start", index, content_block: empty } });
    const parts =
      block.type === "text"
        ? String(block.text)
            .split(/(?<=\s)/)
            .map((text) => ({ type: "text_delta", text }))
        : [{ type: "input_json_delta", partial_json: JSON.stringify(block.input) }];
    for (const delta of parts)
      events.push({ event: "content_block_delta", data: { type: "content_block_delta", index, delta } });
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  });
  events.push({
    event: "message_delta",
    data: { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 20 } },
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  return events;
}

/** Anthropic's error body; 429 also carries the rate-limit headers a real account's response has. */
function sendError(res: ServerResponse, turn: Extract<Turn, { kind: "error" }>): void {
  const type =
    turn.status === 429
      ? "rate_limit_error"
      : turn.status === 529
        ? "overloaded_error"
        : turn.status >= 500
          ? "api_error"
          : "invalid_request_error";
  const headers: Record<string, string> = { "request-id": nextId("req"), ...turn.headers };
  sendJson(res, turn.status, { type: "error", error: { type, message: turn.message } }, headers);
}

async function answer(res: ServerResponse, body: MessagesBody, turn: Turn): Promise<void> {
  const model = STANDIN_MODEL;
  if (turn.kind === "error") return sendError(res, turn);
  if (turn.kind === "hang") {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const start = { ...message(model, [], "end_turn"), stop_reason: null, usage: usage(1) };
    res.write(`event: message_start\ndata: ${JSON.stringify({ type: "message_start", message: start })}\n\n`);
    return hold(res, turn.ms);
  }
  const content = blocks(turn);
  const stop = turn.kind === "tool" ? "tool_use" : "end_turn";
  if (!body.stream) return sendJson(res, 200, message(model, content, stop));
  const delay = turn.kind === "text" ? (turn.chunkDelayMs ?? 0) : 0;
  await sendEvents(res, streamEvents(model, content, stop), delay, { "request-id": nextId("req") });
}

const isMain = (body: MessagesBody) => Array.isArray(body.tools) && body.tools.length > 0;

export async function startAnthropic(script = new Script()): Promise<AnthropicStandIn> {
  const main: MessagesBody[] = [];
  const server = await startServer(async (exchange: Exchange, res) => {
    const url = new URL(exchange.path, "http://standin");
    const body = (exchange.body ?? {}) as MessagesBody;
    if (exchange.method === "POST" && url.pathname === "/v1/messages/count_tokens")
      return sendJson(res, 200, { input_tokens: 1200 });
    if (exchange.method === "POST" && url.pathname === "/v1/messages") {
      if (!isMain(body)) return answer(res, body, { kind: "text", text: "Stand-in side answer" });
      main.push(body);
      return answer(res, body, script.next());
    }
    // Anything else (probes Claude Code makes on its own): an empty success keeps it quiet offline.
    sendJson(res, exchange.method === "GET" ? 404 : 200, {});
  });
  return {
    ...server,
    script,
    mainRequests: () => main,
    // Each request repeats the whole conversation, so the last one holds every result.
    toolResults: () =>
      (main.at(-1)?.messages ?? []).flatMap((m) =>
        Array.isArray(m.content)
          ? (m.content as Array<Record<string, unknown>>).filter((c) => c.type === "tool_result")
          : [],
      ) as Array<{ tool_use_id: string; content: unknown; is_error?: boolean }>,
  };
}
