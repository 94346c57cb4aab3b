import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import { GraphQLError } from "graphql";
import type { Principal } from "../core/auth/principal.ts";
import type { Services } from "../core/services.ts";
import type PrismaTypes from "../generated/pothos-types.ts";
import { getDatamodel } from "../generated/pothos-types.ts";

/** The GraphQL context: the operation context plus the request id for error reports. */
export type GraphQLContext = {
  services: Services;
  principal: Principal;
  requestId: string;
  /** Aborts when the client goes away (work done only for its answer stops with it). */
  signal?: AbortSignal;
  /** The address the request reached (scheme, host, port): links this service hands out. */
  origin: string;
};

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    File: { Input: File; Output: never };
    JSON: { Input: unknown; Output: unknown };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [RelayPlugin, PrismaPlugin],
  relay: { clientMutationId: "omit", cursorType: "String" },
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
    if (Number.isNaN(d.getTime())) {
      throw new GraphQLError("DateTime must be an ISO 8601 timestamp.", {
        extensions: { code: "BAD_REQUEST" },
      });
    }
    return d;
  },
});

builder.scalarType("File", {
  description: "A file sent with the GraphQL multipart request specification.",
  serialize: () => {
    throw new Error("File is an input type");
  },
  parseValue: (v) => {
    // yoga hands over its own File implementation, so the check is on shape, not class.
    const f = v as File | null;
    if (!f || typeof f !== "object" || typeof f.arrayBuffer !== "function" || typeof f.name !== "string") {
      throw new GraphQLError(
        "Expected a file part of a multipart request (GraphQL multipart request specification).",
        {
          extensions: { code: "BAD_REQUEST" },
        },
      );
    }
    return f;
  },
});

builder.scalarType("JSON", {
  description: "Any JSON value.",
  serialize: (v) => v,
  parseValue: (v) => v,
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
