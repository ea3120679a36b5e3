// Which Attention kind is most urgent: the tray's most-urgent item and the popup's order agree on it.
import type { AttentionKind } from "@mytty-bar/protocol";

/** Lower is more urgent: a blocked agent beats a broken one beats a finished one. */
export const ATTENTION_URGENCY: Readonly<Record<AttentionKind, number>> = {
  "approval-request": 0,
  "input-request": 1,
  failure: 2,
  completion: 3,
};
