import { type ApiKeyEvent, apiKeyTopic } from "../../core/auth/key-events.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";

/** Key changes of the caller's account as they happen, from any API process, until the request's signal ends. */
export const watchApiKeys = defineOperation({
  name: "watchApiKeys",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({}),
  run: async (ctx): Promise<AsyncIterable<ApiKeyEvent>> =>
    ctx.services.events.subscribe<ApiKeyEvent>(apiKeyTopic(ctx.accountId), ctx.signal),
});
