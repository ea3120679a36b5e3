// `@mytty-bar/engine/client`: the control-socket client, the checks of its replies and the few pure
// helpers a client needs, for CLIs on a startup budget (mytty-team, mytty-doctor status): loading it
// loads no engine, detect, installers or zod — only node:net.
export * from "./control/client.js";
export * from "./control/replies.js";
export { WAIT_CONDITIONS, type WaitCondition } from "./policy/wait.js";
export { sshConnectionParts } from "./remote/ssh-connection.js";
export { resolveAgent, rowTmuxSocket, socketFromTmuxEnv, type Nearness, type Resolved } from "./resolve.js";
export type { AgentRow, HostStatus, Stats } from "./snapshot.js";
export type { PingResult, WaitResult } from "./control/messages.js";
