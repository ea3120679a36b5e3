// Memory of the long-running `mytty-bar --headless` process (docs/architecture.md#targets: idle RSS ≤ 120 MB).
// The engine's live heap is ~15 MB, but V8 doubles the young generation (1 MB up to 2 x 16 MB
// semi-spaces) each time enough objects survive a scavenge, which they do while ~200 modules load and
// during a burst of hook calls, and hands the space back only after a long quiet spell. Measured with
// 20 terminals after a 500-call burst: RSS 80-107 MB with growth, ~72 MB without; idle CPU unchanged
// (< 1 % of a core), the burst costs more scavenges (hook → list latency stays within its target).
import { setFlagsFromString } from "node:v8";

/**
 * Keeps the young generation at its initial size. V8 (Node 20) reads this flag each time it would
 * grow the space, so setting it at run time works however node was started (`node bin/mytty-bar.js`,
 * the npm bin link, a service manager), which `--max-semi-space-size` in a shebang would not. Newer
 * V8 versions clamp the factor to at least 2; there this is a no-op and the default growth applies.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString("--semi-space-growth-factor=1");
}
