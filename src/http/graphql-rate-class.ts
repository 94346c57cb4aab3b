import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";
import type { RateClass } from "../core/auth/rate-limit.ts";
import { AppError } from "../core/errors.ts";
import { operationOf } from "../schema/served-by.ts";

// A GraphQL request counts in the rate class of the operations its root fields are served by
// (the `operation` extension of each field), as their REST twins do.

/** The root fields (of Query, Mutation, Subscription) served by an expensive operation. */
export function expensiveRootFields(schema: GraphQLSchema): Set<string> {
  const out = new Set<string>();
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(root?.getFields() ?? {}))
      if (operationOf(field)?.rateClass === "expensive") out.add(field.name);
  }
  return out;
}

/** The root fields an operation selects, through inline fragments and fragment spreads, aliases repeated. */
function rootFieldNames(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  visited = new Set<string>(),
): string[] {
  const out: string[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT)
      out.push(...rootFieldNames(sel.selectionSet, fragments, visited));
    else {
      const name = sel.name.value;
      const fragment = fragments.get(name);
      // A fragment spread twice (or in a cycle, which validation refuses anyway) is walked once.
      if (!fragment || visited.has(name)) continue;
      visited.add(name);
      out.push(...rootFieldNames(fragment.selectionSet, fragments, visited));
    }
  }
  return out;
}

/**
 * The rate class of the operation to run. An operation may hold at most one expensive field:
 * one request is counted once, so aliases (`a: chatCompletion … b: chatCompletion …`) would
 * otherwise run many expensive operations for the price of one.
 */
export function graphqlRateClass(
  expensiveFields: ReadonlySet<string>,
  document: DocumentNode,
  operationName: string | null | undefined,
): RateClass {
  const ops = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  if (!op) return "standard";
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const expensive = rootFieldNames(op.selectionSet, fragments).filter((f) => expensiveFields.has(f));
  if (expensive.length > 1) {
    throw new AppError(
      "BAD_REQUEST",
      `An operation may select one expensive field (${[...expensiveFields].join(", ")}); this one selects ${expensive.length}. Send them as separate requests.`,
    );
  }
  return expensive.length ? "expensive" : "standard";
}
