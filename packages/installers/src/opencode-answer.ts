// The answering part of the OpenCode plugin (docs/providers.md#answering-questions-and-opencode). A
// permission.asked (and, on 1.x, a question.asked) goes to the helper with its event name, which makes the
// helper hold it exactly as it holds Claude Code's PermissionRequest; whatever the helper prints when the
// hold ends is turned into OpenCode's own reply. Nothing printed, or anything but the three known shapes,
// sends no reply: OpenCode's prompt, shown meanwhile, stays in charge. Plain JavaScript, after the
// constants and functions of opencode.ts's plugin body.
import { HELD_HOOK_TIMEOUT_SECONDS } from "./constants.js";

/** The events the plugin holds; the helper script holds `opencode <one of these>`. */
export const OPENCODE_HELD = ["permission.asked", "permission.v2.asked", "question.asked"] as const;

export const OPENCODE_ANSWER_BODY = `// A held helper may wait as long as the longest hold, never longer.
const HELD_KILL_MS = ${HELD_HOOK_TIMEOUT_SECONDS * 1000};
// The helper spools within milliseconds of reading the event; the queue waits this long before the next
// event, so a reply OpenCode fires at once still reaches the engine after its request.
const HELD_SETTLE_MS = 150;
const HELD = new Set(${JSON.stringify(OPENCODE_HELD)});
const REPLIES = new Set(["permission.replied", "permission.v2.replied", "question.replied", "question.rejected"]);
// requestID -> the helper holding it.
const holding = new Map();
// How this loader generation lets a plugin reply: 1.x hands server() a client, 2.x hands setup() a ctx.
let v1Client;
let v2Context;

function isString(value) {
  return typeof value === "string" && value.length > 0;
}

function canReply(type) {
  if (type === "question.asked") return v1Client !== undefined;
  return v1Client !== undefined || typeof v2Context?.permission?.reply === "function";
}

// Only the three shapes the engine writes for OpenCode; anything else answers nothing.
function parseAnswer(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // empty or cut output: no answer, OpenCode's own prompt stays
  }
  if (!isObject(value)) return undefined;
  if (value.reply === "once") return { reply: "once" };
  if (value.reply === "reject") return { reply: "reject", message: isString(value.message) ? value.message : undefined };
  const answers = value.answers;
  if (Array.isArray(answers) && answers.length === 1 && Array.isArray(answers[0]) && answers[0].length === 1) {
    if (isString(answers[0][0])) return { answers: [[answers[0][0]]] };
  }
  return undefined;
}

async function replyPermission(requestID, sessionID, answer) {
  const body = answer.message === undefined ? { reply: answer.reply } : { reply: answer.reply, message: answer.message };
  if (v2Context && typeof v2Context.permission?.reply === "function") {
    await v2Context.permission.reply({ sessionID, requestID, ...body });
    return;
  }
  const client = v1Client;
  if (typeof client?.permission?.reply === "function") await client.permission.reply({ requestID, ...body });
  else if (typeof client?._client?.post === "function")
    await client._client.post({
      url: "/permission/{requestID}/reply",
      path: { requestID },
      body,
      headers: { "Content-Type": "application/json" },
    });
  else if (typeof client?.postSessionIdPermissionsPermissionId === "function")
    await client.postSessionIdPermissionsPermissionId({
      path: { id: sessionID, permissionID: requestID },
      body: { response: answer.reply },
    });
}

async function replyQuestion(requestID, answers) {
  const client = v1Client;
  if (typeof client?.question?.reply === "function") await client.question.reply({ requestID, answers });
  else if (typeof client?._client?.post === "function")
    await client._client.post({
      url: "/question/{requestID}/reply",
      path: { requestID },
      body: { answers },
      headers: { "Content-Type": "application/json" },
    });
}

async function deliver(type, body, text) {
  const answer = parseAnswer(text);
  if (!answer) return;
  try {
    if (type === "question.asked") {
      if (answer.answers) await replyQuestion(body.id, answer.answers);
    } else if (answer.reply) await replyPermission(body.id, body.sessionID, answer);
  } catch {
    // answered in OpenCode meanwhile, or OpenCode is going away: its own prompt has the last word
  }
}

// Runs the helper in holding mode; resolves once the event is spooled (the hold itself goes on).
function hold(type, body, text) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(HELPER, ["opencode", type], { stdio: ["pipe", "pipe", "ignore"] });
    } catch {
      resolve(); // no helper: OpenCode's prompt answers
      return;
    }
    holding.set(body.id, child);
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      if (out.length < 65536) out += chunk;
    });
    const timer = setTimeout(() => {
      try {
        child.kill("SIGKILL");
      } catch {
        // the helper may have exited already
      }
    }, HELD_KILL_MS);
    let settled = false;
    const spooled = () => {
      if (!settled) {
        settled = true;
        resolve();
      }
    };
    child.on("error", () => {
      clearTimeout(timer);
      holding.delete(body.id);
      spooled();
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const ours = holding.get(body.id) === child;
      if (ours) holding.delete(body.id);
      spooled();
      // A helper we stopped (answered in OpenCode, plugin unloading) answers nothing.
      if (ours && signal === null) void deliver(type, body, out);
    });
    child.stdin.on("error", () => {});
    child.stdin.end(text, () => setTimeout(spooled, HELD_SETTLE_MS));
  });
}

// The person answered in OpenCode: the helper holding that request stops, and its request leaves Mytty Bar.
function release(requestID) {
  const child = holding.get(requestID);
  if (!child) return;
  holding.delete(requestID);
  try {
    child.kill("SIGTERM");
  } catch {
    // already gone
  }
}

function releaseAll() {
  for (const requestID of [...holding.keys()]) release(requestID);
}
`;
