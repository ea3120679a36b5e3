// The answer a person gives to a held request, as the engine takes it (engine `answer(requestId,
// answer, by)`); the page, the preload and main share these types.
export type Answer =
  | { decision: "allow" }
  | { decision: "deny"; message?: string }
  | { decision: "terminal" }
  | { decision: "option"; label: string };

export type AnswerSource = "popup" | "notification" | "dashboard" | "socket";

export type AnswerResult =
  { ok: true } | { ok: false; reason: "unknown" | "answered" | "expired" | "refused"; message: string };
