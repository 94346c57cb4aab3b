import type { AnswerProvider, AnswerRequest } from "./answer-types.ts";
import { builtinJsonAnswer } from "./builtin-json-answer.ts";
import { limitAnswer } from "./builtin-limits.ts";
import { builtinPlainAnswer } from "./reader-answer.ts";
import { builtinExtract } from "./structured/builtin-extract.ts";

const inJson = (request: AnswerRequest) =>
  request.responseFormat !== undefined && request.responseFormat.type !== "text";

/**
 * The default provider: answers and extracts from the document alone, with no network and no
 * model. It calls no tools and reads no sampling settings (it is deterministic); max_tokens and
 * stop cut its answers (builtin-limits.ts says how it counts tokens).
 */
export function createBuiltinProvider(): AnswerProvider {
  return {
    name: "builtin",
    models: ["default"],
    answer: (request) =>
      limitAnswer(inJson(request) ? builtinJsonAnswer(request) : builtinPlainAnswer(request), request),
    extract: (request) => builtinExtract(request),
  };
}
