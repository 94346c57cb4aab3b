import {
  AGENT_RUN_QUEUE,
  CONVERSION_QUEUE,
  EXTRACTION_QUEUE,
  FILE_PAGES_QUEUE,
  WORKFLOW_RUN_QUEUE,
} from "../../core/job-queue.ts";
import type { QueueSpec } from "../runner.ts";
import { agentRunOptions } from "./agents.ts";
import { conversionOptions } from "./conversions.ts";
import { extractionOptions } from "./documents.ts";
import { filePagesOptions } from "./files.ts";
import { workflowRunOptions } from "./workflows.ts";

/** Every queue of the service: each process makes them, whatever its role. */
export const queueSpecs: readonly QueueSpec[] = [
  { name: EXTRACTION_QUEUE, options: extractionOptions },
  { name: FILE_PAGES_QUEUE, options: filePagesOptions },
  { name: CONVERSION_QUEUE, options: conversionOptions },
  { name: WORKFLOW_RUN_QUEUE, options: workflowRunOptions },
  { name: AGENT_RUN_QUEUE, options: agentRunOptions },
];
