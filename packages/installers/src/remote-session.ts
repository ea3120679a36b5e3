// The installer session for another machine (`mytty-doctor … --host`): the same openSession, its reads
// served from a snapshot of the host's files (remote-read.ts) and its writes carried out there
// (remote-write.ts). Plans are computed here, by the same planners, from the host's bytes.
import { planClaudeStatusline } from "./claude-statusline.js";
import type { FileView } from "./fsio.js";
import type { Paths } from "./paths.js";
import type { TargetId } from "./constants.js";
import { readHost, type HostShell, type HostSnapshot } from "./remote-read.js";
import { applyOnHost } from "./remote-write.js";
import { openSession, readSession, type InstallSettings, type Session } from "./session.js";

export interface HostSessionOptions {
  shell: HostShell;
  settings: InstallSettings;
  now?: () => Date;
  /** Runs between reading the host and writing to it (tests make a concurrent edit here). */
  beforeWrite?: () => void | Promise<void>;
}

export interface HostSession {
  session: Session;
  paths: Paths;
  /** Entries in the host's <data>/backups, as last read. */
  backups(): number;
  /** The host's <data> permission bits as last read (null: not created yet). */
  dataDirMode(): number | null;
  /** The agents that live on the host (config dir or binary on PATH), as last read. */
  present(): TargetId[];
}

/** Every file the plans read, found by planning once against a view that records and answers "absent". */
function filesThePlansRead(paths: Paths, settings: InstallSettings): string[] {
  const seen = new Set<string>();
  const files: FileView = {
    read: (file) => {
      seen.add(file);
      return { text: null };
    },
  };
  const host = { files, newestBackup: () => undefined, apply: async () => [], reload: async () => undefined };
  readSession({ paths, settings, host }).plans();
  planClaudeStatusline(paths, files);
  return [...seen];
}

export async function openHostSession(options: HostSessionOptions): Promise<HostSession> {
  const { shell, settings } = options;
  const load = () => readHost(shell, (paths) => filesThePlansRead(paths, settings));
  let snapshot: HostSnapshot = await load();
  const paths = snapshot.paths;
  const session = openSession({
    paths,
    settings,
    host: {
      files: { read: (file, maxBytes) => snapshot.files.read(file, maxBytes) },
      newestBackup: (file) => snapshot.newestBackup(file),
      apply: (changes) =>
        applyOnHost(shell, changes, {
          paths,
          ...(options.now ? { now: options.now } : {}),
          ...(options.beforeWrite ? { beforeWrite: options.beforeWrite } : {}),
        }),
      reload: async () => {
        snapshot = await load();
      },
    },
  });
  return {
    session,
    paths,
    backups: () => snapshot.backups,
    dataDirMode: () => snapshot.dataDirMode,
    present: () => snapshot.present,
  };
}
