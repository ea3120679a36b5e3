// Records fixtures/ps/linux-tmux-agents from a real tmux server running fake agents on this box:
//   npx tsx packages/detect/test/capture/capture-linux.ts
// Only the lab's own rows (and pid 1) are kept from the real `ps` output; nothing else is edited.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parsePsList, PS_LIST_ARGS } from "../../src/ps-parse.js";
import { tmuxQueryArgs } from "../../src/tmux.js";
import { codexJsPath, createLab, pollUntil } from "../helpers/fake-agents.js";

const out = fileURLToPath(new URL("../../../../fixtures/ps/linux-tmux-agents/", import.meta.url));
const env = { ...process.env, LC_ALL: "C" };

const lab = createLab();
const panes: Record<string, string> = {
  claude: lab.open("claude", "claude"),
  wrapped: lab.open("wrapped", "wrapper.sh"),
  nodecodex: lab.open("nodecodex", `${process.execPath} ${codexJsPath(lab)}`),
  hint: lab.open("hint", "MYTTY_AGENT=$'  Claude-Code \\n' mystery"),
  bogus: lab.open("bogus", "MYTTY_AGENT=bogus mystery"),
  gemini: lab.open("gemini", "gemini"),
  shell: lab.open("shell"),
};
// A client attached through `script`, so list-clients has a row and a client tty.
const client = spawn("script", ["-qfc", `tmux -S ${lab.socket} attach -t lab`, "/dev/null"], {
  stdio: "ignore",
  detached: true,
  // A clean environment: the fixture must not carry this machine's variables.
  env: { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: lab.dir, TERM: "xterm-256color", LANG: "C.UTF-8" },
});
try {
  await pollUntil(async () => {
    const text = execFileSync("ps", [...PS_LIST_ARGS], { env, encoding: "utf8" });
    const need = ["bin/claude", "bin/opencode", "codex.js", "bin/mystery", "bin/gemini"];
    const clients = lab.tmux("list-clients", "-F", "#{client_tty}");
    return need.every((n) => text.split("\n").filter((l) => l.includes(n)).length >= (n === "bin/mystery" ? 2 : 1)) &&
      clients
      ? true
      : undefined;
  });
  const psText = execFileSync("ps", [...PS_LIST_ARGS], { env, encoding: "utf8" });
  const rows = parsePsList(psText);
  const byPid = new Map(rows.map((r) => [r.pid, r]));
  const serverPid = Number(lab.tmux("display-message", "-p", "#{pid}"));
  const inLab = (pid: number): boolean => {
    for (let p = byPid.get(pid), n = 0; p && n < 20; p = byPid.get(p.ppid), n += 1) {
      if (p.pid === serverPid || p.pid === client.pid) return true;
    }
    return false;
  };
  const keep = psText.split("\n").filter((line) => {
    const pid = Number(line.trim().split(/\s+/)[0]);
    return pid === 1 || inLab(pid);
  });
  const labPids = rows.filter((r) => inLab(r.pid) && r.tty !== null).map((r) => r.pid);
  const envText = execFileSync("ps", ["eww", "-o", "pid=,args=", "-p", labPids.join(",")], { env, encoding: "utf8" });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "ps.txt"), `${keep.join("\n")}\n`);
  writeFileSync(path.join(out, "env.txt"), envText);
  writeFileSync(path.join(out, "tmux.txt"), `${lab.tmux(...tmuxQueryArgs())}\n`);
  const manifest = {
    platform: "linux",
    uid: process.getuid?.() ?? 0,
    commands: [
      { command: "ps -A -ww -o pid=,ppid=,pgid=,tpgid=,tty=,lstart=,args=", file: "ps.txt" },
      { command: "ps eww -o pid=,args= -p", file: "env.txt" },
      { command: `tmux -S ${lab.socket} -u list-panes`, file: "tmux.txt" },
    ],
    captured: { at: new Date().toISOString(), tmux: execFileSync("tmux", ["-V"], { encoding: "utf8" }).trim(), panes },
  };
  writeFileSync(path.join(out, "fixture.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${out}`, panes);
} finally {
  try {
    process.kill(-client.pid!, "SIGTERM");
  } catch {
    // already gone
  }
  lab.close();
}
