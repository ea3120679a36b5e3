// Fake provider CLIs (claude, codex, cursor-agent, opencode, gemini) for tmux tests. Each records its
// argv, env hint and cwd in $FAKE_LOG/<name>-<pid>.json and prints its task. claude and codex also
// run the hook commands installed in $HOME (as the real CLIs do: SessionStart, UserPromptSubmit,
// Stop, payload on stdin), so the engine sees their turns. They run the installed command as their
// hosts do — claude `sh -c`, codex `$SHELL -lc` — and the command's own `exec` makes the helper's
// parent the fake itself, alive when the engine joins the event. Every line typed into a fake starts a
// new turn that "works" for FAKE_TURN_MS before it stops, so `wait --until running` can see it.
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export const FAKE_NAMES = ["claude", "codex", "cursor-agent", "opencode", "gemini"] as const;

function fakeSource(): string {
  return `#!${process.execPath}
const fs = require("node:fs");
const path = require("node:path");
const crypto = require("node:crypto");
const { spawnSync } = require("node:child_process");
const name = path.basename(process.argv[1]);
const args = process.argv.slice(2);
const record = { name, args, cwd: process.cwd(), env: { MYTTY_AGENT: process.env.MYTTY_AGENT ?? null, MYTTY_LABEL: process.env.MYTTY_LABEL ?? null } };
if (process.env.FAKE_LOG) {
  // Written aside and renamed, so a reader never sees half a record.
  const file = path.join(process.env.FAKE_LOG, name + "-" + process.pid + ".json");
  fs.writeFileSync(file + ".tmp", JSON.stringify(record));
  fs.renameSync(file + ".tmp", file);
}

const home = process.env.HOME ?? "/nonexistent";
const configs = {
  claude: path.join(process.env.CLAUDE_CONFIG_DIR || path.join(home, ".claude"), "settings.json"),
  codex: path.join(process.env.CODEX_HOME || path.join(home, ".codex"), "hooks.json"),
};
const sessionId = crypto.randomUUID();
function hook(event, extra) {
  let hooks;
  try {
    hooks = JSON.parse(fs.readFileSync(configs[name], "utf8")).hooks?.[event] ?? [];
  } catch {
    return;
  }
  const payload = JSON.stringify({ session_id: sessionId, cwd: process.cwd(), hook_event_name: event, permission_mode: "default", ...extra });
  const [shell, flag] = name === "codex" ? [process.env.SHELL || "/bin/sh", "-lc"] : ["/bin/sh", "-c"];
  for (const group of hooks) for (const h of group.hooks ?? []) {
    if (h.type === "command" && typeof h.command === "string") spawnSync(shell, [flag, h.command], { input: payload, stdio: ["pipe", "ignore", "ignore"] });
  }
}
const turnMs = Number(process.env.FAKE_TURN_MS ?? "0");
let turns = Promise.resolve();
function turn(prompt) {
  turns = turns.then(async () => {
    const turnId = crypto.randomUUID();
    hook("UserPromptSubmit", { prompt, prompt_id: turnId, turn_id: turnId });
    await new Promise((resolve) => setTimeout(resolve, turnMs));
    console.log("fake " + name + " finished: " + prompt.split("\\n")[0].slice(0, 60));
    hook("Stop", { stop_hook_active: false, last_assistant_message: "done", prompt_id: turnId, turn_id: turnId, background_tasks: [] });
  });
}

console.log("fake " + name + " started");
hook("SessionStart", { source: "startup" });
turn(args[args.length - 1] ?? "");
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  pending += chunk;
  for (let i = pending.search(/[\\r\\n]/); i >= 0; i = pending.search(/[\\r\\n]/)) {
    const line = pending.slice(0, i);
    pending = pending.slice(i + 1);
    if (line !== "") {
      console.log("fake " + name + " got: " + line);
      turn(line);
    }
  }
});
`;
}

export async function writeFakeAgents(binDir: string): Promise<void> {
  await mkdir(binDir, { recursive: true });
  for (const name of FAKE_NAMES) {
    const file = path.join(binDir, name);
    await writeFile(file, fakeSource());
    await chmod(file, 0o755);
  }
}
