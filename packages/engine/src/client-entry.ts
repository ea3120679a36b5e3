// `@mytty-bar/engine/client`: the control-socket client and the few pure helpers a client needs, for
// CLIs on a startup budget (mytty-team list/wait, mytty-doctor status): loading it loads no engine,
// detect, installers or zod — only node:net.
export * from "./control/client.js";
export { WAIT_CONDITIONS, type WaitCondition } from "./policy/wait.js";
export { socketFromTmuxEnv, type Nearness } from "./resolve.js";
export type { AgentRow, Stats } from "./snapshot.js";
export type { PingResult, WaitResult } from "./control/messages.js";
