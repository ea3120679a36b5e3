// An OpenAI chat-completions stand-in (POST /v1/chat/completions, GET /v1/models), the wire API an
// OpenAI-compatible provider speaks (OpenCode's "@ai-sdk/openai-compatible"). Scenario turns go to the
// agent's main loop only: a request that offers no tools (a title, a summary) is a side request and gets
// a short text answer without touching the script.
import type { ServerResponse } from "node:http";
import { hold, Script, sendEvents, sendJson, startServer, type Exchange, type StandIn, type Turn } from "./server.js";

export interface ChatStandIn extends StandIn {
  script: Script;
  /** The requests that took a scenario turn (the agent's main loop). */
  mainRequests(): Exchange[];
}

interface ChatBody {
  model?: string;
  stream?: boolean;
  tools?: unknown[];
}

const MODEL = "standin-chat";
let calls = 0;

function chunk(model: string, delta: Record<string, unknown>, finish: string | null = null): unknown {
  return {
    id: "chatcmpl-standin",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function usage(model: string): unknown {
  return {
    id: "chatcmpl-standin",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [],
    usage: { prompt_tokens: 1200, completion_tokens: 40, total_tokens: 1240 },
  };
}

/** The SSE events of one turn; a tool call's arguments arrive in two pieces, as real models send them. */
export function encodeTurn(turn: Turn, model: string): Array<{ data: unknown }> {
  const events: Array<{ data: unknown }> = [{ data: chunk(model, { role: "assistant", content: "" }) }];
  if (turn.kind === "text") {
    for (const piece of turn.text.match(/.{1,12}/gs) ?? [""]) events.push({ data: chunk(model, { content: piece }) });
    events.push({ data: chunk(model, {}, "stop") });
  } else if (turn.kind === "tool") {
    if (turn.text !== undefined) events.push({ data: chunk(model, { content: turn.text }) });
    calls += 1;
    const args = JSON.stringify(turn.input);
    const cut = Math.floor(args.length / 2);
    const call = (fn: Record<string, unknown>, head: boolean) =>
      chunk(model, {
        tool_calls: [{ index: 0, ...(head ? { id: `call_standin_${calls}`, type: "function" } : {}), function: fn }],
      });
    events.push({ data: call({ name: turn.name, arguments: args.slice(0, cut) }, true) });
    events.push({ data: call({ arguments: args.slice(cut) }, false) });
    events.push({ data: chunk(model, {}, "tool_calls") });
  }
  events.push({ data: usage(model) }, { data: "[DONE]" });
  return events;
}

async function answer(res: ServerResponse, turn: Turn, body: ChatBody): Promise<void> {
  const model = body.model ?? MODEL;
  if (turn.kind === "error") {
    const type = turn.status === 429 ? "rate_limit_exceeded" : "server_error";
    sendJson(res, turn.status, { error: { message: turn.message, type, code: type } }, turn.headers);
    return;
  }
  if (turn.kind === "hang") {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write(`data: ${JSON.stringify(chunk(model, { role: "assistant", content: "" }))}\n\n`);
    await hold(res, turn.ms);
    return;
  }
  if (body.stream === false) {
    const content = turn.kind === "text" ? turn.text : (turn.text ?? "");
    sendJson(res, 200, {
      id: "chatcmpl-standin",
      object: "chat.completion",
      model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    });
    return;
  }
  await sendEvents(res, encodeTurn(turn, model), turn.kind === "text" ? (turn.chunkDelayMs ?? 0) : 0);
}

/** A side request (no tools offered: a title, a summary) never takes a scenario turn. */
export function isSideRequest(body: ChatBody): boolean {
  return !Array.isArray(body.tools) || body.tools.length === 0;
}

export async function startChatStandIn(script = new Script()): Promise<ChatStandIn> {
  const main: Exchange[] = [];
  const server = await startServer(async (exchange, res) => {
    const route = exchange.path.split("?")[0]!;
    if (exchange.method === "GET" && route.endsWith("/models")) {
      sendJson(res, 200, { object: "list", data: [{ id: MODEL, object: "model", owned_by: "standin" }] });
      return;
    }
    if (exchange.method !== "POST" || !route.endsWith("/chat/completions")) {
      sendJson(res, 404, { error: { message: `no route ${exchange.method} ${route}` } });
      return;
    }
    const body = (exchange.body ?? {}) as ChatBody;
    if (isSideRequest(body)) {
      await answer(res, { kind: "text", text: "Stand-in title" }, body);
      return;
    }
    main.push(exchange);
    await answer(res, script.next(), body);
  });
  return { ...server, script, mainRequests: () => main };
}
