export { parseDestination, type Destination, type ParsedDestination } from "./destination.js";
export { remoteInvocation, checkCommand, sshOverride, type Invocation } from "./command.js";
export {
  runRemote,
  remoteRunner,
  DEFAULT_TIMEOUT_MS,
  type RemoteResult,
  type RemoteRunner,
  type RunOptions,
  type Reply,
} from "./run.js";
export { classifyFailure, type FailureKind, type RemoteFailure } from "./failure.js";
export { remoteShell, RemoteError, type RemoteShell } from "./shell.js";
