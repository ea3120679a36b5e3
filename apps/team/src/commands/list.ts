// `mytty-team list [--json]`: every agent the engine sees, as a table or as the JSON rows of
// docs/architecture.md#contracts (the engine's rows as it sent them).
import type { EngineContext } from "../context.js";
import { formatTable } from "./table.js";

export async function runList(ctx: EngineContext, json: boolean): Promise<number> {
  const rows = await ctx.engine.list();
  ctx.out(json ? JSON.stringify(rows, null, 2) : formatTable(rows));
  return 0;
}
