import { type DocumentNode, Kind, type OperationDefinitionNode } from "graphql";
import type { RateClass } from "../core/auth/rate-limit.ts";

// GraphQL operations count in the same class as their REST twins (SPEC 8). Root fields listed
// here are the twins of the expensive REST operations.
export const expensiveRootFields = new Set<string>(["uploadDocument", "structuredOutput", "chatCompletion"]);

export function graphqlRateClass(
  document: DocumentNode,
  operationName: string | null | undefined,
): RateClass {
  const ops = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  if (!op) return "standard";
  for (const sel of op.selectionSet.selections) {
    if (sel.kind === Kind.FIELD && expensiveRootFields.has(sel.name.value)) return "expensive";
  }
  return "standard";
}
