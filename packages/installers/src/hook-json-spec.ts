// What a JSON hook file holds for us (hook-json.ts edits it): the spec of our entries, where our
// handlers are, and what is wrong with them. Pure.
import type { ProviderId } from "@mytty-bar/protocol";
import { parseJsonc, problemAt, type Grammar, type Problem } from "./jsonc-edit.js";
import { runsOurHelper } from "./text.js";

export interface HookEventSpec {
  name: string;
  matcher?: string;
  handler: Record<string, unknown>;
}

export interface HookJsonSpec {
  /** The doctor target (status entry id) when it is not the provider's own id (Gemini CLI: "gemini"). */
  id?: string;
  provider: ProviderId;
  path: string;
  layout: "grouped" | "flat";
  /** How the provider itself parses the file: we read it no more leniently than it does. */
  grammar: Grammar;
  /** Keys under `hooks` that are settings, not events (Gemini CLI's legacy `enabled`, `disabled`, `notifications`). */
  hookSettingKeys?: readonly string[];
  events: readonly HookEventSpec[];
  /** Root keys the provider accepts (Codex refuses any other); undefined = anything. */
  allowedRootKeys?: readonly string[];
  /** Root properties added only when missing (Cursor `version: 1`). */
  rootDefaults?: Readonly<Record<string, unknown>>;
  /** Events left out on purpose (the installed version does not know them) → why an entry of ours there must go. */
  withheld?: Readonly<Record<string, string>>;
  /** Why an entry of ours under `event` never runs because the provider fires no such event, else undefined. */
  undispatched?: (event: string) => string | undefined;
  /** Something notable even when installed (what was left out and what to do), shown as the item's detail. */
  note?: string;
  /** The provider runs none of its hooks because of a switch in a file we only read: what and how to turn them on. */
  switchedOff?: string;
}

export type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** One handler of ours: where it is. Group index is -1 in the flat layout. */
export interface Owned {
  event: string;
  group: number;
  index: number;
}

export type Analysis = { ok: true; root: Json; owned: Owned[] } | { ok: false; problem: Problem };

export function analyze(text: string, spec: HookJsonSpec): Analysis {
  const parsed = parseJsonc(text, spec.grammar);
  if (!parsed.ok) return parsed;
  const { root: tree, value } = parsed;
  if (!isObj(value)) return { ok: false, problem: problemAt(text, tree(), [], "the top level is not a JSON object") };
  if (spec.allowedRootKeys) {
    const extra = Object.keys(value).find((k) => !spec.allowedRootKeys!.includes(k));
    if (extra !== undefined) {
      return {
        ok: false,
        problem: problemAt(
          text,
          tree(),
          [extra],
          `unknown top-level key "${extra}" (only ${spec.allowedRootKeys.join(" and ")} are accepted, the provider ignores this file)`,
        ),
      };
    }
  }
  const hooks = value.hooks;
  if (hooks === undefined) return { ok: true, root: value, owned: [] };
  if (!isObj(hooks)) return { ok: false, problem: problemAt(text, tree(), ["hooks"], `"hooks" is not an object`) };
  const owned: Owned[] = [];
  for (const [event, list] of Object.entries(hooks)) {
    if (spec.hookSettingKeys?.includes(event)) continue;
    if (!Array.isArray(list) || !list.every(isObj)) {
      return {
        ok: false,
        problem: problemAt(text, tree(), ["hooks", event], `"hooks.${event}" is not an array of objects`),
      };
    }
    list.forEach((entry, gi) => {
      if (spec.layout === "flat") {
        if (runsOurHelper(entry)) owned.push({ event, group: -1, index: gi });
        return;
      }
      const handlers = (entry as Json).hooks;
      if (Array.isArray(handlers))
        handlers.forEach((h, hi) => runsOurHelper(h) && owned.push({ event, group: gi, index: hi }));
    });
  }
  return { ok: true, root: value, owned };
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => deepEqual(a[k], b[k]));
  }
  return false;
}

export function groupFor(spec: HookJsonSpec, ev: HookEventSpec): Json {
  if (spec.layout === "flat") return ev.handler;
  return ev.matcher !== undefined ? { matcher: ev.matcher, hooks: [ev.handler] } : { hooks: [ev.handler] };
}

/** Reasons the file differs from what install writes (order-insensitive); empty = installed. */
export function problems(a: Extract<Analysis, { ok: true }>, spec: HookJsonSpec): { event: string; reason: string }[] {
  const out: { event: string; reason: string }[] = [];
  const hooks = (a.root.hooks ?? {}) as Record<string, Json[]>;
  for (const ev of spec.events) {
    const mine = a.owned.filter((o) => o.event === ev.name);
    if (mine.length === 0) out.push({ event: ev.name, reason: "missing" });
    else if (mine.length > 1) out.push({ event: ev.name, reason: "duplicate entries" });
    else {
      const o = mine[0]!;
      const group = hooks[ev.name]![spec.layout === "flat" ? o.index : o.group]!;
      const handler = spec.layout === "flat" ? group : (group.hooks as unknown[])[o.index];
      if (!deepEqual(handler, ev.handler))
        out.push({ event: ev.name, reason: "entry differs (helper path, arguments or timeout)" });
      else if (spec.layout === "grouped" && group.matcher !== ev.matcher)
        out.push({ event: ev.name, reason: "matcher differs" });
    }
  }
  for (const o of a.owned) {
    if (!spec.events.some((e) => e.name === o.event) && !out.some((p) => p.event === o.event)) {
      out.push({
        event: o.event,
        reason: spec.withheld?.[o.event] ?? spec.undispatched?.(o.event) ?? "stale entry for an event we no longer use",
      });
    }
  }
  for (const [k, v] of Object.entries(spec.rootDefaults ?? {}))
    if (!(k in a.root)) out.push({ event: k, reason: `missing "${k}": ${JSON.stringify(v)}` });
  return out;
}
