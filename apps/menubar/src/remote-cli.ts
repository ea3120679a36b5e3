// `mytty-bar remote add|list|remove <destination>`: the hosts the engine watches over the user's own
// ssh (docs/remote.md#watching-a-host). Settings `remotes` is the one home of the list; a running
// engine picks a change up on its next poll.
import { Command } from "commander";
import {
  EngineNotRunningError,
  loadSettings,
  request,
  saveSettings,
  stopScript,
  REMOTE_LINGER_SECONDS,
  REMOTES_MAX,
  type Snapshot,
} from "@mytty-bar/engine";
import { resolvePaths, type Paths } from "@mytty-bar/paths";
import { parseDestination, runRemote } from "@mytty-bar/remote";
import { remoteText } from "./messages.js";

export interface RemoteCliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  paths: Paths;
}

export interface HostLine {
  host: string;
  state: "connecting" | "connected" | "disconnected" | "engine-not-running";
  since?: string;
  problem?: string;
  helperMissing?: boolean;
}

export async function remoteMain(args: string[], io: Partial<RemoteCliIo> = {}): Promise<number> {
  const env = io.env ?? process.env;
  const ctx: RemoteCliIo = {
    out: io.out ?? ((line) => process.stdout.write(`${line}\n`)),
    err: io.err ?? ((line) => process.stderr.write(`${line}\n`)),
    env,
    paths: io.paths ?? resolvePaths({ env }),
  };
  let code = 0;
  const program = new Command("mytty-bar remote")
    .description("hosts whose agents Mytty Bar watches over your own ssh")
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.out(s.trimEnd()), writeErr: (s) => ctx.err(s.trimEnd()) });
  program
    .command("add <destination>")
    .description("watch a host: an ssh destination (devbox, alex@devbox) or docker://<container>")
    .action(async (dest: string) => {
      code = await add(ctx, dest);
    });
  program
    .command("list")
    .description("the watched hosts and their links")
    .option("--json", "one JSON array")
    .action(async (opts: { json?: boolean }) => {
      code = await list(ctx, opts.json === true);
    });
  program
    .command("remove <destination>")
    .description("stop watching a host; nothing of ours stays running there")
    .action(async (dest: string) => {
      code = await remove(ctx, dest);
    });
  try {
    await program.parseAsync(args, { from: "user" });
  } catch (error) {
    const exit = (error as { exitCode?: number }).exitCode;
    return exit === 0 ? 0 : 2;
  }
  return code;
}

async function add(io: RemoteCliIo, text: string): Promise<number> {
  const parsed = parseDestination(text);
  if (!parsed.ok) {
    io.err(parsed.message);
    return 2;
  }
  const settings = await loadSettings(io.paths);
  if (settings.remotes.includes(text)) {
    io.out(remoteText.alreadyWatched(text));
    return 0;
  }
  if (settings.remotes.length >= REMOTES_MAX) {
    io.err(remoteText.tooMany(REMOTES_MAX));
    return 1;
  }
  await saveSettings(io.paths, { remotes: [...settings.remotes, text] });
  io.out(remoteText.added(text));
  return 0;
}

async function list(io: RemoteCliIo, json: boolean): Promise<number> {
  const settings = await loadSettings(io.paths);
  const hosts = await engineHosts(io);
  const lines: HostLine[] = settings.remotes.map(
    (host) => hosts?.find((h) => h.host === host) ?? { host, state: hosts ? "connecting" : "engine-not-running" },
  );
  if (json) io.out(JSON.stringify(lines));
  else if (lines.length === 0) io.out(remoteText.none);
  else for (const line of lines) io.out(remoteText.line(line));
  return 0;
}

async function remove(io: RemoteCliIo, text: string): Promise<number> {
  const settings = await loadSettings(io.paths);
  if (!settings.remotes.includes(text)) {
    io.err(remoteText.notWatched(text));
    return 1;
  }
  await saveSettings(io.paths, { remotes: settings.remotes.filter((h) => h !== text) });
  // No engine: no session to end, and nothing to reach the host for (a keeper left by a cut link ends
  // by itself, docs/remote.md#watching-a-host).
  if ((await engineHosts(io)) === undefined) {
    io.out(remoteText.removedIdle(text, REMOTE_LINGER_SECONDS / 60));
    return 0;
  }
  // A running engine ends its link on its next poll (the streamer there cleans up and exits); wait for
  // that, so the stop below cannot race a link still being restarted.
  for (let i = 0; i < 40; i += 1) {
    const hosts = await engineHosts(io);
    if (!hosts?.some((h) => h.host === text)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  // A link cut earlier may have left a keeper there (docs/remote.md#watching-a-host): end it too.
  const parsed = parseDestination(text);
  if (parsed.ok) {
    const result = await runRemote(parsed.destination, stopScript(), "", { env: io.env, timeoutMs: 15_000 });
    if (result.code !== 0) {
      // Not reached: whether anything of ours runs there is not known, so do not say nothing does.
      io.err(remoteText.stopFailed(text, result.stderr, REMOTE_LINGER_SECONDS / 60));
      io.out(remoteText.removedUnreached(text));
      return 0;
    }
  }
  io.out(remoteText.removed(text));
  return 0;
}

async function engineHosts(io: RemoteCliIo): Promise<HostLine[] | undefined> {
  try {
    const snapshot = await request<Snapshot>(io.paths.controlSocket, { op: "snapshot" }, { timeoutMs: 2000 });
    return snapshot.hosts ?? [];
  } catch (error) {
    if (error instanceof EngineNotRunningError) return undefined;
    throw error;
  }
}
