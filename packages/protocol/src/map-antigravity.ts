// Antigravity (agy) plugin hook payload → Draft (docs/providers.md#antigravity). Pre/PostInvocation
// payloads look alike, so the payload shape decides; the helper's argv event name is the fallback.
import { sanitizeId } from "./hygiene.js";
import { firstArrayItem, firstText, ignored, text } from "./map-common.js";
import type { ProviderVerdict } from "./map-common.js";
import { isGeminiCliPayload, mapGeminiCli } from "./map-gemini.js";

/** Compared lowercased: Mytty's tests use `model_stop`, agy's docs `NO_TOOL_CALL` (docs/providers.md#antigravity). */
export const FAILED_TERMINATION_REASONS: readonly string[] = ["error", "max_steps_exceeded"];

export function mapAntigravity(payload: Record<string, unknown>, event: string | undefined): ProviderVerdict {
  if (isGeminiCliPayload(payload)) return mapGeminiCli(payload);
  const argvEvent = text(event)?.toLowerCase();
  const isStop = "fullyIdle" in payload || argvEvent === "stop";
  const isInvocation = "invocationNum" in payload || argvEvent === "preinvocation" || argvEvent === "postinvocation";
  if (!isStop && !isInvocation) return ignored("unmapped-event");

  const conversationId = sanitizeId(payload.conversationId);
  const base = {
    hook: text(event) ?? (isStop ? "Stop" : "Invocation"),
    sessionId: conversationId,
    runKey: conversationId,
    cwd: firstArrayItem(payload.workspacePaths),
  };
  if (!isStop) return { ...base, kind: "running" };

  // A Stop that is not fully idle lets other Stop hooks continue the loop: still working
  // (docs/providers.md#antigravity).
  if (payload.fullyIdle === false) return { ...base, kind: "running" };
  const reason = typeof payload.terminationReason === "string" ? payload.terminationReason : undefined;
  const error = firstText(payload.error);
  if (error !== undefined || (reason !== undefined && FAILED_TERMINATION_REASONS.includes(reason.toLowerCase()))) {
    return { ...base, kind: "failed", message: error ?? reason };
  }
  return { ...base, kind: "succeeded" };
}
