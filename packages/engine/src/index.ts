export * from "./snapshot.js";
export * from "./ports.js";
export * from "./settings.js";
export * from "./settings-facts.js";
export * from "./wording.js";
export { ATTENTION_URGENCY } from "./policy/urgency.js";
export {
  formatAnswer,
  requestSummary,
  AnswerSchema,
  type Answer,
  type AnswerDecision,
  type AnswerResult,
  type AnswerSource,
  type Answered,
  type HeldRequest,
} from "@mytty-bar/protocol";
export { createEngine, type Engine, type EngineOptions } from "./engine.js";
export { acquireEngineLock, EngineAlreadyRunningError, readPid, type EngineLock } from "./lock.js";
export { isAlivePid } from "./pid.js";
export {
  connect,
  request,
  requests,
  watch,
  EngineNotRunningError,
  ControlClientError,
  ENGINE_NOT_RUNNING_MESSAGE,
  type ClientRequest,
  type Watch,
} from "./control/client.js";
export {
  CONTROL_MAX_LINE_BYTES,
  NOTE_MAX_CHARS,
  type ControlRequest,
  type PingResult,
  type WaitResult,
} from "./control/messages.js";
export { WAIT_CONDITIONS, waitReached, type WaitCondition } from "./policy/wait.js";
export { trayModel } from "./policy/tray.js";
export { decideNotices, emptyNotifyHistory, type NotifyHistory } from "./policy/notify.js";
export { shouldHoldSleep } from "./policy/sleep.js";
export { resolveAgent, rowTmuxSocket, socketFromTmuxEnv, type Nearness } from "./resolve.js";
// Insights for front ends: the low-context warning and resume commands (popup, TUI, notifications).
export {
  contextWarning,
  formatContextLeft,
  agentResumeCommand,
  DEFAULT_LOW_CONTEXT_PERCENT,
  INSIGHT_SUPPORT,
  type ContextWarning,
  type InsightSupport,
  type AgentInsight,
} from "./insights/index.js";
// Watched hosts (docs/remote.md#watching-a-host): the streamer the engine runs there, and the stop `remote remove` sends.
export { streamerScript, stopScript, REMOTE_LINGER_SECONDS } from "./remote/streamer.js";
