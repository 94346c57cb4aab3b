import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import type { Principal } from "../core/auth/principal.ts";
import type { Services } from "../core/services.ts";
import type PrismaTypes from "../generated/pothos-types.ts";
import { getDatamodel } from "../generated/pothos-types.ts";

/** The GraphQL context: the operation context plus the request id for error reports. */
export type GraphQLContext = {
  services: Services;
  principal: Principal;
  requestId: string;
};

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  Scalars: { DateTime: { Input: Date; Output: Date } };
  DefaultFieldNullability: false;
}>({
  plugins: [PrismaPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.services.db.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
});

builder.scalarType("DateTime", {
  description: "An ISO 8601 UTC timestamp.",
  serialize: (d) => d.toISOString(),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new TypeError("DateTime must be an ISO 8601 timestamp");
    return d;
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
