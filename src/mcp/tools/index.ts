import type { Services } from "../../core/services.ts";
import type { ToolDefinition } from "../tool.ts";
import { agentTools } from "./agents.ts";
import { answeringTools } from "./answering.ts";
import { collectionTools } from "./collections.ts";
import { conversionTools } from "./conversions.ts";
import { documentTools } from "./documents.ts";
import { readingTools } from "./documents-reading.ts";
import { fileTools } from "./files.ts";
import { hostingTools } from "./hosting.ts";
import { workflowTools } from "./workflows.ts";

/** Every tool, in the order a model reads the list: documents, reading, answering, collections, files, conversions, hosting, workflows, agents. */
export function allTools(services: Services): ToolDefinition[] {
  return [
    ...documentTools(services),
    ...readingTools(services),
    ...answeringTools(services),
    ...collectionTools(services),
    ...fileTools(services),
    ...conversionTools(services),
    ...hostingTools(services),
    ...workflowTools(services),
    ...agentTools(services),
  ];
}
