// OpenCode: one plugin file we own (docs/providers.md#opencode). The plugin forwards the relevant events
// as {run_id, event} to the helper, with a kill timeout so a hung helper never blocks OpenCode. One file
// loads on both loaders: 1.x (≥ 1.17) reads the default export's `server()` and feeds its `event` hook;
// 2.x requires the default export to be `{ id, setup }` and we read `ctx.event.subscribe()` in setup.
import { OPENCODE_ANSWER_BODY } from "./opencode-answer.js";
import type { Paths } from "./paths.js";

/** OpenCode 1.x bus events (body under `properties`) and 2.x events (body under `data`) we forward. */
export const OPENCODE_FORWARDED = [
  "message.updated",
  "permission.asked",
  "permission.updated",
  "permission.replied",
  "question.asked",
  "question.replied",
  "question.rejected",
  "session.idle",
  "session.error",
  "session.execution.started",
  "session.execution.succeeded",
  "session.execution.failed",
  "session.execution.interrupted",
  "permission.v2.asked",
  "permission.v2.replied",
  "question.v2.asked",
  "question.v2.replied",
  "question.v2.rejected",
  "form.created",
  "form.replied",
  "form.cancelled",
] as const;

/** Events after which a session's run is over; the next prompt starts a new one. */
export const OPENCODE_RUN_ENDS = [
  "session.idle",
  "session.error",
  "session.execution.succeeded",
  "session.execution.failed",
  "session.execution.interrupted",
] as const;

/** The id our plugin registers under (2.x keys its storage and diagnostics by it; 1.x needs one for a file). */
export const OPENCODE_PLUGIN_ID = "mytty-bar";

// The plugin itself, after its constants. Plain JavaScript: OpenCode imports the file as is.
const PLUGIN_BODY = `// The helper finishes in milliseconds; never let a hung one hold up OpenCode.
const KILL_AFTER_MS = 3000;
// The helper keeps 1 MiB of a payload; a bigger event goes with its type and ids only.
const MAX_ENVELOPE_CHARS = 512 * 1024;
const runs = new Map();
// The run each session ended last: OpenCode updates that user message again after session.idle.
const ended = new Map();
let queue = Promise.resolve();

function forward(text) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(HELPER, ["opencode"], { stdio: ["pipe", "ignore", "ignore"] });
    } catch {
      resolve(); // no helper: OpenCode must go on
      return;
    }
    let fallback;
    const timer = setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch {
        // the helper may have exited already
      }
      // "close" follows the kill; the fallback only guards against it never coming.
      fallback = setTimeout(resolve, 1000);
    }, KILL_AFTER_MS);
    const done = () => {
      clearTimeout(timer);
      clearTimeout(fallback);
      resolve();
    };
    child.on("error", done);
    child.on("close", done);
    child.stdin.on("error", () => {});
    child.stdin.end(text);
  });
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// 1.x events carry their body in "properties", 2.x events in "data".
function bodyOf(event) {
  const body = event.properties ?? event.data;
  return isObject(body) ? body : {};
}

function sessionOf(body) {
  const info = isObject(body.info) ? body.info : {};
  const form = isObject(body.form) ? body.form : {};
  const id = body.sessionID ?? info.sessionID ?? form.sessionID;
  return typeof id === "string" ? id : undefined;
}

// Short scalar members of an object, one level down: what the mapping reads, without the bulk.
function slim(value, depth) {
  const out = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === "string") out[key] = item.slice(0, 1000);
    else if (typeof item === "number" || typeof item === "boolean") out[key] = item;
    else if (depth > 0 && isObject(item)) out[key] = slim(item, depth - 1);
  }
  return out;
}

function envelope(runId, event) {
  const text = JSON.stringify({ run_id: runId, event });
  if (text.length <= MAX_ENVELOPE_CHARS) return text;
  const key = event.properties !== undefined ? "properties" : "data";
  return JSON.stringify({ run_id: runId, event: { type: event.type, [key]: slim(bodyOf(event), 2) } });
}

async function onEvent(event) {
  if (!isObject(event) || typeof event.type !== "string" || !FORWARDED.has(event.type)) return;
  const body = bodyOf(event);
  const sessionID = sessionOf(body);
  if (sessionID === undefined) return;
  // The run id changes with every prompt: 1.x names it by the user message, 2.x by the execution's start.
  const info = isObject(body.info) ? body.info : {};
  const userMessage = event.type === "message.updated" && event.properties !== undefined && info.role === "user";
  if (userMessage && typeof info.id === "string") {
    // The finished turn's own message, updated with its diff summary: not a new prompt.
    if (ended.get(sessionID) === info.id) return;
    runs.set(sessionID, info.id);
  }
  if (event.type === "session.execution.started") {
    runs.set(sessionID, typeof event.id === "string" ? event.id : sessionID + "-" + Date.now());
  }
  if (REPLIES.has(event.type) && isString(body.requestID)) release(body.requestID);
  const runId = runs.get(sessionID);
  if (runId === undefined) return;
  if (HELD.has(event.type) && isString(body.id) && canReply(event.type)) await hold(event.type, body, envelope(runId, event));
  else await forward(envelope(runId, event));
  // An assistant message ending with an error ends the turn too (an early Esc sends no session.error), so
  // the session.idle after it is not forwarded as a success.
  const failedMessage = event.type === "message.updated" && info.role === "assistant" && isObject(info.error);
  if (RUN_ENDS.has(event.type) || failedMessage) {
    ended.set(sessionID, runId);
    runs.delete(sessionID);
  }
}

// One event at a time, in order: a reply must never overtake its request.
function enqueue(event) {
  if (!isObject(event) || !FORWARDED.has(event.type)) return queue;
  queue = queue.then(() => onEvent(event)).catch(() => {});
  return queue;
}

// OpenCode 1.x: server(input) returns hooks; OpenCode calls "event" for every bus event.
async function server(input) {
  v1Client = isObject(input?.client) ? input.client : undefined;
  return { event: async ({ event }) => enqueue(event) };
}

// OpenCode 2.x: setup(ctx) must return promptly; events come from ctx.event.subscribe() until unload.
async function setup(ctx) {
  v2Context = isObject(ctx) ? ctx : undefined;
  const events = ctx?.event?.subscribe?.();
  if (!events || typeof events[Symbol.asyncIterator] !== "function") return;
  const iterator = events[Symbol.asyncIterator]();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      let next;
      try {
        next = await iterator.next();
      } catch {
        // the event stream closed (OpenCode shutting down): nothing more to forward
        return;
      }
      if (next.done) return;
      await enqueue(next.value);
    }
  })();
  return async () => {
    stopped = true;
    releaseAll();
    await iterator.return?.();
  };
}

// The only export: 1.x calls server(), 2.x calls setup(); each ignores the other key.
export default { id: ${JSON.stringify(OPENCODE_PLUGIN_ID)}, server, setup };
`;

export function opencodePluginText(paths: Paths): string {
  return `// mytty-bar.js: generated by mytty-doctor. \`mytty-doctor fix\` replaces it, \`mytty-doctor uninstall opencode\` removes it.
// Forwards OpenCode events to the Mytty Bar hook helper as {"run_id", "event"} on stdin, on OpenCode 1.x and 2.x,
// and replies to a permission (or 1.x question) a person answered in Mytty Bar while the helper held it.
import { spawn } from "node:child_process";

const HELPER = ${JSON.stringify(paths.helper)};
const FORWARDED = new Set(${JSON.stringify(OPENCODE_FORWARDED)});
const RUN_ENDS = new Set(${JSON.stringify(OPENCODE_RUN_ENDS)});
${PLUGIN_BODY}
${OPENCODE_ANSWER_BODY}`;
}
