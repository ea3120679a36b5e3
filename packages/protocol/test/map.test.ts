// One row per mapping rule (each provider's section of docs/providers.md). Each row names its rule; breaking that
// rule in src/map-*.ts makes exactly its row fail.
import { describe, expect, it } from "vitest";
import { AgentEventSchema, eventId, mapPayload, runId } from "@mytty-bar/protocol";
import type { EventKind, MapResult, ProviderId } from "@mytty-bar/protocol";
import { fixtureEvent, listFixtures, loadFixture } from "./fixtures.js";

const CODEX = { session: "01b2c3d4-7e8f-7a10-9b21-c3d4e5f60718", turn: "01b2c3d5-1a2b-7c3d-8e4f-506172839aab" };
const CLAUDE = { session: "a41d7c02-9e3b-4f58-b6a1-2c7d9e0f4b83", prompt: "e5f60718-2a3b-4c5d-9e8f-0a1b2c3d4e5f" };
const CURSOR = {
  conversation: "3c4d5e6f-7081-4a92-b3c4-d5e6f7081920",
  generation: "9a0b1c2d-3e4f-4051-8627-38495a6b7c8d",
};
const OPENCODE = { run: "msg_7c1d2e3f4a5bQx9Lk2Wd", session: "ses_7c1d0f9e8d7cPa3Rt6Yu" };
// Recorded from OpenCode 1.18.33 against the stand-in (test/agents/standins/openai-chat.ts): its own ids.
const OPENCODE_RECORDED = { runKey: "msg_237da1bd8001gO5X6seRcSdXKq", sessionId: "ses_dc825eed7ffeR0Gi33yY6AXTtH" };
const OPENCODE_RECORDED_429 = { ...OPENCODE_RECORDED, runKey: "msg_237da9392001vq2QdWd9fj8Tyz" };
const OPENCODE_RECORDED_ESC = { runKey: "msg_237e7be6b001k2FJLwpSl3iZFh", sessionId: "ses_dc8189846ffeiqOg7YUz6DnXGJ" };
const OPENCODE2 = { runKey: "evt_8a2f11d09b3eKc2Lw5Tz", sessionId: "ses_8a2f10c4e7ffQm4Ns7Vb" };
const AGY = "5e6f7081-92a3-4b4c-8d5e-6f708192a3b4";
const GEMINI = "7d1e2f30-4a5b-4c6d-8e9f-a0b1c2d3e4f5";
const NOW = new Date("2026-11-02T08:30:00.000Z");

const DEFAULTS: Record<ProviderId, { runKey: string; sessionId: string }> = {
  codex: { runKey: CODEX.turn, sessionId: CODEX.session },
  "claude-code": { runKey: CLAUDE.prompt, sessionId: CLAUDE.session },
  cursor: { runKey: CURSOR.generation, sessionId: CURSOR.conversation },
  opencode: { runKey: OPENCODE.run, sessionId: OPENCODE.session },
  antigravity: { runKey: AGY, sessionId: AGY },
};

type Expected =
  | {
      kind: EventKind;
      runKey?: string;
      sessionId?: string | null;
      message?: string;
      toolName?: string;
      toolUseId?: string;
      hook?: string;
    }
  | { ignored: string }
  | { error: "missing-run-key" | "invalid-payload" };

interface Row {
  rule: string;
  provider: ProviderId;
  fixture: string;
  /** argv event; default from the fixture name (cursor, antigravity); null = none. */
  event?: string | null;
  /** Shallow payload edits; `undefined` deletes the key. */
  patch?: Record<string, unknown>;
  expect: Expected;
}

const ROWS: Row[] = [
  // codex (docs/providers.md#codex)
  {
    rule: "codex SessionStart → idle, run key = session_id (no turn_id)",
    provider: "codex",
    fixture: "SessionStart",
    expect: { kind: "idle", runKey: CODEX.session },
  },
  {
    rule: "codex SessionStart compact is still idle (no compact rule for codex)",
    provider: "codex",
    fixture: "SessionStart-compact",
    expect: { kind: "idle", runKey: CODEX.session },
  },
  {
    rule: "codex UserPromptSubmit → started, run key = turn_id",
    provider: "codex",
    fixture: "UserPromptSubmit",
    expect: { kind: "started" },
  },
  {
    rule: "codex run key falls back to session_id",
    provider: "codex",
    fixture: "UserPromptSubmit-no-turn-id",
    expect: { kind: "started", runKey: CODEX.session },
  },
  {
    rule: "codex PermissionRequest → approval, message '<tool> requires approval'",
    provider: "codex",
    fixture: "PermissionRequest",
    expect: { kind: "approval-requested", toolName: "Bash", message: "Bash requires approval" },
  },
  {
    rule: "codex PermissionRequest NetworkAccess → approval",
    provider: "codex",
    fixture: "PermissionRequest-NetworkAccess",
    expect: { kind: "approval-requested", toolName: "NetworkAccess", message: "NetworkAccess requires approval" },
  },
  {
    rule: "codex PermissionRequest request_user_input → input",
    provider: "codex",
    fixture: "PermissionRequest-request_user_input",
    expect: { kind: "input-requested", toolName: "request_user_input" },
  },
  {
    rule: "codex PreToolUse request_user_input → input (its wait fires no hook of its own)",
    provider: "codex",
    fixture: "PreToolUse-request_user_input",
    expect: {
      kind: "input-requested",
      toolName: "request_user_input",
      toolUseId: "call_q4Rt8Vn1",
      message: "Which currency should invoices use?",
    },
  },
  {
    rule: "codex PostToolUse request_user_input → running (the question was answered)",
    provider: "codex",
    fixture: "PostToolUse-request_user_input",
    expect: { kind: "running", toolName: "request_user_input", toolUseId: "call_q4Rt8Vn1" },
  },
  {
    rule: "codex PreToolUse of any other tool is not a wait",
    provider: "codex",
    fixture: "PreToolUse",
    expect: { ignored: "not-a-question-tool" },
  },
  {
    rule: "codex a non-empty direct message wins over the approval fallback",
    provider: "codex",
    fixture: "PermissionRequest",
    patch: { message: "Allow cargo to add a crate?" },
    expect: { kind: "approval-requested", toolName: "Bash", message: "Allow cargo to add a crate?" },
  },
  {
    rule: "codex PostToolUse → running, keeps tool name and id",
    provider: "codex",
    fixture: "PostToolUse",
    expect: { kind: "running", toolName: "Bash", toolUseId: "call_b7Yq0Lm2" },
  },
  { rule: "codex Stop → succeeded", provider: "codex", fixture: "Stop", expect: { kind: "succeeded" } },
  {
    rule: "codex Stop without turn_id keys the session (reused across turns)",
    provider: "codex",
    fixture: "Stop-no-turn-id",
    expect: { kind: "succeeded", runKey: CODEX.session },
  },
  {
    rule: "codex StopFailure → failed, message error_details",
    provider: "codex",
    fixture: "StopFailure",
    expect: { kind: "failed", message: "502 Bad Gateway from upstream" },
  },
  {
    rule: "codex StopFailure message falls back to error",
    provider: "codex",
    fixture: "StopFailure-error-only",
    expect: { kind: "failed", message: "Blocked by the usage limit" },
  },
  { rule: "codex Interrupt → idle", provider: "codex", fixture: "Interrupt", expect: { kind: "idle" } },
  {
    rule: "codex SessionEnd → disconnected",
    provider: "codex",
    fixture: "SessionEnd",
    expect: { kind: "disconnected" },
  },
  {
    rule: "codex a subagent's UserPromptSubmit (agent_id) is not a turn of the user's",
    provider: "codex",
    fixture: "UserPromptSubmit-subagent",
    expect: { ignored: "subagent-prompt" },
  },
  {
    rule: "codex a subagent's approval still asks the user",
    provider: "codex",
    fixture: "PermissionRequest",
    patch: { agent_id: "01b2c3e9-4c5d-7e6f-8a7b-9c0d1e2f3a4b", agent_type: "explorer" },
    expect: { kind: "approval-requested", toolName: "Bash", message: "Bash requires approval" },
  },
  {
    rule: "codex other events are ignored",
    provider: "codex",
    fixture: "PreCompact",
    expect: { ignored: "unmapped-event" },
  },
  {
    rule: "codex mapped event without any run key → missing-run-key",
    provider: "codex",
    fixture: "UserPromptSubmit-no-ids",
    expect: { error: "missing-run-key" },
  },

  // claude-code (docs/providers.md#claude-code)
  {
    rule: "claude SessionStart → idle, run key = session_id",
    provider: "claude-code",
    fixture: "SessionStart",
    expect: { kind: "idle", runKey: CLAUDE.session },
  },
  {
    rule: "claude SessionStart resume → idle",
    provider: "claude-code",
    fixture: "SessionStart-resume",
    expect: { kind: "idle", runKey: CLAUDE.session },
  },
  {
    rule: "claude SessionStart carrying a prompt_id (compact) never parks the live run",
    provider: "claude-code",
    fixture: "SessionStart-compact",
    expect: { ignored: "session-start-mid-prompt" },
  },
  {
    rule: "claude SessionStart with a prompt_id is ignored whatever its source",
    provider: "claude-code",
    fixture: "SessionStart",
    patch: { prompt_id: CLAUDE.prompt },
    expect: { ignored: "session-start-mid-prompt" },
  },
  {
    rule: "claude SessionStart compact without prompt_id is ignored (old versions key runs by session)",
    provider: "claude-code",
    fixture: "SessionStart-compact-no-prompt-id",
    expect: { ignored: "session-start-compact" },
  },
  {
    rule: "claude UserPromptSubmit → started, run key = prompt_id",
    provider: "claude-code",
    fixture: "UserPromptSubmit",
    expect: { kind: "started" },
  },
  {
    rule: "claude run key falls back to session_id without prompt_id",
    provider: "claude-code",
    fixture: "UserPromptSubmit-no-prompt-id",
    expect: { kind: "started", runKey: CLAUDE.session },
  },
  {
    rule: "claude an invalid prompt_id counts as absent",
    provider: "claude-code",
    fixture: "UserPromptSubmit",
    patch: { prompt_id: "bad\nid" },
    expect: { kind: "started", runKey: CLAUDE.session },
  },
  {
    rule: "claude an invalid session_id is dropped (id hygiene), prompt_id still keys",
    provider: "claude-code",
    fixture: "UserPromptSubmit-bad-session-id",
    expect: { kind: "started", sessionId: null },
  },
  {
    rule: "claude PermissionRequest → approval with tool fallback message",
    provider: "claude-code",
    fixture: "PermissionRequest",
    expect: { kind: "approval-requested", toolName: "Bash", message: "Bash requires approval" },
  },
  {
    rule: "claude PermissionRequest AskUserQuestion → input",
    provider: "claude-code",
    fixture: "PermissionRequest-AskUserQuestion",
    expect: { kind: "input-requested", toolName: "AskUserQuestion" },
  },
  {
    rule: "claude PermissionRequest tool 'question' → input",
    provider: "claude-code",
    fixture: "PermissionRequest",
    patch: { tool_name: "question" },
    expect: { kind: "input-requested", toolName: "question" },
  },
  {
    rule: "claude tool names lose Cc/Cf characters before use",
    provider: "claude-code",
    fixture: "PermissionRequest-control-chars",
    expect: {
      kind: "approval-requested",
      toolName: "mcp__tickets__createissue",
      message: "mcp__tickets__createissue requires approval",
    },
  },
  {
    rule: "claude PostToolBatch → running",
    provider: "claude-code",
    fixture: "PostToolBatch",
    expect: { kind: "running" },
  },
  {
    rule: "claude PostToolUse is recognised but not mapped",
    provider: "claude-code",
    fixture: "PostToolUse",
    expect: { ignored: "unmapped-event" },
  },
  {
    rule: "claude PostToolUseFailure is recognised but not mapped",
    provider: "claude-code",
    fixture: "PostToolUseFailure",
    expect: { ignored: "unmapped-event" },
  },
  {
    rule: "claude other hook events are ignored",
    provider: "claude-code",
    fixture: "Stop",
    patch: { hook_event_name: "SubagentStop" },
    expect: { ignored: "unmapped-event" },
  },
  {
    rule: "claude Notification permission_prompt → approval, message from payload",
    provider: "claude-code",
    fixture: "Notification-permission_prompt",
    expect: { kind: "approval-requested", message: "Claude needs your permission to use Write" },
  },
  {
    rule: "claude Notification agent_needs_input → input",
    provider: "claude-code",
    fixture: "Notification-agent_needs_input",
    expect: { kind: "input-requested", message: "A background session needs input" },
  },
  {
    rule: "claude Notification elicitation_dialog → input",
    provider: "claude-code",
    fixture: "Notification-elicitation_dialog",
    expect: { kind: "input-requested", message: "Server 'crm' asks for an account id" },
  },
  {
    rule: "claude Notification elicitation_url_dialog → input",
    provider: "claude-code",
    fixture: "Notification-elicitation_url_dialog",
    expect: { kind: "input-requested", message: "Server 'crm' wants you to sign in" },
  },
  {
    rule: "claude Notification agent_completed → succeeded",
    provider: "claude-code",
    fixture: "Notification-agent_completed",
    expect: { kind: "succeeded", message: "A background session finished" },
  },
  {
    rule: "claude Notification idle_prompt is never mapped",
    provider: "claude-code",
    fixture: "Notification-idle_prompt",
    expect: { ignored: "notification-idle_prompt" },
  },
  {
    rule: "claude Notification of any other type is ignored",
    provider: "claude-code",
    fixture: "Notification-auth_success",
    expect: { ignored: "notification-auth_success" },
  },
  {
    rule: "claude Stop with empty background_tasks → succeeded",
    provider: "claude-code",
    fixture: "Stop",
    expect: { kind: "succeeded" },
  },
  {
    rule: "claude Stop without background_tasks counts zero → succeeded",
    provider: "claude-code",
    fixture: "Stop-no-background-array",
    expect: { kind: "succeeded" },
  },
  {
    rule: "claude Stop with an in-flight subagent → running, shell not counted",
    provider: "claude-code",
    fixture: "Stop-background-subagent",
    expect: { kind: "running", message: "Waiting for 1 background agent" },
  },
  {
    rule: "claude Stop counts subagent without status and Workflow/Running case-insensitively; skips finished and untyped",
    provider: "claude-code",
    fixture: "Stop-background-two-agents",
    expect: { kind: "running", message: "Waiting for 2 background agents" },
  },
  {
    rule: "claude Stop whose agents all finished (every finished status) → succeeded",
    provider: "claude-code",
    fixture: "Stop-background-finished",
    expect: { kind: "succeeded" },
  },
  {
    rule: "claude Stop with only a shell in flight → succeeded",
    provider: "claude-code",
    fixture: "Stop-background-shell-only",
    expect: { kind: "succeeded" },
  },
  {
    rule: "claude Stop with monitor/teammate/cloud/MCP tasks in flight → succeeded",
    provider: "claude-code",
    fixture: "Stop-background-other-types",
    expect: { kind: "succeeded" },
  },
  {
    rule: "claude StopFailure → failed, message error_details",
    provider: "claude-code",
    fixture: "StopFailure",
    expect: { kind: "failed", message: "529 Overloaded" },
  },
  {
    rule: "claude StopFailure rate_limit says the usage limit blocked it",
    provider: "claude-code",
    fixture: "StopFailure-rate-limit",
    expect: { kind: "failed", message: "Blocked by the usage limit: 429 Too Many Requests" },
  },
  {
    rule: "claude StopFailure message falls back to last_assistant_message",
    provider: "claude-code",
    fixture: "StopFailure-no-details",
    expect: { kind: "failed", message: "API Error: 500" },
  },
  {
    rule: "claude StopFailure message falls back to error",
    provider: "claude-code",
    fixture: "StopFailure-error-only",
    expect: { kind: "failed", message: "billing_error" },
  },
  {
    rule: "claude SessionEnd → disconnected on the last prompt_id",
    provider: "claude-code",
    fixture: "SessionEnd",
    expect: { kind: "disconnected" },
  },
  {
    rule: "claude payload from Cursor (conversation_id + generation_id) → foreign-host",
    provider: "claude-code",
    fixture: "UserPromptSubmit-foreign-cursor",
    expect: { ignored: "foreign-host" },
  },
  {
    rule: "claude payload from Cursor (conversation_id + cursor_version) → foreign-host",
    provider: "claude-code",
    fixture: "Stop-foreign-cursor-version",
    expect: { ignored: "foreign-host" },
  },
  {
    rule: "claude mapped event without any run key → missing-run-key",
    provider: "claude-code",
    fixture: "Stop-no-ids",
    expect: { error: "missing-run-key" },
  },

  // cursor (docs/providers.md#cursor-cli; event name from argv)
  {
    rule: "cursor beforeSubmitPrompt → started, key generation_id, session conversation_id",
    provider: "cursor",
    fixture: "beforeSubmitPrompt",
    expect: { kind: "started", hook: "beforeSubmitPrompt" },
  },
  {
    rule: "cursor run key falls back to the session id",
    provider: "cursor",
    fixture: "beforeSubmitPrompt-no-generation-id",
    expect: { kind: "started", runKey: CURSOR.conversation },
  },
  {
    rule: "cursor session id accepts the CLI's session_id alias",
    provider: "cursor",
    fixture: "beforeSubmitPrompt-no-generation-id",
    patch: { conversation_id: undefined, session_id: "cli-sess-42" },
    expect: { kind: "started", runKey: "cli-sess-42", sessionId: "cli-sess-42" },
  },
  {
    rule: "cursor mapped event without any run key → missing-run-key",
    provider: "cursor",
    fixture: "beforeSubmitPrompt-no-ids",
    expect: { error: "missing-run-key" },
  },
  {
    rule: "cursor preToolUse → running, message tool_name, keeps tool id for the estimate",
    provider: "cursor",
    fixture: "preToolUse",
    expect: { kind: "running", message: "Delete", toolName: "Delete", toolUseId: "toolu_del_01", hook: "preToolUse" },
  },
  {
    rule: "cursor postToolUse → running, keeps tool id",
    provider: "cursor",
    fixture: "postToolUse",
    expect: { kind: "running", toolName: "Delete", toolUseId: "toolu_del_01", hook: "postToolUse" },
  },
  {
    rule: "cursor postToolUseFailure → running",
    provider: "cursor",
    fixture: "postToolUseFailure",
    expect: { kind: "running", toolName: "Shell", toolUseId: "toolu_sh_02", hook: "postToolUseFailure" },
  },
  {
    rule: "cursor preToolUse tool_use_id with a newline is stripped, not rejected",
    provider: "cursor",
    fixture: "preToolUse-newline-id",
    expect: { kind: "running", message: "Shell", toolName: "Shell", toolUseId: "call-a1b2-1fc_c3d4_1" },
  },
  {
    rule: "cursor postToolUse strips the same id the same way",
    provider: "cursor",
    fixture: "postToolUse-newline-id",
    expect: { kind: "running", toolName: "Shell", toolUseId: "call-a1b2-1fc_c3d4_1" },
  },
  {
    rule: "cursor beforeShellExecution (legacy) → running, message command",
    provider: "cursor",
    fixture: "beforeShellExecution",
    expect: { kind: "running", message: "cargo fmt" },
  },
  {
    rule: "cursor afterShellExecution (legacy) → running",
    provider: "cursor",
    fixture: "afterShellExecution",
    expect: { kind: "running", message: "cargo fmt" },
  },
  { rule: "cursor stop completed → succeeded", provider: "cursor", fixture: "stop", expect: { kind: "succeeded" } },
  {
    rule: "cursor stop error → failed, message error",
    provider: "cursor",
    fixture: "stop-error",
    expect: { kind: "failed", message: "Upstream model timed out" },
  },
  {
    rule: "cursor stop aborted → disconnected",
    provider: "cursor",
    fixture: "stop-aborted",
    expect: { kind: "disconnected" },
  },
  {
    rule: "cursor stop without status → succeeded",
    provider: "cursor",
    fixture: "stop-no-status",
    expect: { kind: "succeeded" },
  },
  {
    rule: "cursor stop with unknown status → succeeded",
    provider: "cursor",
    fixture: "stop-unknown-status",
    expect: { kind: "succeeded" },
  },
  {
    rule: "cursor event name from argv when the payload has none",
    provider: "cursor",
    fixture: "stop-argv-only",
    expect: { kind: "failed", message: "Quota exceeded", hook: "stop" },
  },
  {
    rule: "cursor argv event name wins over the payload's",
    provider: "cursor",
    fixture: "preToolUse",
    event: "postToolUse",
    expect: { kind: "running", toolName: "Delete", toolUseId: "toolu_del_01", hook: "postToolUse" },
  },
  {
    rule: "cursor falls back to payload hook_event_name without argv",
    provider: "cursor",
    fixture: "preToolUse",
    event: null,
    expect: { kind: "running", message: "Delete", toolName: "Delete", toolUseId: "toolu_del_01", hook: "preToolUse" },
  },
  {
    rule: "cursor sessionStart → idle, session from the session_id Cursor also sends",
    provider: "cursor",
    fixture: "sessionStart",
    expect: { kind: "idle", hook: "sessionStart", sessionId: CURSOR.conversation },
  },
  {
    rule: "cursor sessionEnd completed → succeeded (ends a headless agent -p run)",
    provider: "cursor",
    fixture: "sessionEnd",
    expect: { kind: "succeeded", hook: "sessionEnd" },
  },
  {
    rule: "cursor sessionEnd error → failed, message error_message",
    provider: "cursor",
    fixture: "sessionEnd-error",
    expect: { kind: "failed", message: "Model provider returned 529 overloaded" },
  },
  {
    rule: "cursor sessionEnd window_close → disconnected",
    provider: "cursor",
    fixture: "sessionEnd-window-close",
    expect: { kind: "disconnected" },
  },
  {
    rule: "cursor sessionEnd without generation_id keys the session",
    provider: "cursor",
    fixture: "sessionEnd-no-generation-id",
    expect: { kind: "succeeded", runKey: CURSOR.conversation },
  },
  {
    rule: "cursor subagentStart → running, message subagent type",
    provider: "cursor",
    fixture: "subagentStart",
    expect: { kind: "running", message: "explore" },
  },
  {
    rule: "cursor subagentStop → running (the parent generation goes on)",
    provider: "cursor",
    fixture: "subagentStop",
    expect: { kind: "running" },
  },
  {
    rule: "cursor other events are ignored",
    provider: "cursor",
    fixture: "beforeSubmitPrompt",
    event: "afterAgentThought",
    expect: { ignored: "unmapped-event" },
  },

  // opencode (docs/providers.md#opencode; plugin envelope)
  {
    rule: "opencode message.updated from the user → started, key run_id",
    provider: "opencode",
    fixture: "message.updated",
    expect: { kind: "started", hook: "message.updated" },
  },
  {
    rule: "opencode message.updated from the assistant is ignored",
    provider: "opencode",
    fixture: "message.updated-assistant",
    expect: { ignored: "not-a-user-message" },
  },
  {
    rule: "opencode the user message's summary update (after session.idle) is not a new prompt",
    provider: "opencode",
    fixture: "message.updated-summary",
    expect: { ignored: "summary-update" },
  },
  {
    rule: "opencode permission.asked → approval, message from permission + patterns",
    provider: "opencode",
    fixture: "permission.asked",
    expect: {
      kind: "approval-requested",
      toolName: "edit",
      message: "edit requires approval: src/invoice.rs, src/tax.rs",
    },
  },
  {
    rule: "opencode permission.asked without patterns → '<permission> requires approval'",
    provider: "opencode",
    fixture: "permission.asked-no-patterns",
    expect: { kind: "approval-requested", toolName: "webfetch", message: "webfetch requires approval" },
  },
  {
    rule: "opencode permission title wins when present",
    provider: "opencode",
    fixture: "permission.updated",
    expect: { kind: "approval-requested", toolName: "bash", message: "cargo publish --dry-run" },
  },
  {
    rule: "opencode permission.replied → running",
    provider: "opencode",
    fixture: "permission.replied",
    expect: { kind: "running" },
  },
  {
    rule: "opencode question.asked → input, message questions[0].header",
    provider: "opencode",
    fixture: "question.asked",
    expect: { kind: "input-requested", message: "Rounding" },
  },
  {
    rule: "opencode question.replied → running",
    provider: "opencode",
    fixture: "question.replied",
    expect: { kind: "running" },
  },
  {
    rule: "opencode question.rejected → running",
    provider: "opencode",
    fixture: "question.rejected",
    expect: { kind: "running" },
  },
  {
    rule: "opencode session.idle → succeeded",
    provider: "opencode",
    fixture: "session.idle",
    expect: { kind: "succeeded" },
  },
  {
    rule: "opencode session.error → failed, message error.data.message",
    provider: "opencode",
    fixture: "session.error",
    expect: { kind: "failed", message: "API key rejected" },
  },
  {
    rule: "opencode session.error message falls back to error.message",
    provider: "opencode",
    fixture: "session.error-plain-message",
    expect: { kind: "failed", message: "socket hang up" },
  },
  {
    rule: "opencode session.error APIError 500 (recorded, 1.18.33) → failed with the provider's message",
    provider: "opencode",
    fixture: "session.error-500",
    expect: { kind: "failed", message: "stand-in exploded", ...OPENCODE_RECORDED },
  },
  {
    rule: "opencode session.error APIError 429 (recorded, 1.18.33) → failed, blocked by the usage limit",
    provider: "opencode",
    fixture: "session.error-429",
    expect: { kind: "failed", message: "Blocked by the usage limit: Rate limit reached", ...OPENCODE_RECORDED_429 },
  },
  {
    rule: "opencode assistant message.updated ending in MessageAbortedError (recorded, 1.18.33: Esc) → idle",
    provider: "opencode",
    fixture: "message.updated-assistant-aborted",
    expect: { kind: "idle", ...OPENCODE_RECORDED_ESC },
  },
  {
    rule: "opencode session.error MessageAbortedError (user abort) → idle, not failed",
    provider: "opencode",
    fixture: "session.error-aborted",
    expect: { kind: "idle" },
  },
  {
    rule: "opencode other bus events are ignored",
    provider: "opencode",
    fixture: "session.status",
    expect: { ignored: "unmapped-event" },
  },

  // opencode 2.x (body under `data`; run id = the session.execution.started event's id)
  {
    rule: "opencode2 session.execution.started → started",
    provider: "opencode",
    fixture: "v2-session.execution.started",
    expect: { kind: "started", ...OPENCODE2, hook: "session.execution.started" },
  },
  {
    rule: "opencode2 permission.v2.asked → approval, tool = action, message from resources",
    provider: "opencode",
    fixture: "v2-permission.v2.asked",
    expect: {
      kind: "approval-requested",
      ...OPENCODE2,
      toolName: "bash",
      message: "bash requires approval: cargo publish --dry-run",
    },
  },
  {
    rule: "opencode2 permission.v2.replied → running",
    provider: "opencode",
    fixture: "v2-permission.v2.replied",
    expect: { kind: "running", ...OPENCODE2 },
  },
  {
    rule: "opencode2 legacy permission.asked with its body under data → approval",
    provider: "opencode",
    fixture: "v2-permission.asked",
    expect: {
      kind: "approval-requested",
      ...OPENCODE2,
      toolName: "edit",
      message: "edit requires approval: src/invoice.rs",
    },
  },
  {
    rule: "opencode2 question.v2.asked → input, message header",
    provider: "opencode",
    fixture: "v2-question.v2.asked",
    expect: { kind: "input-requested", ...OPENCODE2, message: "Rounding" },
  },
  {
    rule: "opencode2 question.v2.replied → running",
    provider: "opencode",
    fixture: "v2-question.v2.replied",
    expect: { kind: "running", ...OPENCODE2 },
  },
  {
    rule: "opencode2 form.created → input, session from form.sessionID, message title",
    provider: "opencode",
    fixture: "v2-form.created",
    expect: { kind: "input-requested", ...OPENCODE2, message: "Deploy target" },
  },
  {
    rule: "opencode2 form.replied → running",
    provider: "opencode",
    fixture: "v2-form.replied",
    expect: { kind: "running", ...OPENCODE2 },
  },
  {
    rule: "opencode2 form.cancelled → running",
    provider: "opencode",
    fixture: "v2-form.cancelled",
    expect: { kind: "running", ...OPENCODE2 },
  },
  {
    rule: "opencode2 session.execution.succeeded → succeeded",
    provider: "opencode",
    fixture: "v2-session.execution.succeeded",
    expect: { kind: "succeeded", ...OPENCODE2 },
  },
  {
    rule: "opencode2 session.idle (data) → succeeded",
    provider: "opencode",
    fixture: "v2-session.idle",
    expect: { kind: "succeeded", ...OPENCODE2 },
  },
  {
    rule: "opencode2 session.execution.failed → failed, message error.message",
    provider: "opencode",
    fixture: "v2-session.execution.failed",
    expect: { kind: "failed", ...OPENCODE2, message: "Overloaded: retry later" },
  },
  {
    rule: "opencode2 session.execution.failed by MessageAbortedError → idle",
    provider: "opencode",
    fixture: "v2-session.execution.failed-aborted",
    expect: { kind: "idle", ...OPENCODE2 },
  },
  {
    rule: "opencode2 session.execution.interrupted (user) → idle",
    provider: "opencode",
    fixture: "v2-session.execution.interrupted",
    expect: { kind: "idle", ...OPENCODE2 },
  },
  {
    rule: "opencode2 session.execution.interrupted (shutdown) → disconnected",
    provider: "opencode",
    fixture: "v2-session.execution.interrupted-shutdown",
    expect: { kind: "disconnected", ...OPENCODE2 },
  },
  {
    rule: "opencode envelope without run_id → missing-run-key",
    provider: "opencode",
    fixture: "session.idle-no-run-id",
    expect: { error: "missing-run-key" },
  },
  {
    rule: "opencode payload that is not the plugin envelope → invalid-payload",
    provider: "opencode",
    fixture: "not-an-envelope",
    expect: { error: "invalid-payload" },
  },

  // claude-code Elicitation hooks (2.1.76+)
  {
    rule: "claude Elicitation → input, message from the server",
    provider: "claude-code",
    fixture: "Elicitation",
    expect: { kind: "input-requested", message: "Which account should the invoice go to?" },
  },
  {
    rule: "claude Elicitation without a message names the server",
    provider: "claude-code",
    fixture: "Elicitation-url-no-message",
    expect: { kind: "input-requested", message: "github asks for input" },
  },
  {
    rule: "claude ElicitationResult → running (answered, declined or cancelled)",
    provider: "claude-code",
    fixture: "ElicitationResult",
    expect: { kind: "running" },
  },

  // Gemini CLI, provider antigravity (hook_event_name decides; the helper passes no argv event)
  {
    rule: "gemini SessionStart → idle, run key = session_id",
    provider: "antigravity",
    fixture: "gemini-SessionStart",
    event: null,
    expect: { kind: "idle", runKey: GEMINI, sessionId: GEMINI, hook: "SessionStart" },
  },
  {
    rule: "gemini BeforeAgent → running (also clears an approval a denied tool left)",
    provider: "antigravity",
    fixture: "gemini-BeforeAgent",
    event: null,
    expect: { kind: "running", runKey: GEMINI, sessionId: GEMINI },
  },
  {
    rule: "gemini Notification ToolPermission → approval, message as sent",
    provider: "antigravity",
    fixture: "gemini-Notification-ToolPermission",
    event: null,
    expect: {
      kind: "approval-requested",
      runKey: GEMINI,
      sessionId: GEMINI,
      message: "Tool Confirm Shell Command requires execution",
    },
  },
  {
    rule: "gemini other notification types are ignored",
    provider: "antigravity",
    fixture: "gemini-Notification-ToolPermission",
    event: null,
    patch: { notification_type: "Other" },
    expect: { ignored: "notification-Other" },
  },
  {
    rule: "gemini AfterTool → running, tool name",
    provider: "antigravity",
    fixture: "gemini-AfterTool",
    event: null,
    expect: { kind: "running", runKey: GEMINI, sessionId: GEMINI, toolName: "run_shell_command" },
  },
  {
    rule: "gemini AfterAgent → succeeded",
    provider: "antigravity",
    fixture: "gemini-AfterAgent",
    event: null,
    expect: { kind: "succeeded", runKey: GEMINI, sessionId: GEMINI },
  },
  {
    rule: "gemini AfterAgent without response text (Esc or an API error, 0.61.0) → idle, not succeeded",
    provider: "antigravity",
    fixture: "gemini-AfterAgent-no-response",
    event: null,
    expect: {
      kind: "idle",
      runKey: GEMINI,
      sessionId: GEMINI,
      message: "Ended without a response (stopped, or an API error)",
    },
  },
  {
    rule: "gemini SessionEnd → disconnected",
    provider: "antigravity",
    fixture: "gemini-SessionEnd",
    event: null,
    expect: { kind: "disconnected", runKey: GEMINI, sessionId: GEMINI },
  },
  {
    rule: "gemini other events are ignored",
    provider: "antigravity",
    fixture: "gemini-PreCompress",
    event: null,
    expect: { ignored: "unmapped-event" },
  },
  {
    rule: "gemini payload wins over an argv event name",
    provider: "antigravity",
    fixture: "gemini-AfterAgent",
    event: "Stop",
    expect: { kind: "succeeded", runKey: GEMINI, sessionId: GEMINI },
  },

  // antigravity (docs/providers.md#antigravity)
  {
    rule: "antigravity PreInvocation (invocationNum) → running, key conversationId",
    provider: "antigravity",
    fixture: "PreInvocation",
    expect: { kind: "running", hook: "PreInvocation" },
  },
  {
    rule: "antigravity PostInvocation → running",
    provider: "antigravity",
    fixture: "PostInvocation",
    expect: { kind: "running", hook: "PostInvocation" },
  },
  {
    rule: "antigravity payload shape decides without argv (invocationNum)",
    provider: "antigravity",
    fixture: "PreInvocation",
    event: null,
    expect: { kind: "running", hook: "Invocation" },
  },
  {
    rule: "antigravity Stop NO_TOOL_CALL → succeeded",
    provider: "antigravity",
    fixture: "Stop",
    expect: { kind: "succeeded" },
  },
  {
    rule: "antigravity Stop model_stop → succeeded",
    provider: "antigravity",
    fixture: "Stop-model-stop",
    expect: { kind: "succeeded" },
  },
  {
    rule: "antigravity payload with fullyIdle is a Stop without argv",
    provider: "antigravity",
    fixture: "Stop-error",
    event: null,
    expect: { kind: "failed", message: "Quota exhausted for model", hook: "Stop" },
  },
  {
    rule: "antigravity terminationReason error → failed, message error",
    provider: "antigravity",
    fixture: "Stop-error",
    expect: { kind: "failed", message: "Quota exhausted for model" },
  },
  {
    rule: "antigravity terminationReason compared case-insensitively (MAX_STEPS_EXCEEDED)",
    provider: "antigravity",
    fixture: "Stop-uppercase-max-steps",
    expect: { kind: "failed", message: "MAX_STEPS_EXCEEDED" },
  },
  {
    rule: "antigravity a non-empty error fails the run whatever the reason",
    provider: "antigravity",
    fixture: "Stop-error-text-only",
    expect: { kind: "failed", message: "tool crashed" },
  },
  {
    rule: "antigravity Stop with fullyIdle false → running",
    provider: "antigravity",
    fixture: "Stop-not-fully-idle",
    expect: { kind: "running" },
  },
  {
    rule: "antigravity mapped event without conversationId → missing-run-key",
    provider: "antigravity",
    fixture: "Stop-no-conversation-id",
    expect: { error: "missing-run-key" },
  },
  {
    rule: "antigravity other hooks (PreToolUse) are ignored",
    provider: "antigravity",
    fixture: "PreToolUse",
    expect: { ignored: "unmapped-event" },
  },
];

function payloadOf(row: Row): Record<string, unknown> {
  const payload = loadFixture(row.provider, row.fixture);
  for (const [key, value] of Object.entries(row.patch ?? {})) {
    if (value === undefined) delete payload[key];
    else payload[key] = value;
  }
  return payload;
}

function run(row: Row): MapResult {
  const event = row.event === null ? undefined : (row.event ?? fixtureEvent(row.provider, row.fixture));
  return mapPayload({ provider: row.provider, event, payload: payloadOf(row), now: NOW });
}

describe("mapPayload: one row per rule", () => {
  it.each(ROWS.map((row) => [row.rule, row] as const))("%s", (_rule, row) => {
    const result = run(row);
    const want = row.expect;
    if ("ignored" in want) {
      expect(result).toEqual({ status: "ignored", reason: want.ignored });
    } else if ("error" in want) {
      expect(result.status === "error" ? result.code : result.status).toBe(want.error);
    } else {
      expect(result.status).toBe("mapped");
      if (result.status !== "mapped") return;
      const defaults = DEFAULTS[row.provider];
      const { event } = result;
      expect({
        kind: event.kind,
        runKey: event.runKey,
        sessionId: event.sessionId,
        message: event.message,
        toolName: event.toolName,
        toolUseId: event.toolUseId,
      }).toStrictEqual({
        kind: want.kind,
        runKey: want.runKey ?? defaults.runKey,
        sessionId: want.sessionId === null ? undefined : (want.sessionId ?? defaults.sessionId),
        message: want.message,
        toolName: want.toolName,
        toolUseId: want.toolUseId,
      });
      if (want.hook !== undefined) expect(event.hook).toBe(want.hook);
    }
  });
});

describe("mapPayload: what every mapped event shares", () => {
  const mapped = ROWS.filter((row) => "kind" in row.expect);

  it.each(mapped.map((row) => [row.rule, row] as const))("valid event with stable ids: %s", (_rule, row) => {
    const result = run(row);
    if (result.status !== "mapped") throw new Error(`expected mapped, got ${JSON.stringify(result)}`);
    const { event } = result;
    expect(AgentEventSchema.parse(event)).toEqual(event);
    expect(event.id).toBe(eventId(row.provider, event.kind, payloadOf(row)));
    expect(event.runId).toBe(runId(row.provider, event.runKey));
    expect(event.at).toBe(NOW.toISOString());
    expect(event.v).toBe(1);
  });

  it("every fixture file is exercised by at least one rule row", () => {
    const used = new Set(ROWS.map((row) => `${row.provider}/${row.fixture}`));
    const unused = listFixtures().filter((f) => !used.has(`${f.provider}/${f.name}`));
    expect(unused).toEqual([]);
  });

  it("takes cwd from the payload, workspace roots, or the spool header, in that order", () => {
    const cwdOf = (provider: ProviderId, name: string, cwd?: string) => {
      const r = mapPayload({
        provider,
        event: fixtureEvent(provider, name),
        payload: loadFixture(provider, name),
        now: NOW,
        cwd,
      });
      return r.status === "mapped" ? r.event.cwd : r.status;
    };
    expect(cwdOf("claude-code", "UserPromptSubmit", "/elsewhere")).toBe("/home/sam/work/billing");
    expect(cwdOf("cursor", "beforeSubmitPrompt", "/elsewhere")).toBe("/home/sam/work/billing");
    expect(cwdOf("antigravity", "PreInvocation")).toBe("/home/sam/work/billing");
    expect(cwdOf("opencode", "session.idle", "/from/header")).toBe("/from/header");
    expect(cwdOf("opencode", "session.idle")).toBeUndefined();
  });

  it("caps long messages at the event schema's 1000 units on one line", () => {
    const payload = { ...loadFixture("claude-code", "StopFailure"), error_details: `line one\n\n${"x".repeat(5000)}` };
    const r = mapPayload({ provider: "claude-code", payload, now: NOW });
    if (r.status !== "mapped") throw new Error("expected mapped");
    expect(r.event.message).toBe(`line one ${"x".repeat(991)}`);
  });

  it("rejects a payload that is not an object", () => {
    const r = mapPayload({ provider: "codex", payload: [] as unknown as Record<string, unknown>, now: NOW });
    expect(r).toEqual({ status: "error", code: "invalid-payload", message: "payload is not a JSON object" });
  });
});
