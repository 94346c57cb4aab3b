import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type ApiKeyEvent, apiKeyTopic } from "./api-key-record.ts";

/** Key changes of the caller's account as they happen, from any API process, until `signal` ends. */
export const watchApiKeys = defineOperation({
  name: "watchApiKeys",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ signal: z.instanceof(AbortSignal).optional() }),
  run: async (ctx, input): Promise<AsyncIterable<ApiKeyEvent>> =>
    ctx.services.events.subscribe<ApiKeyEvent>(apiKeyTopic(ctx.accountId), input.signal),
});
