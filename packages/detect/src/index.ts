export * from "./types.js";
export {
  classifyProcess,
  providerOf,
  variantOf,
  parseHint,
  isShell,
  isWrapper,
  type Classification,
} from "./classify.js";
export { ClassificationCache } from "./cache.js";
export { ProcessTable, processKey } from "./table.js";
export {
  foregroundAgent,
  foregroundGroup,
  searchDescendants,
  DESCENDANT_LIMITS,
  type ForegroundAgent,
} from "./foreground.js";
export { roleOf, appFromEnv, describeHost } from "./host.js";
export {
  TmuxWatcher,
  tmuxQueryArgs,
  socketOptions,
  serverSocket,
  parsePanes,
  parseClients,
  sanitizeLabel,
  MAX_LABEL_CHARS,
  type TmuxPane,
  type TmuxClient,
  type TmuxServerState,
} from "./tmux.js";
export { parsePsList, parseEnvListing, parseEnvTail, PS_LIST_ARGS } from "./ps-parse.js";
export { defaultExec, defaultEffects, type Exec, type DetectEffects } from "./effects.js";
export { createPsSource } from "./sources/ps.js";
export { createProcSource, parseStat, ttyFromNr, unixSocketsOf } from "./sources/proc.js";
export { createPsListSource } from "./sources/ps-list.js";
export { scopedSource, withinTree } from "./sources/scoped.js";
export { loadFixture, replayExec, type FixtureManifest, type Fixture } from "./sources/fixture.js";
export {
  createScanner,
  createSource,
  defaultSourceKind,
  type Scanner,
  type ScannerOptions,
  type JoinResult,
  type SourceKind,
} from "./scanner.js";
export {
  parseProcNetTcp,
  parseLsofTcp,
  listeningUnixInodes,
  connectionsOf,
  normaliseAddr,
  type Endpoint,
  type TcpConnection,
  type TcpEntry,
} from "./sockets.js";
export { procSocketReader, lsofSocketReader, defaultSocketReader, type SocketReader } from "./sources/tcp.js";
