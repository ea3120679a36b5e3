// A watched host that is not ours: ssh's stand-in (MYTTY_BAR_SSH="node crafted-host.mjs <spec.json>")
// that speaks the streamer's frames (packages/engine/src/remote/streamer.ts) with what the spec crafts:
//   hello      the HELLO body, sent as is (escape sequences and all)
//   psLines    listing lines sent on every `s`
//   psCount    that many more generated processes (`sleep` children of pid 1) on every `s`
//   psRepeat   how many listings answer one `s` (default 1)
//   spool      a directory: on `t` its files not sent yet go out as FILE frames, `a <name>` deletes one
// ssh's own arguments (options, destination, remote command) follow the spec and are ignored.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const out = process.stdout;
const sent = new Set();

function listing() {
  const lines = [...(spec.psLines ?? [])];
  for (let i = 0; i < (spec.psCount ?? 0); i += 1) {
    const pid = 100000 + i;
    lines.push(` ${pid}     1 ${pid}    -1 ?        Mon Jan  5 10:00:00 2026 sleep 1000 --crafted-${i}`);
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

const hello = Buffer.from(spec.hello ?? "version=1\npid=1\nhelper=yes\n");
out.write(Buffer.concat([Buffer.from(`HELLO - ${hello.length}\n`), hello]));

for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line === "q") break;
  if (line === "s") out.write(`PSB\n${listing()}PSE\n`.repeat(spec.psRepeat ?? 1));
  else if (line === "t" && spec.spool) {
    for (const name of fs.readdirSync(spec.spool).sort()) {
      if (sent.has(name)) continue;
      const bytes = fs.readFileSync(path.join(spec.spool, name));
      sent.add(name);
      out.write(Buffer.concat([Buffer.from(`FILE ${name} ${bytes.length}\n`), bytes]));
    }
  } else if (line.startsWith("a ") && spec.spool) fs.rmSync(path.join(spec.spool, line.slice(2)), { force: true });
}
process.exit(0);
