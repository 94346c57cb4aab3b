import type { AnswerProvider } from "./answer-types.ts";
import { builtinAnswer } from "./builtin-answer.ts";
import { builtinExtract } from "./structured/builtin-extract.ts";

/** The default provider: answers and extracts from the document alone, with no network and no model. */
export function createBuiltinProvider(): AnswerProvider {
  return {
    name: "builtin",
    models: ["default"],
    answer: (request) => builtinAnswer(request),
    extract: (request) => builtinExtract(request),
  };
}
