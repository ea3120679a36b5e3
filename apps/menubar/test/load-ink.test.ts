import { describe, expect, it } from "vitest";
import { withoutCiVariables } from "../src/tui/load-ink.js";

describe("withoutCiVariables", () => {
  it("hides CI and CONTINUOUS_INTEGRATION while loading, then puts them back as they were", async () => {
    const env: NodeJS.ProcessEnv = { CI: "true", CONTINUOUS_INTEGRATION: "1", PATH: "/bin" };
    const seen = await withoutCiVariables(env, async () => ({ ...env }));
    expect(seen).toEqual({ PATH: "/bin" });
    expect(env).toEqual({ CI: "true", CONTINUOUS_INTEGRATION: "1", PATH: "/bin" });
  });

  it("restores them when loading fails, and adds none that were not set", async () => {
    const env: NodeJS.ProcessEnv = { CI: "" };
    await expect(withoutCiVariables(env, () => Promise.reject(new Error("no module")))).rejects.toThrow("no module");
    expect(env).toEqual({ CI: "" });
  });
});
