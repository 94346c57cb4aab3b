import type { Config } from "../../config.ts";
import type { Logger } from "../log.ts";
import type { AnswerProvider } from "./answer-types.ts";
import { createBuiltinProvider } from "./builtin-provider.ts";
import { createOpenAIProvider } from "./openai-provider.ts";

/** The answer provider ANSWER_PROVIDER names. */
export function createAnswerProvider(config: Config, log: Logger): AnswerProvider {
  return config.answerProvider === "openai"
    ? createOpenAIProvider(config.openai, log)
    : createBuiltinProvider();
}
