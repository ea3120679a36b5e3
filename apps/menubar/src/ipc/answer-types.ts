// The answer a person gives to a held request, as the engine takes it (engine `answer(requestId, answer,
// by)`): the page, the preload and main import these names from here.
export type { Answer, AnswerResult, AnswerSource } from "@mytty-bar/engine";
