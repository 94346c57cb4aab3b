import { lexicographicSortSchema } from "graphql";
import { builder } from "./builder.ts";
import "./account.ts";
import "./agent.ts";
import "./answering.ts";
import "./api-key.ts";
import "./collection.ts";
import "./conversion.ts";
import "./document.ts";
import "./document-config.ts";
import "./deployment.ts";
import "./file.ts";
import "./typed-table.ts";
import "./workflow.ts";

export const schema = builder.toSchema();
/** The same schema with types in a stable order, for printing schema.graphql. */
export const sortedSchema = lexicographicSortSchema(schema);
