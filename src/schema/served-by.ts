import type { GraphQLField, GraphQLSchema } from "graphql";
import type { AnyOperation } from "../resolvers/operation.ts";

// A GraphQL field served by an operation says so in its extensions; the rate class of a GraphQL
// request, and the security tests, read the operations from the built schema.

export const servedBy = (operation: AnyOperation) => ({ operation });

// biome-ignore lint/suspicious/noExplicitAny: any field of any type
export const operationOf = (field: GraphQLField<any, any>): AnyOperation | undefined =>
  (field.extensions as { operation?: AnyOperation } | undefined)?.operation;

/** Every field served by an operation, as `Type.field`, over the whole schema. */
export function operationFields(schema: GraphQLSchema): Map<string, AnyOperation> {
  const out = new Map<string, AnyOperation>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__") || !("getFields" in type) || !("isTypeOf" in type)) continue;
    for (const field of Object.values(type.getFields())) {
      // biome-ignore lint/suspicious/noExplicitAny: output fields only (isTypeOf marks object types)
      const op = operationOf(field as GraphQLField<any, any>);
      if (op) out.set(`${type.name}.${field.name}`, op);
    }
  }
  return out;
}
