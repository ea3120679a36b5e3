// `--host <destination>` on status, install, fix, diff and uninstall (docs/remote.md#installing-on-a-host):
// the same session and views, the files those read and write being the host's. Loaded only when
// --host is given, so neither the bundled status nor a local command pays for the transport.
import { INSTALL_TARGETS, openHostSession, type TargetId } from "@mytty-bar/installers";
import { parseDestination, remoteShell, RemoteError } from "@mytty-bar/remote";
import { options, runChanges, runDiff, statusText, type CommonOptions, type Io, type Target } from "./handlers.js";
import { M } from "./messages.js";
import { buildReport, viewLines, type StatusReport } from "./report.js";

export type HostCommand = "status" | "install" | "fix" | "diff" | "uninstall";

/** Every string in a JSON value, with its commands pointed at the host. */
function pointAt<T>(value: T, host: string): T {
  if (typeof value === "string") return M.onHost(value, host) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => pointAt(v, host)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pointAt(v, host)])) as T;
  return value;
}

/** An Io whose output names `--host` in every command it suggests. */
function hostIo(io: Io, host: string, json: boolean): Io {
  const rewrite = (text: string) => {
    if (!json) return M.onHost(text, host);
    try {
      return `${JSON.stringify(pointAt(JSON.parse(text) as unknown, host), null, 2)}\n`;
    } catch {
      // Not one JSON document (cannot happen for our --json output): leave it as written.
      return text;
    }
  };
  return {
    env: io.env,
    stdout: { write: (t: string) => io.stdout.write(rewrite(t)), isTTY: io.stdout.isTTY === true },
    stderr: { write: (t: string) => io.stderr.write(M.onHost(t, host)) },
  };
}

/** Runs one doctor command on the host; a link that fails is one line (and `{ host, error }` with --json), exit 1. */
export async function runOnHost(
  command: HostCommand,
  ids: readonly TargetId[],
  opts: CommonOptions,
  io: Io,
): Promise<number> {
  const parsed = parseDestination(opts.host ?? "");
  if (!parsed.ok) {
    io.stderr.write(`error: ${parsed.message}\n`);
    return 2;
  }
  const name = parsed.destination.text;
  if (command === "install" && ids.length === 0) {
    io.stderr.write(`${M.hostNoProviders(name, INSTALL_TARGETS)}\n`);
    return 1;
  }
  const { settings } = options(io, opts);
  try {
    const host = await openHostSession({ shell: remoteShell(parsed.destination, { env: io.env }), settings });
    const { session, paths } = host;
    const report = async (): Promise<StatusReport> =>
      ({
        host: name,
        ...buildReport(
          paths,
          session,
          { running: false },
          {
            backups: host.backups(),
            dataDirMode: host.dataDirMode(),
          },
        ),
      }) as StatusReport;
    const target: Target = { paths, session, report };
    const out = hostIo(io, name, opts.json === true);
    if (command === "diff") return await runDiff([...ids], opts, out, target);
    if (command !== "status") return await runChanges(command, ids, opts, out, target);
    const rep = await report();
    if (opts.json) out.stdout.write(`${JSON.stringify(rep, null, 2)}\n`);
    else {
      const plans = session.plans();
      const notInstalled = plans.providers.filter((p) => p.status === "not-installed").map((p) => p.id);
      // Read in the same round trip as the files: an agent that is not on the host is `[-]`, as locally.
      const present = new Set<string>(host.present());
      const absent = new Set(notInstalled.filter((id) => !present.has(id)));
      const lines = viewLines(plans, rep, absent, settings.pointers, false, name);
      const installable = notInstalled.some((id) => present.has(id));
      out.stdout.write(statusText(M.hostTitle(name, paths.dataDir), lines, rep, installable, io));
    }
    return rep.issues.length > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    if (opts.json)
      io.stdout.write(
        `${JSON.stringify({ host: name, error: { kind: error.kind, message: error.message } }, null, 2)}\n`,
      );
    io.stderr.write(`${error.message}\n`);
    return 1;
  }
}
