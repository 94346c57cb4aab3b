import type { GraphQLField } from "graphql";
import type { z } from "../core/zod.ts";

// What a field costs, declared beside it in its extensions and read by the request's cost
// analysis (schema/server/graphql-cost.ts) before anything runs:
// - `weight`: points per value the field produces. Fields served by an operation weigh 1 (one
//   REST request's worth) unless they say otherwise; text-heavy fields weigh a hundredth of a
//   point per value (a hundred pages' or tables' texts cost one request more, as one REST page of
//   a hundred items does); other fields weigh nothing.
// - `size`: for a list, how many items it may produce given its arguments, read from the
//   operation's own limits. Everything selected beneath the list is multiplied by it.

export type FieldCost = {
  weight?: number;
  size?: (args: Record<string, unknown>) => number;
};

/** A text-heavy field: its values are what makes a response large. */
export const textHeavy = { cost: { weight: 0.01 } satisfies FieldCost };

/**
 * A list as long as an operation's page-size input allows: `arg` (as sent, or left out) checked by
 * the operation's own schema for `limit`. A value the operation refuses sizes the list at 0, as
 * the operation will run nothing.
 */
export function sizedBy(limit: z.ZodType, arg: string): { cost: FieldCost } {
  return {
    cost: {
      size: (args) => {
        const r = limit.safeParse(args[arg] ?? undefined);
        return r.success && typeof r.data === "number" ? r.data : 0;
      },
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any field of any type
export const costOf = (field: GraphQLField<any, any>): FieldCost | undefined =>
  (field.extensions as { cost?: FieldCost } | undefined)?.cost;
