import {
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import { type RateClass, rateLimits } from "../../core/auth/rate-limit.ts";
import { costOf } from "../cost.ts";
import { operationOf } from "../served-by.ts";

// What a GraphQL request may ask for, decided from the query alone before anything runs:
// - its shape (checked before validation, whose rules grow with the number of fields): selection
//   depth, aliases and fields, fragments expanded;
// - its cost in points, charged to the standard rate budget instead of 1 per request, so a query
//   uses the budget as the same reads would over REST. One point per call of an operation (a
//   field served by one, as one REST request), times the sizes of the lists it runs under; a
//   hundredth of a point per text-heavy value (a page's markdown or text, a table's csv, html,
//   markdown or rows), so large texts cost more than ids and dates. Lists are as long as their
//   page-size argument allows (the operation's default when left out). The sum is rounded up.
// - its rate class: a query holding an expensive field (an answer, an extraction) is counted once
//   in the expensive class; it may hold one, as one request is counted once.

/** Selections nest at most this deep, fragments expanded (the introspection query needs 13). */
export const MAX_SELECTION_DEPTH = 15;
/** Fields selected under another name, over the whole document, fragments expanded. */
export const MAX_ALIASES = 30;
/** Field selections over the whole document, fragments expanded. */
export const MAX_FIELDS = 1_000;
/** Points one query may cost; callers without a key have their smaller budget as the cap. */
export const MAX_QUERY_COST = 500;

/** A refusal of the whole request, before anything runs: 400 with the BAD_REQUEST code (SPEC 7). */
const refuse = (message: string) =>
  new GraphQLError(message, { extensions: { code: "BAD_REQUEST", http: { status: 400 } } });

type Fragments = Map<string, FragmentDefinitionNode>;

const fragmentsOf = (document: DocumentNode): Fragments =>
  new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );

const operationsOf = (document: DocumentNode) =>
  document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);

/**
 * Refuses a document over the shape limits. Walks every operation with fragments expanded (a
 * fragment already on the path is not entered again: validation refuses such cycles later), and
 * stops at the first limit passed, so its time is bounded whatever the document holds.
 */
export function checkQueryShape(document: DocumentNode): void {
  const fragments = fragmentsOf(document);
  let fields = 0;
  let aliases = 0;
  const walk = (set: SelectionSetNode, depth: number, path: ReadonlySet<string>) => {
    if (depth > MAX_SELECTION_DEPTH)
      throw refuse(`The query nests selections deeper than ${MAX_SELECTION_DEPTH} levels; flatten it.`);
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (++fields > MAX_FIELDS)
          throw refuse(
            `The query selects more than ${MAX_FIELDS} fields (fragments counted where they are spread); split it.`,
          );
        if (sel.alias && sel.alias.value !== sel.name.value && ++aliases > MAX_ALIASES)
          throw refuse(`The query uses more than ${MAX_ALIASES} aliases; split it into several requests.`);
        if (sel.selectionSet) walk(sel.selectionSet, depth + 1, path);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, depth, path);
      } else {
        const name = sel.name.value;
        const fragment = fragments.get(name);
        if (fragment && !path.has(name)) walk(fragment.selectionSet, depth, new Set([...path, name]));
      }
    }
  };
  for (const op of operationsOf(document)) walk(op.selectionSet, 1, new Set());
}

export type QueryCost = {
  /** Points the query costs (at least 1: a request is never free). */
  points: number;
  rateClass: RateClass;
  /** Selects __schema or __type. */
  introspection: boolean;
};

// biome-ignore lint/suspicious/noExplicitAny: a field of any type
type AnyField = GraphQLField<any, any>;

/** The cost of the operation to run, from a validated document and its variables. */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): QueryCost {
  const ops = operationsOf(document);
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  const out: QueryCost = { points: 0, rateClass: "standard", introspection: false };
  if (!op) return { ...out, points: 1 };
  const fragments = fragmentsOf(document);
  const expensive: string[] = [];
  const argsOf = (field: AnyField, node: Parameters<typeof getArgumentValues>[1]) => {
    try {
      return getArgumentValues(field, node, variables ?? {});
    } catch {
      // A value execution will refuse: the field will not run.
      return {};
    }
  };
  const walk = (
    set: SelectionSetNode,
    type: GraphQLNamedType | null | undefined,
    times: number,
    root: boolean,
  ) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const cond = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : type;
        walk(sel.selectionSet, cond, times, root);
        continue;
      }
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(sel.name.value);
        if (fragment)
          walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), times, root);
        continue;
      }
      const name = sel.name.value;
      if (name === "__schema" || name === "__type") out.introspection = true;
      if (name.startsWith("__") || !isObjectType(type)) continue;
      const field = type.getFields()[name];
      if (!field) continue;
      const operation = operationOf(field);
      const rule = costOf(field);
      if (root && operation?.rateClass === "expensive") expensive.push(name);
      out.points += (rule?.weight ?? (operation ? 1 : 0)) * times;
      if (sel.selectionSet) {
        const size = rule?.size ? rule.size(argsOf(field, sel)) : 1;
        walk(sel.selectionSet, getNamedType(field.type), times * size, false);
      }
    }
  };
  const rootType =
    op.operation === "query"
      ? schema.getQueryType()
      : op.operation === "mutation"
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  walk(op.selectionSet, rootType, 1, true);
  if (expensive.length > 1) {
    throw refuse(
      `An operation may select one expensive field; this one selects ${expensive.length} (${expensive.join(", ")}). Send them as separate requests.`,
    );
  }
  out.rateClass = expensive.length ? "expensive" : "standard";
  // Rounded to a thousandth first: hundredths summed in floating point overshoot whole numbers.
  out.points = Math.max(1, Math.ceil(Math.round(out.points * 1000) / 1000));
  return out;
}

/** The most a query may cost for this caller: a caller without a key has a smaller budget. */
export const costCap = (hasCredential: boolean) =>
  hasCredential ? MAX_QUERY_COST : Math.min(MAX_QUERY_COST, rateLimits.unauthenticated.standard);

/** Refuses a query over the caller's cap, naming its cost and how it adds up. */
export function checkQueryCost(cost: QueryCost, hasCredential: boolean): void {
  const cap = costCap(hasCredential);
  if (cost.points <= cap) return;
  throw refuse(
    `The query costs ${cost.points} points; at most ${cap} are allowed${hasCredential ? "" : " without an API key"}. Each field served by an operation costs 1 and each page or table text 0.01, times the page sizes of the lists above it (first, limit, from/to): ask for smaller pages or fewer fields.`,
  );
}
