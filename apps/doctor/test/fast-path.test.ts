// The launcher's fast path for `status [--json]`: dist/status.cjs runs only while dist/status.json
// matches what it lists, anything else (or a stale bundle) runs dist/cli.js, and both print the same.
// The launcher's choice is checked on a copy of bin/ and dist/ (never the shared dist/) at the same
// depth in the tree, so dist/cli.js still finds the workspace packages.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeHome, ROOT } from "./harness.js";

const STUB = 'exports.main = () => process.stdout.write("stub bundle ran\\n");\n';

describe("mytty-doctor launcher fast path", () => {
  let copy: string;
  let bin: string;
  let dist: string;

  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(ROOT, "apps", ".scratch-doctor-fast-"));
    fs.cpSync(path.join(ROOT, "apps", "doctor", "bin"), path.join(copy, "bin"), { recursive: true });
    fs.cpSync(path.join(ROOT, "apps", "doctor", "dist"), path.join(copy, "dist"), { recursive: true });
    bin = path.join(copy, "bin", "mytty-doctor.js");
    dist = path.join(copy, "dist");
    for (const f of ["status.json", "status.cjs.cache"]) fs.rmSync(path.join(dist, f), { force: true });
    fs.writeFileSync(path.join(dist, "status.cjs"), STUB);
    fs.writeFileSync(path.join(dist, "input.js"), "// stands for an input of the bundle\n");
  });
  afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

  const manifest = (files: string[]) => {
    const rows = files.map((f) => {
      const st = fs.statSync(path.join(dist, f));
      return [f, st.size, st.mtimeMs];
    });
    fs.writeFileSync(path.join(dist, "status.json"), JSON.stringify({ files: rows }));
  };
  const run = (...args: string[]) => {
    const h = makeHome();
    try {
      const r = spawnSync(process.execPath, [bin, ...args], { env: h.env, encoding: "utf8", timeout: 20_000 });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    } finally {
      h.cleanup();
    }
  };

  it("runs the bundle for status and status --json while the manifest matches", () => {
    manifest(["status.cjs", "input.js"]);
    expect(run("status", "--json")).toEqual({ code: 0, stdout: "stub bundle ran\n", stderr: "" });
    expect(run("--json").stdout).toBe("stub bundle ran\n");
    expect(run().stdout).toBe("stub bundle ran\n");
  });

  it("runs dist/cli.js for every other command", () => {
    manifest(["status.cjs", "input.js"]);
    const r = run("status", "--lang", "ja", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty("providers");
    expect(run("--help").stdout).toContain("Usage: mytty-doctor");
  });

  it("falls back to dist/cli.js when an input changed after the bundle was made", () => {
    manifest(["status.cjs", "input.js"]);
    fs.appendFileSync(path.join(dist, "input.js"), "// edited\n");
    const r = run("status", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty("providers");
  });

  it("falls back to dist/cli.js when there is no manifest", () => {
    fs.rmSync(path.join(dist, "status.json"), { force: true });
    expect(JSON.parse(run("status", "--json").stdout)).toHaveProperty("providers");
  });
});

describe("status through the built launcher", () => {
  // With a fresh `npm run build` the launcher takes dist/status.cjs; either way it must print exactly
  // what dist/cli.js prints, for a machine with a valid, a broken and a missing config.
  it("prints the same report, text and JSON, with the same exit code as dist/cli.js", () => {
    const h = makeHome();
    try {
      fs.mkdirSync(path.dirname(h.cursor), { recursive: true });
      fs.writeFileSync(h.cursor, '{\n  "version": 1,\n  "hooks": {,}\n}\n');
      expect(h.run("install", "claude-code").code).toBe(0);
      const cli = path.join(ROOT, "apps", "doctor", "dist", "cli.js");
      for (const args of [["status", "--json"], ["status"], ["--json"]]) {
        const full = spawnSync(process.execPath, [cli, ...args], { env: h.env, encoding: "utf8" });
        const viaBin = h.run(...args);
        expect(viaBin).toEqual({ code: full.status, stdout: full.stdout, stderr: full.stderr });
        expect(viaBin.code).toBe(1);
      }
    } finally {
      h.cleanup();
    }
  });
});
