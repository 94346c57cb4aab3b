import {
  AGENT_RUN_QUEUE,
  CONVERSION_QUEUE,
  EXTRACTION_QUEUE,
  FILE_PAGES_QUEUE,
  WORKFLOW_RUN_QUEUE,
} from "../../core/job-queue.ts";
import type { QueueSpec } from "../runner.ts";
import { agentRunOptions } from "./agent-run.ts";
import { conversionOptions } from "./conversion.ts";
import { extractionOptions } from "./extraction.ts";
import { filePagesOptions } from "./file-pages.ts";
import { workflowRunOptions } from "./workflow-run.ts";

/** Every queue of the service: each process makes them, whatever its role. */
export const queueSpecs: readonly QueueSpec[] = [
  { name: EXTRACTION_QUEUE, options: extractionOptions },
  { name: FILE_PAGES_QUEUE, options: filePagesOptions },
  { name: CONVERSION_QUEUE, options: conversionOptions },
  { name: WORKFLOW_RUN_QUEUE, options: workflowRunOptions },
  { name: AGENT_RUN_QUEUE, options: agentRunOptions },
];
