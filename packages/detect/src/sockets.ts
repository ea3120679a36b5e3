// Which TCP connections a local process holds, parsed from the kernel's socket tables (/proc/net/tcp,
// /proc/net/tcp6, /proc/net/unix on Linux) or from `lsof -a -nP -iTCP -p <pids>` (macOS). Pure: text in,
// data out; sources/tcp.ts reads them. The remote-row join needs them (docs/remote.md#jump-to-a-remote-agent).
import { isIPv6 } from "node:net";

export interface Endpoint {
  /** Normalised: IPv4 dotted, IPv6 lower-case compressed, a v4-mapped IPv6 address as its IPv4 form. */
  addr: string;
  port: number;
}

export interface TcpConnection {
  local: Endpoint;
  remote: Endpoint;
}

export interface TcpEntry extends TcpConnection {
  inode: string;
  /** Kernel state as hex ("01" = ESTABLISHED, "0A" = LISTEN). */
  state: string;
}

const ESTABLISHED = "01";

function hexPort(text: string): number | undefined {
  return /^[0-9A-Fa-f]{4}$/.test(text) ? parseInt(text, 16) : undefined;
}

/** One 32-bit word as /proc prints it: host byte order (little-endian on every machine we run on). */
function wordBytes(word: string): number[] {
  const n = parseInt(word, 16);
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

function hexAddr(text: string): string | undefined {
  if (/^[0-9A-Fa-f]{8}$/.test(text)) return wordBytes(text).join(".");
  if (!/^[0-9A-Fa-f]{32}$/.test(text)) return undefined;
  const bytes = [0, 8, 16, 24].flatMap((i) => wordBytes(text.slice(i, i + 8)));
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return normaliseAddr(groups.join(":"));
}

function endpointOf(text: string): Endpoint | undefined {
  const at = text.lastIndexOf(":");
  if (at < 0) return undefined;
  const addr = hexAddr(text.slice(0, at));
  const port = hexPort(text.slice(at + 1));
  return addr !== undefined && port !== undefined ? { addr, port } : undefined;
}

/** Rows of /proc/net/tcp or /proc/net/tcp6 (header skipped, malformed lines dropped). */
export function parseProcNetTcp(text: string): TcpEntry[] {
  const entries: TcpEntry[] = [];
  for (const line of text.split("\n").slice(1)) {
    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
    const cols = line.trim().split(/\s+/);
    if (cols.length < 10) continue;
    const local = endpointOf(cols[1]!);
    const remote = endpointOf(cols[2]!);
    const inode = cols[9]!;
    if (!local || !remote || !/^\d+$/.test(inode) || !/^[0-9A-Fa-f]{2}$/.test(cols[3]!)) continue;
    entries.push({ local, remote, inode, state: cols[3]!.toUpperCase() });
  }
  return entries;
}

/** The established connections among `inodes` (a process's socket:[inode] fds). */
export function connectionsOf(entries: readonly TcpEntry[], inodes: ReadonlySet<string>): TcpConnection[] {
  return entries
    .filter((e) => e.state === ESTABLISHED && inodes.has(e.inode))
    .map((e) => ({ local: e.local, remote: e.remote }));
}

/** /proc/net/unix's sockets bound to a path (the header and unnamed sockets left out). */
export function unixSocketRows(text: string): { flags: string; inode: string; path: string }[] {
  const rows: { flags: string; inode: string; path: string }[] = [];
  for (const line of text.split("\n").slice(1)) {
    // Num RefCount Protocol Flags Type St Inode Path
    const cols = line.trim().split(/\s+/);
    if (cols.length >= 8 && /^\d+$/.test(cols[6]!)) rows.push({ flags: cols[3]!, inode: cols[6]!, path: cols[7]! });
  }
  return rows;
}

/** Inodes of listening unix sockets bound to a path (/proc/net/unix): an ssh ControlMaster holds one. */
export function listeningUnixInodes(text: string): Set<string> {
  // Flags 00010000: accepting connections.
  return new Set(unixSocketRows(text).flatMap((r) => (r.flags === "00010000" ? [r.inode] : [])));
}

function lsofEndpoint(text: string): Endpoint | undefined {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3})):(\d{1,5})$/.exec(text);
  if (!m) return undefined;
  return { addr: normaliseAddr(m[1] ?? m[2]!), port: Number(m[3]) };
}

/**
 * `lsof -a -nP -iTCP -p <pids>` → pid → established connections. Its NAME column reads
 * `127.0.0.1:50522->10.0.0.5:22 (ESTABLISHED)` or `[::1]:50522->[::1]:22 (ESTABLISHED)`.
 */
export function parseLsofTcp(text: string): Map<number, TcpConnection[]> {
  const byPid = new Map<number, TcpConnection[]>();
  for (const line of text.split("\n")) {
    const m = /^\S+\s+(\d+)\s.*\sTCP\s+(\S+)->(\S+)\s+\(ESTABLISHED\)\s*$/.exec(line);
    if (!m) continue;
    const local = lsofEndpoint(m[2]!);
    const remote = lsofEndpoint(m[3]!);
    if (!local || !remote) continue;
    const pid = Number(m[1]);
    byPid.set(pid, [...(byPid.get(pid) ?? []), { local, remote }]);
  }
  return byPid;
}

/**
 * One spelling per address, so a `SSH_CONNECTION` field and a socket table's entry compare as strings:
 * an IPv6 address in the URL standard's serialisation (lower case, the first longest run of zero groups as
 * "::", as RFC 5952 says), a v4-mapped one (::ffff:a.b.c.d) as its IPv4 form. Anything else as written.
 */
export function normaliseAddr(addr: string): string {
  const lower = addr.toLowerCase();
  if (!isIPv6(lower)) return lower;
  let host: string;
  try {
    host = new URL(`http://[${lower}]/`).hostname.slice(1, -1);
  } catch {
    return lower; // a zone id ("fe80::1%eth0"), which no socket table prints: compared as written
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return host;
  const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
}
