import type { Document } from "../../generated/prisma/client.ts";
import { structuredSource } from "../answering/structured-source.ts";
import type { FieldSource } from "../invoices/invoice-types.ts";
import type { Services } from "../services.ts";
import { checkData, type DataCheck } from "./data-checks.ts";
import { sourcesByPointer } from "./field-sources.ts";
import type { WorkflowDefinition } from "./workflow-steps.ts";

export type DynamicReading = {
  data: Record<string, unknown>;
  sources: Record<string, FieldSource>;
  checks: DataCheck[];
};

/**
 * A dynamic workflow's reading of one parsed document: the extract step's schema filled by the
 * configured engine (the structured-output one: built in, or the model), then its checks.
 */
export async function readDynamicDocument(
  services: Services,
  doc: Document,
  definition: WorkflowDefinition,
  locale: string | undefined,
): Promise<DynamicReading> {
  const source = await structuredSource(services, doc);
  const provider = services.answers;
  const result = await provider.extract({
    ...source,
    prompt: [definition.extract.prompt, locale && `Locale: ${locale}.`].filter(Boolean).join(" "),
    schema: definition.extract.schema,
    model: provider.models[0] as string,
  });
  const data =
    result.data && typeof result.data === "object" && !Array.isArray(result.data)
      ? (result.data as Record<string, unknown>)
      : {};
  // The engine gives no confidence of its own for a value: none is made up.
  return {
    data,
    sources: sourcesByPointer(result.sources, null),
    checks: checkData(data, result, definition.rules),
  };
}
