// Memory of the long-running `mytty-bar --headless` process (docs/architecture.md#targets: idle RSS ≤ 120 MB).
// The engine's live heap is ~15-25 MB, but V8 doubles the young generation (1 MB up to 2 x 16 MB
// semi-spaces) each time enough objects survive a scavenge, which they do while ~200 modules load and
// during a burst of hook calls, and hands the space back only after a long quiet spell. Measured with
// 20 terminals after a 500-call burst: RSS 80-107 MB with growth, ~72 MB without; idle CPU unchanged
// (< 1 % of a core), the burst costs more scavenges (hook → list latency stays within its target).
// The old generation has the same habit: after each full GC V8 lets it grow to up to 4x what survived
// before the next one, so a busy engine with ~25 MB live reached 110 MB of heap (RSS 135-178 MB over the
// week bench, docs/performance.md#what-changed-to-get-there). Growing by 15 % (V8 still adds at least a few MB) keeps it near
// the live size for a full GC every few thousand events (~20 ms each on a 25 MB heap).
import { setFlagsFromString } from "node:v8";

/**
 * Keeps the young generation at its initial size and the old generation close to what is live. V8
 * (Node 20) reads these flags each time it would grow a space, so setting them at run time works however
 * node was started (`node bin/mytty-bar.js`, the npm bin link, a service manager), which
 * `--max-semi-space-size` in a shebang would not. Newer V8 versions clamp the young factor to at least
 * 2; there that flag is a no-op and the default growth applies.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString("--semi-space-growth-factor=1");
  setFlagsFromString("--heap-growing-percent=15");
}
