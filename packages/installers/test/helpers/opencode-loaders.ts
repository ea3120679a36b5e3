// How each OpenCode loader generation loads a plugin module and drives it (docs/providers.md#opencode),
// restated from OpenCode's loader source so tests can import the generated file the way OpenCode does.
export type Hooks = { event?: (input: { event: unknown }) => Promise<unknown> };
export type Mod = Record<string, unknown>;
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const isFn = (v: unknown): v is (...args: unknown[]) => unknown => typeof v === "function";

/** OpenCode 1.17's getLegacyPlugins + applyPlugin: every distinct export is a plugin function or `{ server }`. */
export async function load117(mod: Mod, input: Record<string, unknown> = {}): Promise<Hooks[]> {
  const seen = new Set<unknown>();
  const hooks: Hooks[] = [];
  for (const entry of Object.values(mod)) {
    if (seen.has(entry)) continue;
    seen.add(entry);
    const server = isFn(entry) ? entry : isRecord(entry) && isFn(entry.server) ? entry.server : undefined;
    if (!server) throw new TypeError("Plugin export is not a function");
    hooks.push((await server({ directory: "/tmp", ...input }, {})) as Hooks);
  }
  return hooks;
}

/** OpenCode ≥ 1.18.29's readV1Plugin(mod, spec, "server", "detect") and resolvePluginId for a file plugin. */
export async function load118(mod: Mod, input: Record<string, unknown> = {}): Promise<Hooks[]> {
  const value = mod.default;
  if (!isRecord(value) || !("id" in value || "server" in value)) return load117(mod, input);
  if (!isFn(value.server)) throw new TypeError("must default export an object with server()");
  if ("tui" in value) throw new TypeError("must default export either server() or tui(), not both");
  if (typeof value.id !== "string" || value.id.trim() === "") throw new TypeError("Path plugin must export id");
  return [(await value.server({ directory: "/tmp", ...input }, {})) as Hooks];
}

/** A push-driven stand-in for the AsyncIterable `ctx.event.subscribe()` returns. */
export class EventStream {
  private readonly pending: unknown[] = [];
  private wake?: () => void;
  closed = false;
  push(event: unknown): void {
    this.pending.push(event);
    this.wake?.();
  }
  [Symbol.asyncIterator](): AsyncIterator<unknown> {
    return {
      next: async () => {
        while (this.pending.length === 0 && !this.closed) await new Promise<void>((r) => (this.wake = r));
        return this.pending.length > 0
          ? { done: false, value: this.pending.shift() }
          : { done: true, value: undefined };
      },
      return: async () => {
        this.closed = true;
        this.wake?.();
        return { done: true, value: undefined };
      },
    };
  }
}

/** OpenCode 2.x's PluginModule.load: decode `default`, then PluginPromise.fromPromise awaits `setup(ctx)`. */
export async function load2(
  mod: Mod,
  stream: EventStream,
  extra: Record<string, unknown> = {},
): Promise<() => Promise<void>> {
  const value = mod.default;
  // Schema.Struct: an object (a function is not), a string id, and an effect or a setup function.
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error('Expected object at ["default"]');
  const def = value as Record<string, unknown>;
  if (typeof def.id !== "string") throw new Error('Missing key at ["default"]["id"]');
  if (!isFn(def.setup) && !isFn(def.effect)) throw new Error('Missing key at ["default"]["setup"]');
  if (!isFn(def.setup)) throw new Error("effect plugins are not driven here");
  const cleanup = await def.setup({ options: {}, event: { subscribe: () => stream }, ...extra });
  return async () => {
    if (isFn(cleanup)) await cleanup();
  };
}
