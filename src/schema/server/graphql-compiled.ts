import {
  BREAK,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
  visit,
} from "graphql";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import type { Plugin } from "graphql-yoga";

// Queries and mutations that clients send again and again run as functions compiled once for
// their document (graphql-jit): a request then costs less than graphql's walk of the document.
// A document is compiled only when it comes a second time, so a client sending a new document
// each request never pays for, nor makes the server pay for, compiling it. Documents the
// compiler cannot take run on graphql's executor, as every document does the first time.
// Subscriptions always use graphql's executor (their streams are shaped by its subscribe path).

/** What is known of one operation of a document: seen once, compiled, or not compilable. */
type Entry = { seen: number; compiled: CompiledQuery | null };

/** A compiled operation with the document it was compiled from. */
export type KnownOperation = {
  document: DocumentNode;
  operationName: string | undefined;
  compiled: CompiledQuery;
};

/**
 * Parsed documents are the parser cache's, so a document seen again is the same object, and what
 * is kept for a document (its compiled function too) goes when the bounded cache drops it.
 */
const byDocument = new WeakMap<DocumentNode, Map<string, Entry>>();

/** Runs before compiling: a document seen fewer times than this runs on graphql's executor. */
const COMPILE_AT = 2;

let compiledCount = 0;

/** How many operations this process has compiled (what tests see of which path ran). */
export const compiledOperations = () => compiledCount;

/**
 * Whether a variable sits inside a written object or list (`schema: {type: $t}`): graphql-jit
 * leaves such a variable out of a custom scalar's value, so these documents stay on the executor.
 */
function variableInsideLiteral(document: DocumentNode): boolean {
  let depth = 0;
  let found = false;
  const into = { enter: () => void depth++, leave: () => void depth-- };
  visit(document, {
    ObjectValue: into,
    ListValue: into,
    Variable() {
      if (depth === 0) return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}

function compiledFor(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined) {
  let ops = byDocument.get(document);
  if (!ops) {
    ops = new Map();
    byDocument.set(document, ops);
  }
  const name = operationName ?? "";
  let entry = ops.get(name);
  if (!entry) {
    entry = { seen: 0, compiled: null };
    ops.set(name, entry);
  }
  entry.seen++;
  if (entry.seen === COMPILE_AT && !variableInsideLiteral(document)) {
    const result = compileQuery(schema, document, operationName, {
      useExperimentalPathBasedSkipInclude: true,
    });
    entry.compiled = isCompiledQuery(result) ? result : null;
    if (entry.compiled) compiledCount++;
  }
  return entry.compiled;
}

/**
 * Compiled operations by the text that was sent for them. A text found here was parsed, checked
 * for depth and shape and validated once, and those checks depend on nothing but the text: the
 * next sending of it can go straight to counting and running (graphql-known-operation.ts).
 * Bounded in entries and in the length of a text, so the memory it holds has a ceiling.
 */
const bySource = new Map<string, Map<string, KnownOperation>>();
const MAX_KNOWN_SOURCES = 500;
const MAX_KNOWN_SOURCE_LENGTH = 16_384;

/** A document's one operation when none is named: "#" is no GraphQL name (nor is "", which names none). */
const operationKey = (operationName: string | undefined) => operationName ?? "#";

function remember(source: unknown, known: KnownOperation): void {
  if (typeof source !== "string" || source.length > MAX_KNOWN_SOURCE_LENGTH) return;
  let ops = bySource.get(source);
  if (!ops) {
    // The oldest text goes first: Map iterates in insertion order.
    if (bySource.size >= MAX_KNOWN_SOURCES) bySource.delete(bySource.keys().next().value as string);
    ops = new Map();
    bySource.set(source, ops);
  }
  ops.set(operationKey(known.operationName), known);
}

/** The compiled operation a text and an operation name were compiled to, if they have been. */
export function knownOperation(
  source: string,
  operationName: string | undefined,
): KnownOperation | undefined {
  return bySource.get(source)?.get(operationKey(operationName));
}

/**
 * Runs a compiled operation. A result with no data at all means the variables were refused before
 * anything ran: graphql's executor words that refusal as clients know it, so `execute` answers it.
 */
export async function runCompiled(
  compiled: CompiledQuery,
  args: Pick<ExecutionArgs, "rootValue" | "contextValue" | "variableValues">,
  execute: () => Promise<ExecutionResult> | ExecutionResult,
): Promise<ExecutionResult> {
  const result = await compiled.query(args.rootValue, args.contextValue, args.variableValues);
  return "data" in result ? result : execute();
}

export const compiledExecution: Plugin = {
  onExecute({ args, executeFn, setExecuteFn }) {
    const operationName = args.operationName ?? undefined;
    const compiled = compiledFor(args.schema, args.document, operationName);
    if (!compiled) return;
    // Yoga puts the request's parameters on the context: the text the document was parsed from.
    const params = (args.contextValue as { params?: { query?: unknown } }).params;
    remember(params?.query, { document: args.document, operationName, compiled });
    setExecuteFn((a: ExecutionArgs) =>
      runCompiled(compiled, a, () => executeFn(a) as Promise<ExecutionResult>),
    );
  },
};
