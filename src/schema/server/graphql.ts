import { useGraphQLSSE } from "@graphql-yoga/plugin-graphql-sse";
import { type DocumentNode, type ExecutionResult, GraphQLError } from "graphql";
import { createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { admit } from "../../core/auth/admit.ts";
import type { Credentials } from "../../core/auth/authenticate.ts";
import { admittedOrThrow } from "../../core/auth/decision.ts";
import { KEY_ENDED_MESSAGE, keyEnded } from "../../core/auth/key-events.ts";
import type { Principal } from "../../core/auth/principal.ts";
import type { RateState } from "../../core/auth/rate-limit.ts";
import { AppError, clientErrorOfDatabase, errorStatus } from "../../core/errors.ts";
import type { Services } from "../../core/services.ts";
import { authDeps } from "../../web/request-info.ts";
import type { GraphQLContext } from "../builder.ts";
import { schema } from "../index.ts";
import { compiledExecution } from "./graphql-compiled.ts";
import { checkQueryCost, checkQueryShape, queryCost } from "./graphql-cost.ts";

/** Passed by the Hono route into every yoga request; the plugin fills `rate` for the response headers. */
export type GraphQLServerContext = {
  credentials: Credentials;
  requestId: string;
  /** A shared box: yoga copies the server context into each operation's context, so the plugin writes here. */
  responseMeta: { counted: boolean; rate?: RateState };
};

type YogaContext = GraphQLServerContext & Partial<GraphQLContext>;

// Errors that stop the whole request (no or bad key, over the limit) get their HTTP status;
// errors of single fields stay in the 200 response's `errors`, as GraphQL clients expect.
const requestLevel = new Set(["UNAUTHORIZED", "RATE_LIMITED"]);

export function toGraphQLError(err: AppError, path?: readonly (string | number)[]): GraphQLError {
  return new GraphQLError(err.message, {
    path,
    extensions: {
      code: err.code,
      ...(requestLevel.has(err.code)
        ? { http: { status: errorStatus[err.code], headers: err.headers } }
        : {}),
    },
  });
}

const hasCredential = (c: Credentials) =>
  c.authorization !== undefined || c.apiKey !== undefined || c.operatorSecret !== undefined;

/**
 * Counts an operation and authenticates its caller (admit): the one gate of every GraphQL
 * operation, run once it is parsed and validated, so it is counted with its cost, in the class of
 * its REST twins, with a single round trip to the database (two when an expensive field is read
 * beside other costly fields).
 */
export async function admitOperation(
  services: Services,
  serverContext: GraphQLServerContext,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): Promise<Principal> {
  const cost = queryCost(schema, document, operationName, variables);
  checkQueryCost(cost, hasCredential(serverContext.credentials));
  const expensive = cost.rateClass === "expensive";
  // Marked before the call: a refused request was counted too, and must not be counted again.
  serverContext.responseMeta.counted = true;
  const { principal, rate } = admittedOrThrow(
    await admit(authDeps(services), serverContext.credentials, {
      budget: "requests",
      rateClass: cost.rateClass,
      units: expensive ? 1 : cost.points,
      standardUnits: expensive ? cost.points - 1 : 0,
    }),
  );
  serverContext.responseMeta.rate = rate;
  if (cost.introspection && principal.kind === "anonymous")
    throw new AppError(
      "UNAUTHORIZED",
      "Introspection needs an API key (any key of an account). The schema is also published as schema.graphql in Quire's repository.",
    );
  return principal;
}

function authPlugin(services: Services): Plugin<YogaContext> {
  const hook = async ({
    args,
    extendContext,
  }: {
    args: {
      document: DocumentNode;
      operationName?: string | null;
      variableValues?: Record<string, unknown> | null;
      contextValue: YogaContext;
    };
    extendContext: (c: Partial<YogaContext>) => void;
  }) => {
    const { document, operationName, variableValues, contextValue } = args;
    extendContext({
      principal: await admitOperation(services, contextValue, document, operationName, variableValues),
    });
  };
  return { onExecute: hook, onSubscribe: hook };
}

/**
 * What every operation's context holds besides its principal. The signal and the origin are read
 * when a resolver asks for them: most operations never do, and each costs an allocation.
 */
export function operationContext(
  services: Services,
  serverContext: GraphQLServerContext,
  request: Request,
): Omit<GraphQLContext, "principal"> {
  let origin: string | undefined;
  return {
    services,
    requestId: serverContext.requestId,
    // The request's signal aborts when the client goes away: answers stop calling the provider.
    get signal() {
      return request.signal;
    },
    get origin() {
      origin ??= new URL(request.url).origin;
      return origin;
    },
  };
}

/** Refuses a query over the shape limits before validation, whose rules grow with its size. */
const shapeLimit: Plugin<YogaContext> = {
  onValidate({ params }) {
    checkQueryShape(params.documentAST);
  },
};

/**
 * Subscriptions end when the key they were opened with is revoked or rotated (in any process): a
 * last result carries the UNAUTHORIZED error, then the stream completes.
 */
function endWithKey(services: Services): Plugin<YogaContext> {
  return {
    onSubscribe: () => ({
      onSubscribeResult({ args, result, setResult }) {
        const principal = (args.contextValue as YogaContext).principal;
        if (!principal || !isAsyncIterable(result)) return;
        setResult(untilKeyEnds(services, principal, result));
      },
    }),
  };
}

const isAsyncIterable = (x: unknown): x is AsyncIterable<ExecutionResult> =>
  typeof (x as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === "function";

async function* untilKeyEnds(
  services: Services,
  principal: Principal,
  source: AsyncIterable<ExecutionResult>,
): AsyncGenerator<ExecutionResult> {
  const stop = new AbortController();
  const ended = keyEnded(services.events, principal, stop.signal).then(() => "ended" as const);
  const it = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await Promise.race([it.next(), ended]);
      if (next === "ended") {
        // Carried as the original error, so error masking gives it its code like any AppError.
        const reason = new AppError("UNAUTHORIZED", KEY_ENDED_MESSAGE);
        yield { errors: [new GraphQLError(reason.message, { originalError: reason })] };
        return;
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    stop.abort();
    // Not awaited: a source suspended in its own wait finishes returning only when that wait
    // ends; its subscription is dropped with the request's signal.
    it.return?.().catch(() => undefined);
  }
}

/** Selection sets (and list or object values) nest at most this deep; introspection needs about 13. */
export const MAX_QUERY_DEPTH = 64;

/**
 * The deepest nesting of braces, brackets and parentheses in a GraphQL source, outside strings and
 * comments: read in one pass before the parser, whose recursion a 10,000-deep query overflows.
 */
export function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === "#") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (ch === '"') {
      const block = source.startsWith('"""', i);
      const end = block ? '"""' : '"';
      i += end.length;
      while (i < source.length && !source.startsWith(end, i)) i += source[i] === "\\" && !block ? 2 : 1;
      i += end.length - 1;
    } else if (ch === "{" || ch === "[" || ch === "(") {
      deepest = Math.max(deepest, ++depth);
    } else if (ch === "}" || ch === "]" || ch === ")") {
      depth--;
    }
  }
  return deepest;
}

const depthLimit: Plugin<YogaContext> = {
  onParse({ params }) {
    const source = typeof params.source === "string" ? params.source : params.source.body;
    if (nestingDepth(source) > MAX_QUERY_DEPTH)
      throw new GraphQLError(`The query nests deeper than ${MAX_QUERY_DEPTH} levels; flatten it.`, {
        extensions: { code: "BAD_REQUEST", http: { status: 400 } },
      });
  },
};

// Validation errors (an unknown field, a wrong argument) never reach maskError: yoga returns them
// as they are and would label them GRAPHQL_VALIDATION_FAILED. They are the client's mistake, like
// parse errors, so they carry the same BAD_REQUEST code (SPEC 7). Runs before yoga's own hook.
const validationErrorCode: Plugin<YogaContext> = {
  onValidate:
    () =>
    ({ valid, result }) => {
      if (!valid) for (const error of result) error.extensions.code = "BAD_REQUEST";
    },
};

/** The error at the bottom of a chain of GraphQLErrors wrapping one another (the error itself if it wraps none). */
function innermost(error: unknown): unknown {
  return error instanceof GraphQLError && error.originalError ? innermost(error.originalError) : error;
}

/**
 * What a client is shown of an error: our errors with their code (and HTTP status when they stop
 * the request), the client's own mistakes as BAD_REQUEST, anything else as INTERNAL, logged.
 * Each error is masked once (yoga keeps track of the ones it has masked).
 */
export function maskError(services: Services, error: unknown): GraphQLError {
  const original = innermost(error);
  const known = original instanceof AppError ? original : clientErrorOfDatabase(original);
  if (known) return toGraphQLError(known, error instanceof GraphQLError ? error.path : undefined);
  if (error instanceof GraphQLError && original instanceof GraphQLError) {
    // Parse, validation and variable errors ("$id got invalid value", which wraps the
    // scalar's own GraphQLError): the client's mistake, safe to show.
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      path: error.path,
      extensions: {
        ...error.extensions,
        code: error.extensions.code === "INTERNAL" ? "INTERNAL" : "BAD_REQUEST",
      },
    });
  }
  services.log.error("unhandled GraphQL error", {
    error: original instanceof Error ? original.message : String(original),
    stack: original instanceof Error ? original.stack : undefined,
  });
  return new GraphQLError("Something went wrong on our side.", {
    path: error instanceof GraphQLError ? error.path : undefined,
    extensions: { code: "INTERNAL" },
  });
}

export function createGraphQLServer(
  services: Services,
): YogaServerInstance<GraphQLServerContext, GraphQLContext> {
  return createYoga<GraphQLServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: "/graphql",
    landingPage: false,
    // CORS is the app's one policy (corsPolicy), in front of every face.
    cors: false,
    graphiql: false,
    logging: false,
    // The body size is already enforced in front of yoga (MAX_JSON_BODY_BYTES, MAX_UPLOAD_BYTES);
    // yoga's own limiter would stream every body through a second copy.
    maxRequestBodySize: false,
    context: (initial) => operationContext(services, initial, initial.request) as GraphQLContext,
    maskedErrors: { maskError: (error) => maskError(services, error) },
    plugins: [
      depthLimit,
      shapeLimit,
      authPlugin(services),
      endWithKey(services),
      validationErrorCode,
      useGraphQLSSE({ endpoint: "/graphql/stream" }),
      compiledExecution,
    ],
  });
}
