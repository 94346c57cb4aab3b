import { lexicographicSortSchema } from "graphql";
import { builder } from "./builder.ts";
import "./accounts.ts";
import "./agents.ts";
import "./answering.ts";
import "./keys.ts";
import "./collections.ts";
import "./conversions.ts";
import "./documents.ts";
import "./documents-config.ts";
import "./hosting.ts";
import "./files.ts";
import "./tables.ts";
import "./workflows.ts";

export const schema = builder.toSchema();
/** The same schema with types in a stable order, for printing schema.graphql. */
export const sortedSchema = lexicographicSortSchema(schema);
