import { normalizedExecutor } from "@graphql-tools/executor";
import type { ExecutionResult } from "graphql";
import type { Services } from "../../core/services.ts";
import type { GraphQLContext } from "../builder.ts";
import { schema } from "../index.ts";
import type { GraphQLServerContext } from "./graphql.ts";
import { admitOperation, maskError, operationContext } from "./graphql.ts";
import { type KnownOperation, knownOperation, runCompiled } from "./graphql-compiled.ts";

// An operation whose text was compiled before skips yoga's pipeline: its parse, depth, shape and
// validation checks gave the same answer for the same text, and the plugins that would run after
// them are, in order, the ones done here: counting and authentication (admitOperation), the
// compiled run (graphql-compiled.ts), and the masking of each error (maskError). What comes
// out is the execution result yoga would have made; yoga's result processor turns it into the
// answer either way.

/** The parameters of a plain operation: a text, perhaps an operation name and variables. */
type Params = { query: string; operationName?: string; variables?: Record<string, unknown> };

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  x !== null && typeof x === "object" && !Array.isArray(x);

/**
 * The parameters, when they are nothing but an operation's (what yoga's own checks accept without
 * a word); anything else goes through yoga, which answers it.
 */
const isString = (x: unknown) => typeof x === "string";
const paramChecks = new Map<string, (x: unknown) => boolean>([
  ["query", isString],
  ["operationName", isString],
  ["variables", isPlainObject],
]);

function plainParams(params: Record<string, unknown>): Params | null {
  for (const key in params) {
    const value = params[key];
    if (value === null || value === undefined) continue;
    if (!paramChecks.get(key)?.(value)) return null;
  }
  if (typeof params.query !== "string") return null;
  return {
    query: params.query,
    ...(typeof params.operationName === "string" ? { operationName: params.operationName } : {}),
    ...(isPlainObject(params.variables) ? { variables: params.variables } : {}),
  };
}

let knownAnswers = 0;

/** How many operations this process has answered without yoga's pipeline (what tests see). */
export const knownOperationAnswers = () => knownAnswers;

/** The operation the parameters name, when its text was compiled before. */
export function knownOperationOf(
  params: Record<string, unknown>,
): { known: KnownOperation; params: Params } | null {
  const plain = plainParams(params);
  if (!plain) return null;
  const known = knownOperation(plain.query, plain.operationName);
  return known ? { known, params: plain } : null;
}

/** Counts, authenticates and runs a known operation; its result as yoga would have made it. */
export async function runKnownOperation(
  services: Services,
  serverContext: GraphQLServerContext,
  request: Request,
  { known, params }: { known: KnownOperation; params: Params },
): Promise<ExecutionResult> {
  knownAnswers++;
  const mask = (error: unknown) => maskError(services, error);
  try {
    const { document, operationName, compiled } = known;
    const context = operationContext(services, serverContext, request) as GraphQLContext;
    context.principal = await admitOperation(
      services,
      serverContext,
      document,
      operationName,
      params.variables,
    );
    const result = await runCompiled(
      compiled,
      { contextValue: context, variableValues: params.variables },
      () =>
        normalizedExecutor({
          schema,
          document,
          contextValue: context,
          variableValues: params.variables,
          ...(operationName !== undefined ? { operationName } : {}),
        }) as Promise<ExecutionResult>,
    );
    return result.errors ? { ...result, errors: result.errors.map(mask) } : result;
  } catch (err) {
    return { errors: [mask(err)] };
  }
}
