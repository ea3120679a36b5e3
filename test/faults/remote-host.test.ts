// A watched host that is not to be trusted (docs/remote.md#what-a-host-can-send): its text reaches no
// terminal with an escape sequence in it, its events never change a local run, and a host listing 100,000
// processes is cut to the cap with one status line while local intake goes on. The host is a crafted
// stand-in for ssh (test/support/crafted-host.mjs) speaking the streamer's frames; the engine is real, in
// this process, with an empty local process table.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createEngine, defaultSettings, type Engine } from "@mytty-bar/engine";
import { resolvePaths } from "@mytty-bar/installers";
import { posixQuote, SPOOL_ENV_KEYS, type SpoolEnvelope } from "@mytty-bar/protocol";
import type { Notice } from "../../packages/engine/src/ports.js";
import { payload, quietEngine, spool } from "../../packages/engine/test/helpers.js";
import { until } from "../engine-harness.js";

const CRAFTED_HOST = fileURLToPath(new URL("../support/crafted-host.mjs", import.meta.url));
const HOST = "devbox";
const SESSION = "a41d7c02-9e3b-4f58-b6a1-2c7d9e0f4b83";
const PROMPT = "e5f60718-2a3b-4c5d-9e8f-0a1b2c3d4e5f";

/** Every C0 but the newline (a header line's end), DEL, every C1, and the sequences seen used: OSC 0/2 titles, OSC 52, CSI, DCS, bidi overrides. */
const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter((c) => c !== "\n");
const C1 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i));
const ESCAPES = [
  ...C0,
  "\u007f",
  ...C1,
  "\u001b]0;pwned title\u0007",
  "\u001b]2;pwned title\u001b\\",
  "\u001b]52;c;ZWNobyBwd25lZA==\u0007",
  "\u009d52;p;ZWNobyBwd25lZA==\u009c",
  "\u001b[2J\u001b[31;1m",
  "\u009b6n",
  "\u001bP+q544e\u001b\\",
  "\u202e\u200b\ufeff",
].join("");

const engines: Engine[] = [];
const roots: string[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

interface HostSpec {
  hello?: string;
  psLines?: string[];
  psCount?: number;
  psRepeat?: number;
}

async function world(spec: HostSpec) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mytty-fault-remote-host-"));
  roots.push(root);
  const hostSpool = path.join(root, "host-spool");
  fs.mkdirSync(hostSpool);
  const specFile = path.join(root, "host.json");
  fs.writeFileSync(specFile, JSON.stringify({ ...spec, spool: hostSpool }));
  const paths = resolvePaths({ env: { HOME: path.join(root, "local") }, platform: "linux" });
  const notices: Notice[] = [];
  const engine = await createEngine({
    paths,
    ...quietEngine,
    settings: { ...defaultSettings(), answerWaitSeconds: 0, remotes: [HOST] },
    ports: { notify: (notice) => notices.push(notice) },
    remote: {
      env: {
        PATH: process.env.PATH,
        HOME: root,
        MYTTY_BAR_SSH: `${posixQuote(process.execPath)} ${posixQuote(CRAFTED_HOST)} ${posixQuote(specFile)}`,
      },
      tickMs: 50,
    },
  });
  engines.push(engine);
  await until(async () => engine.snapshot().hosts?.[0]?.state === "connected", 20_000, "the link");
  let n = 0;
  /** Spooled on the host as its helper does (a whole file appears at once). */
  const onHost = (bytes: Uint8Array) => {
    const name = `${process.pid}.1.${(n += 1)}`;
    fs.writeFileSync(path.join(root, name), bytes);
    fs.renameSync(path.join(root, name), path.join(hostSpool, name));
  };
  /** Spooled here, for the local intake. */
  const local = (bytes: Uint8Array) => {
    fs.mkdirSync(paths.spoolTmp, { recursive: true });
    fs.mkdirSync(paths.spoolNew, { recursive: true });
    const name = `${process.pid}.2.${(n += 1)}`;
    fs.writeFileSync(path.join(paths.spoolTmp, name), bytes);
    fs.renameSync(path.join(paths.spoolTmp, name), path.join(paths.spoolNew, name));
  };
  return { engine, notices, onHost, local };
}

/** Where in `value` a string holds a Cc or Cf character (JSON paths). */
function controlsIn(value: unknown, at = "$", found: string[] = []): string[] {
  if (typeof value === "string") {
    if (/[\p{Cc}\p{Cf}]/u.test(value)) found.push(`${at}: ${JSON.stringify(value)}`);
  } else if (Array.isArray(value)) value.forEach((v, i) => controlsIn(v, `${at}[${i}]`, found));
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      controlsIn(k, `${at}.<key>`, found);
      controlsIn(v, `${at}.${k}`, found);
    }
  return found;
}

describe("a watched host's text", () => {
  it("reaches the snapshot, the host list and the notices with no control character, from every field", async () => {
    const hello = `version=1${ESCAPES}\npid=1${ESCAPES}\nhelper=yes\nnow=20260105100000${ESCAPES}\n${ESCAPES}x=${ESCAPES}\n`;
    const agentLine = ` 4242     1  4242  4242 pts/3    Mon Jan  5 10:00:00 2026 claude --resume${ESCAPES}`;
    const { engine, notices, onHost } = await world({ hello, psLines: [agentLine] });
    const env = Object.fromEntries(SPOOL_ENV_KEYS.map((key) => [key, `%7${ESCAPES}`])) as SpoolEnvelope["env"];
    const body = payload("claude-code", "PermissionRequest", {
      cwd: `/home/sam/work/billing${ESCAPES}`,
      transcript_path: `/home/sam/t.jsonl${ESCAPES}`,
      permission_mode: `default${ESCAPES}`,
      tool_name: `Bash${ESCAPES}`,
      tool_input: { command: `rm -rf target${ESCAPES}`, description: `Clean${ESCAPES}` },
    });
    onHost(spool("claude-code", body, { event: `PermissionRequest${ESCAPES}`, ppid: 4242, cwd: `/w${ESCAPES}`, env }));
    const row = await until(
      async () => engine.snapshot().agents.find((a) => a.host === HOST && a.state === "waiting-approval"),
      20_000,
      "the host's request",
    );
    await until(async () => notices.length > 0 || undefined, 10_000, "its notice");
    // Escape sequences go whole (their text too), and the same rule holds for the payload's shown fields.
    expect(row.terminal.tmuxPane).toBe("%7");
    expect(row.message).toBe("Bash requires approval");
    expect(row.cwd).toBe("/w");
    expect(controlsIn({ snapshot: engine.snapshot(), stats: engine.stats(), notices })).toEqual([]);
  });
});

describe("a watched host's event", () => {
  it("never changes a local run: a Stop with a local session id and prompt id is the host's own", async () => {
    const { engine, onHost, local } = await world({});
    const ids = { session_id: SESSION, prompt_id: PROMPT };
    local(spool("claude-code", payload("claude-code", "UserPromptSubmit", ids)));
    const localRow = await until(
      async () => engine.snapshot().agents.find((a) => !a.host && a.state === "running"),
      20_000,
      "the local running row",
    );
    onHost(spool("claude-code", payload("claude-code", "Stop", ids), { ppid: 4242 }));
    const hostRow = await until(
      async () => engine.snapshot().agents.find((a) => a.host === HOST),
      20_000,
      "the host's row",
    );
    expect(hostRow.state).toBe("succeeded");
    expect(engine.snapshot().agents.find((a) => a.id === localRow.id)?.state).toBe("running");
    expect(engine.stats().duplicates).toBe(0);
  });
});

describe("a watched host listing 100,000 processes", () => {
  it("is cut to the cap with one status line naming the host and the check, and local intake goes on", async () => {
    const { engine, local } = await world({ psCount: 100_000 });
    const problem = await until(
      async () => engine.snapshot().hosts?.find((h) => h.problem !== undefined)?.problem,
      20_000,
      "the host's status line",
    );
    // The check is the ssh command as configured (here the stand-in), as every host problem names it.
    expect(problem).toMatch(
      /^devbox listed 100000 processes, over the 5000 a listing may hold: the excess was dropped \(docs\/remote\.md#what-a-host-can-send\)\. See what runs there: `.+ -o BatchMode=yes devbox 'ps -A \| wc -l'`\.$/,
    );
    expect(engine.snapshot().hosts?.[0]?.state).toBe("connected");
    local(spool("claude-code", payload("claude-code", "UserPromptSubmit")));
    await until(
      async () => engine.snapshot().agents.some((a) => !a.host && a.state === "running"),
      20_000,
      "the local row",
    );
  });
});

describe("a watched host sending listings unasked", () => {
  it("is held to its listings a second, with one status line, and stays connected", async () => {
    const { engine } = await world({ psRepeat: 20 });
    const problem = await until(
      async () => engine.snapshot().hosts?.find((h) => h.problem !== undefined)?.problem,
      20_000,
      "the host's status line",
    );
    expect(problem).toMatch(/^devbox sent more than 4 process listings in a second: the excess was dropped /);
    expect(engine.snapshot().hosts?.[0]?.state).toBe("connected");
  });
});
