// The dashboard's cursor and new held requests (selection.ts), and the key line that names y / n / t.
import { describe, expect, it } from "vitest";
import type { HeldRequest, Snapshot } from "@mytty-bar/engine";
import { tuiKeysLine } from "../src/messages.js";
import { answerTarget, selectable, tuiRows } from "../src/tui/model.js";
import { followNewRequest, moveSelection, MOVED_RECENTLY_MS, START, type Selection } from "../src/tui/selection.js";
import { busySnapshot } from "./fixtures/snapshots.js";

const NOW = 1_800_000_000_000;
const request = (id: string, kind: HeldRequest["kind"] = "approval"): HeldRequest => ({
  id,
  kind,
  tool: "Bash",
  summary: "npm test",
  heldUntil: NOW + 60_000,
});

/** busySnapshot with the Claude Code approval held as `id`, or nothing held. */
function held(id: string | undefined): Snapshot {
  const snap = busySnapshot();
  return {
    ...snap,
    agents: snap.agents.map((a) => (a.id === "claude-code-4242" && id ? { ...a, request: request(id) } : a)),
  };
}

const keyOf = (rows: ReturnType<typeof tuiRows>, s: Selection) => selectable(rows)[s.index]?.key;

describe("a new held request takes the cursor", () => {
  it("selects the newest held request when it appears, and y then has something to answer", () => {
    const before = tuiRows(held(undefined));
    const onAgent = moveSelection(before, followNewRequest(before, START, NOW), 4, NOW - 60_000);
    expect(keyOf(before, onAgent)).toBe("agent:codex-5151");
    const rows = tuiRows(held("req-1"));
    const after = followNewRequest(rows, onAgent, NOW);
    expect(after.key).toBe("item:ev-approval-1");
    expect(keyOf(rows, after)).toBe("item:ev-approval-1");
    expect(answerTarget(selectable(rows)[after.index], held("req-1"))?.id).toBe("req-1");
  });

  it("leaves the cursor where the user moved it in the last few seconds, and does not jump later", () => {
    const before = tuiRows(held(undefined));
    const moved = moveSelection(before, START, 4, NOW - 1000);
    const rows = tuiRows(held("req-1"));
    const after = followNewRequest(rows, moved, NOW);
    expect(after.key).toBe("agent:codex-5151");
    // The same request, a while later: already seen, the cursor stays.
    const later = followNewRequest(rows, after, NOW + MOVED_RECENTLY_MS * 10);
    expect(later.key).toBe("agent:codex-5151");
    // Nothing new: the same object, so the dashboard's state does not change (and it does not redraw).
    expect(later).toBe(after);
  });

  it("takes the cursor once per request: moving away from it is respected, the next request takes it again", () => {
    const rows = tuiRows(held("req-1"));
    const first = followNewRequest(rows, START, NOW);
    expect(first.key).toBe("item:ev-approval-1");
    const away = moveSelection(rows, first, 3, NOW);
    expect(followNewRequest(rows, away, NOW + 60_000).key).toBe(away.key);
    const next = followNewRequest(tuiRows(held("req-2")), away, NOW + 60_000);
    expect(next.key).toBe("item:ev-approval-1");
  });
});

describe("the dashboard's key line", () => {
  it("lists y / n / t while the selected row holds an approval, t for a question, neither otherwise", () => {
    expect(tuiKeysLine(request("r"))).toBe(
      "↑/↓ j/k move · enter jump · y allow once · n deny · t answer in terminal · a acknowledge · c copy resume · q quit",
    );
    expect(tuiKeysLine(request("r", "question"))).toBe(
      "↑/↓ j/k move · enter jump · t answer in terminal · a acknowledge · c copy resume · q quit",
    );
    expect(tuiKeysLine(undefined)).toBe("↑/↓ j/k move · enter jump · a acknowledge · c copy resume · q quit");
  });
});
