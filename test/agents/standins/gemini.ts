// A Gemini API stand-in (generativelanguage v1beta) for Gemini CLI: `:streamGenerateContent?alt=sse` is the
// main loop and takes the script's turns; `:generateContent` (next-speaker check, model routing, summaries,
// loop detection) and `:countTokens` are side requests answered from the request's own JSON schema, so
// they never consume a scenario turn. Errors use Google's `{ error: { code, message, status, details } }`.
import type { ServerResponse } from "node:http";
import { hold, Script, sendEvents, sendJson, startServer, type Exchange, type StandIn, type Turn } from "./server.js";

export const GEMINI_STANDIN_MODEL = "gemini-2.5-pro";

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

/** The body Google's APIs send with an error status; a 429 names a per-day quota (no retry in Gemini CLI). */
export function googleError(status: number, message: string): unknown {
  const details =
    status === 429
      ? [
          {
            "@type": "type.googleapis.com/google.rpc.QuotaFailure",
            violations: [
              {
                quotaMetric: "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                quotaId: "GenerateRequestsPerDayPerProjectPerModel-FreeTier",
              },
            ],
          },
        ]
      : [];
  return { error: { code: status, message, status: STATUS_NAMES[status] ?? "UNKNOWN", details } };
}

const usage = (prompt: number, output: number) => ({
  promptTokenCount: prompt,
  candidatesTokenCount: output,
  totalTokenCount: prompt + output,
});

/** One GenerateContentResponse chunk. */
function chunk(parts: unknown[], finishReason?: string, tokens = { prompt: 1200, output: 0 }): unknown {
  return {
    candidates: [{ content: { role: "model", parts }, index: 0, ...(finishReason ? { finishReason } : {}) }],
    usageMetadata: usage(tokens.prompt, tokens.output),
    modelVersion: GEMINI_STANDIN_MODEL,
    responseId: `standin-${Date.now()}`,
  };
}

/** A turn as SSE chunks: text in pieces, or one functionCall part (with optional text before it). */
export function encodeTurn(turn: Extract<Turn, { kind: "text" | "tool" }>): unknown[] {
  if (turn.kind === "tool") {
    const call = { functionCall: { name: turn.name, args: turn.input } };
    const lead = turn.text !== undefined ? [chunk([{ text: turn.text }])] : [];
    return [...lead, chunk([call], "STOP", { prompt: 1200, output: 20 })];
  }
  const words = turn.text.split(/(?<= )/);
  return words.map((w, i) =>
    i === words.length - 1
      ? chunk([{ text: w }], "STOP", { prompt: 1200, output: words.length })
      : chunk([{ text: w }]),
  );
}

type Schema = { type?: string; enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema };

/** A value that satisfies a side request's response schema: "user" speaks next, the first enum wins. */
export function fromSchema(schema: Schema | undefined, key = ""): unknown {
  if (!schema) return {};
  if (key === "next_speaker") return "user";
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type?.toLowerCase()) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fromSchema(s, k)]));
    case "array":
      return [];
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return false;
    default:
      return "ok";
  }
}

function sideAnswer(body: unknown): unknown {
  const config = (body as { generationConfig?: Record<string, unknown> } | undefined)?.generationConfig ?? {};
  const schema = (config.responseJsonSchema ?? config.responseSchema) as Schema | undefined;
  const text = config.responseMimeType === "application/json" || schema ? JSON.stringify(fromSchema(schema)) : "OK";
  return chunk([{ text }], "STOP", { prompt: 100, output: 5 });
}

export interface GeminiStandIn extends StandIn {
  script: Script;
  /** Main-loop requests (streamGenerateContent) only. */
  turns(): Exchange[];
}

const isStream = (e: Exchange) => /:streamGenerateContent\b/.test(e.path);

export async function startGemini(script = new Script()): Promise<GeminiStandIn> {
  const handle = async (exchange: Exchange, res: ServerResponse) => {
    const { path } = exchange;
    if (isStream(exchange)) {
      // Each retry of a failed request takes a turn of its own: a scenario queues as many errors as it means.
      const turn = script.next();
      if (turn.kind === "error")
        return sendJson(res, turn.status, googleError(turn.status, turn.message), turn.headers);
      if (turn.kind === "hang") {
        res.writeHead(200, { "content-type": "text/event-stream" });
        return hold(res, turn.ms);
      }
      const delay = turn.kind === "text" ? (turn.chunkDelayMs ?? 0) : 0;
      return sendEvents(
        res,
        encodeTurn(turn).map((data) => ({ data })),
        delay,
      );
    }
    if (/:generateContent\b/.test(path)) return sendJson(res, 200, sideAnswer(exchange.body));
    if (/:countTokens\b/.test(path)) return sendJson(res, 200, { totalTokens: 1200 });
    if (/:embedContent\b/.test(path)) return sendJson(res, 200, { embedding: { values: [0, 0, 0] } });
    if (/\/models\/?(\?|$)/.test(path)) {
      return sendJson(res, 200, { models: [{ name: `models/${GEMINI_STANDIN_MODEL}`, displayName: "Stand-in" }] });
    }
    return sendJson(res, 404, googleError(404, `stand-in has no ${exchange.method} ${path}`));
  };
  const server = await startServer(handle);
  return { ...server, script, turns: () => server.exchanges.filter(isStream) };
}
