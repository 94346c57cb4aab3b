import type { z } from "zod";
import { admitCaller, type CallerRule } from "../core/auth/authorize.ts";
import type { RateClass } from "../core/auth/rate-limit.ts";
import { invalidInput } from "../core/validation.ts";
import type { OperationContext } from "./context.ts";

// One descriptor per operation: its name, rate class, who may call it and its input schema with
// every limit. The faces (REST routes, GraphQL fields, the CLI) take all four from here and call
// `invoke`; none keeps its own copy.

/** The context of an operation whose rule names an account: the account is already established. */
export type AccountContext = OperationContext & { accountId: string };

export type ContextFor<C extends CallerRule> = C extends "secretKey" | "anyKey"
  ? AccountContext
  : OperationContext;

export type Operation<C extends CallerRule = CallerRule, S extends z.ZodType = z.ZodType, O = unknown> = {
  readonly name: string;
  readonly rateClass: RateClass;
  readonly caller: C;
  /** camelCase, with every limit the operation has. */
  readonly input: S;
  /** Admits the caller, checks the input against the schema, then runs. */
  invoke(ctx: OperationContext, input: z.input<S>): Promise<O>;
};

/** Any descriptor, whatever its input and output (for registries and tests). */
// biome-ignore lint/suspicious/noExplicitAny: a registry holds descriptors of every input type
export type AnyOperation = Operation<CallerRule, z.ZodType, any>;

/**
 * The context with its account named. Its properties are copied as they are defined, so a face's
 * lazy ones (the signal, made only when read) stay lazy, and a field added to a context is kept.
 */
function withAccount(ctx: OperationContext, accountId: string): AccountContext {
  return Object.defineProperties({ accountId }, Object.getOwnPropertyDescriptors(ctx)) as AccountContext;
}

export function defineOperation<C extends CallerRule, S extends z.ZodType, O>(def: {
  name: string;
  rateClass: RateClass;
  caller: C;
  input: S;
  run: (ctx: ContextFor<C>, input: z.output<S>) => Promise<O>;
}): Operation<C, S, O> {
  return {
    name: def.name,
    rateClass: def.rateClass,
    caller: def.caller,
    input: def.input,
    async invoke(ctx, raw) {
      const accountId = admitCaller(ctx.principal, def.caller);
      const parsed = def.input.safeParse(raw);
      if (!parsed.success) throw invalidInput(parsed.error.issues, "");
      const runCtx = (accountId === null ? ctx : withAccount(ctx, accountId)) as ContextFor<C>;
      return def.run(runCtx, parsed.data);
    },
  };
}

/** What an operation returns. */
// biome-ignore lint/suspicious/noExplicitAny: matches a descriptor of any input
export type OutputOf<T> = T extends Operation<any, any, infer O> ? O : never;
