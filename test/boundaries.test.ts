import { describe, expect, it } from "vitest";
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = fileURLToPath(new URL("..", import.meta.url));
// The boundary rules read the import text alone; the type-aware rules need each file in a tsconfig
// project, which these made-up files are not, so they are off here.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/no-misused-promises": "off" },
  },
});

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith("boundaries/")).map((m) => m.message);
}

describe("package boundaries (lint)", () => {
  it("fails when a package imports an app", async () => {
    const messages = await lint("packages/engine/src/x.ts", 'import { run } from "@mytty-bar/doctor";\nrun();\n');
    expect(messages).toEqual(["Nothing imports an app: packages/engine imports @mytty-bar/doctor."]);
  });

  it("fails on a relative import that leaves the package", async () => {
    const messages = await lint("packages/detect/src/x.ts", 'import { a } from "../../protocol/src/index.js";\na();\n');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Relative import leaves packages/detect");
  });

  it("lets only an app's bin/ and scripts/ share tools/ by relative path", async () => {
    const code = 'require("../../../tools/cli-launch.cjs");\n';
    expect(await lint("apps/team/bin/x.js", code)).toEqual([]);
    expect(await lint("apps/doctor/scripts/x.mjs", 'import "../../../tools/bundle-cli.mjs";\n')).toEqual([]);
    expect(await lint("apps/team/src/x.ts", 'import "../../../tools/cli-launch.cjs";\n')).toHaveLength(1);
    expect(await lint("apps/team/bin/x.js", 'require("../../doctor/bin/mytty-doctor.js");\n')).toHaveLength(1);
  });

  it("fails when protocol imports another package of ours", async () => {
    const messages = await lint("packages/protocol/src/x.ts", 'import { b } from "@mytty-bar/detect";\nb();\n');
    expect(messages).toEqual(["packages/protocol may not import @mytty-bar/detect (allowed: nothing of ours)."]);
  });

  it("keeps Electron inside apps/menubar", async () => {
    expect(await lint("apps/doctor/src/x.ts", 'import { app } from "electron";\napp.quit();\n')).toEqual([
      "electron may only be imported in apps/menubar.",
    ]);
    expect(await lint("apps/menubar/src/main/x.ts", 'import { app } from "electron";\napp.quit();\n')).toEqual([]);
  });

  it("bans os.homedir() outside the paths module", async () => {
    const code = 'import os from "node:os";\nexport const h = os.homedir();\n';
    expect(await lint("packages/engine/src/x.ts", code)).toHaveLength(1);
    expect(await lint("packages/paths/src/index.ts", code)).toEqual([]);
    expect(await lint("packages/installers/src/paths.ts", code)).toHaveLength(1);
  });

  it("allows the arrows docs/architecture.md draws", async () => {
    const code =
      'import { a } from "@mytty-bar/protocol";\nimport { b } from "@mytty-bar/detect";\nimport { c } from "./local.js";\na(b(c));\n';
    expect(await lint("packages/engine/src/x.ts", code)).toEqual([]);
    expect(await lint("apps/team/src/x.ts", 'import { d } from "@mytty-bar/engine";\nd();\n')).toEqual([]);
  });
});
