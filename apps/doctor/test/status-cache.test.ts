// `status --json` keeps its last report while nothing it read has changed (src/status-cache.ts). The
// kept report is marked here by hand, so a run that prints the mark took the cache and one that does
// not planned afresh: every change below must make the next run plan again, whatever the timestamps.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { keep, kept, RACY_MS, touching, type Touched } from "../src/status-cache.js";
import { BIN, testHome, type Home, type StatusJson } from "./harness.js";

const MARK = "from the kept report";
const cacheFile = (h: Home) => path.join(h.data, "status-cache.json");

/** Files written more than RACY_MS ago, a run that keeps its report, and the mark in it. */
async function keptAndMarked(h: Home): Promise<void> {
  await sleep(RACY_MS + 200);
  fs.rmSync(cacheFile(h), { force: true });
  h.json();
  const kept = JSON.parse(fs.readFileSync(cacheFile(h), "utf8")) as { report: StatusJson };
  kept.report.guide.status = MARK;
  fs.writeFileSync(cacheFile(h), JSON.stringify(kept));
}
const marked = (h: Home) => h.json().value.guide.status === MARK;

it("prints the kept report while nothing changed, with the engine's part found afresh", async (t) => {
  const h = testHome(t);
  expect(h.run("install", "codex").code).toBe(0);
  await keptAndMarked(h);
  const again = h.json();
  expect(again.value.guide.status).toBe(MARK);
  expect(again.value.engine).toEqual({ running: false });
  expect(again.value.providers.find((p) => p.id === "codex")?.status).toBe("installed");
});

it("plans again after a same-size edit with its mtime put back, a new file, a new backup, a chmod, another PATH", async (t) => {
  const h = testHome(t);
  expect(h.run("install", "codex").code).toBe(0);

  await keptAndMarked(h);
  const { mtimeNs } = fs.statSync(h.codex, { bigint: true });
  const text = fs.readFileSync(h.codex, "utf8");
  fs.writeFileSync(h.codex, text.replace('"hooks"', '"hookz"'));
  // Back to the very nanosecond (utimes takes no more than microseconds): only the ctime differs now.
  const at = `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, "0")}`;
  expect(spawnSync("touch", ["-m", "-d", at, h.codex]).status).toBe(0);
  expect(fs.statSync(h.codex, { bigint: true }).mtimeNs).toBe(mtimeNs);
  const edited = h.json().value;
  expect(edited.guide.status).toBe("installed");
  expect(edited.providers.find((p) => p.id === "codex")?.status).not.toBe("installed");
  fs.writeFileSync(h.codex, text);

  await keptAndMarked(h);
  fs.mkdirSync(path.dirname(h.claude), { recursive: true });
  fs.writeFileSync(h.claude, "{ not json");
  expect(h.json().value.providers.find((p) => p.id === "claude-code")?.status).toBe("invalid");
  fs.rmSync(path.dirname(h.claude), { recursive: true });

  await keptAndMarked(h);
  const before = h.json().value.backups.count;
  fs.writeFileSync(path.join(h.backups, "extra.bak"), "x");
  const counted = h.json().value;
  expect(counted.guide.status).toBe("installed");
  expect(counted.backups.count).toBe(before + 1);

  await keptAndMarked(h);
  fs.chmodSync(h.helper, 0o644);
  expect(h.json().value.helper.status).not.toBe("installed");
  fs.chmodSync(h.helper, 0o755);

  await keptAndMarked(h);
  expect(marked(h)).toBe(true);
  const elsewhere = spawnSync(process.execPath, [BIN, "status", "--json"], {
    env: { ...h.env, PATH: `${h.home}:/usr/bin:/bin` },
    encoding: "utf8",
  });
  expect((JSON.parse(elsewhere.stdout) as StatusJson).guide.status).toBe("installed");
});

it("keeps nothing from a run right after an edit, ignores a damaged cache, and never creates the data dir", async (t) => {
  const h = testHome(t);
  expect(h.json().value.providers.every((p) => p.status === "not-installed")).toBe(true);
  expect(fs.existsSync(h.data)).toBe(false);

  expect(h.run("install", "codex").code).toBe(0);
  h.json();
  expect(fs.existsSync(cacheFile(h))).toBe(false);

  // Damaged copies of a real kept (and marked) report: each must be ignored, never printed.
  await keptAndMarked(h);
  const good = JSON.parse(fs.readFileSync(cacheFile(h), "utf8")) as { inputs: unknown[] };
  const damaged = [
    "{",
    JSON.stringify({ ...good, inputs: [[1, 2]] }),
    JSON.stringify({ ...good, inputs: [...good.inputs, [path.join(h.home, "gone"), "1:2:3:4:5"]] }),
    JSON.stringify({ ...good, format: 1 }),
    JSON.stringify({ ...good, report: { guide: { status: MARK } } }), // no issues: not a report to print
    `${JSON.stringify(good)}${" ".repeat(2 << 20)}`,
  ];
  for (const damage of damaged) {
    fs.writeFileSync(cacheFile(h), damage);
    const r = h.json();
    expect(r.code).toBe(0);
    expect(r.value.guide.status).toBe("installed");
  }
});

it("keeps no report from a run during which a file it read changed, however long the run took", async (t) => {
  const h = testHome(t);
  fs.mkdirSync(h.data, { recursive: true });
  const file = path.join(h.home, "read.json");
  fs.writeFileSync(file, "{}");
  // Changed more than RACY_MS ago by the time the signatures are taken, but after the run began.
  await sleep(RACY_MS + 200);
  const touched = (started: number): Touched => ({ read: new Set([file]), listed: new Set(), wrote: false, started });
  const isAny = (r: unknown): r is object => typeof r === "object";
  const cache = path.join(h.data, "kept.json");
  // A run that began 30 s ago read the file, which changed during it: nothing kept.
  expect(keep(cache, "k", touched(Date.now() - 30_000), {})).toBe(false);
  expect(kept(cache, "k", isAny)).toBeUndefined();
  // The same file, once its last change is more than RACY_MS before the run: kept and found.
  const later = Date.now() + RACY_MS + 1000;
  expect(keep(cache, "k", touched(later), { ok: 1 })).toBe(true);
  expect(kept(cache, "k", isAny)).toEqual({ ok: 1 });
});

it("sees the async reads and writes of a run too, and keeps nothing from a run that wrote", async (t) => {
  const h = testHome(t);
  fs.mkdirSync(h.data, { recursive: true });
  const file = path.join(h.home, "async.json");
  fs.writeFileSync(file, "{}");
  const original = fs.promises.readFile;
  const read = await touching(async () => {
    await fs.promises.readFile(file);
    await fs.promises.readdir(h.home);
  });
  expect([...read.touched.read]).toEqual([file]);
  expect([...read.touched.listed]).toEqual([h.home]);
  expect(read.touched.wrote).toBe(false);
  const wrote = await touching(() => fs.promises.writeFile(path.join(h.home, "out.json"), "{}"));
  expect(wrote.touched.wrote).toBe(true);
  expect(fs.promises.readFile).toBe(original); // patched only while the run lasted
  const cache = path.join(h.data, "kept.json");
  expect(keep(cache, "k", { ...wrote.touched, started: Date.now() + RACY_MS + 1000 }, { ok: 1 })).toBe(false);
  expect(fs.existsSync(cache)).toBe(false);
});
