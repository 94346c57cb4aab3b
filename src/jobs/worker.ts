import type { PgBoss } from "pg-boss";
import {
  type PageImagePrerenderer,
  storedDocumentPrerenderer,
} from "../core/documents/prerender-page-images.ts";
import type { Services } from "../core/services.ts";
import { ExtractionActivity } from "./extraction-activity.ts";
import { agentRunQueue } from "./queues/agents.ts";
import { conversionQueue } from "./queues/conversions.ts";
import { extractionQueue } from "./queues/documents.ts";
import { filePagesQueue } from "./queues/files.ts";
import { workflowRunQueue } from "./queues/workflows.ts";
import { runQueues } from "./runner.ts";

/** How long after the last extraction ended background page images may start. */
const QUIET_BEFORE_IMAGES_MS = 2000;

/** The worker role: every queue's slots in this process, and background page images between jobs. */
export async function startWorker(
  boss: PgBoss,
  services: Services,
): Promise<{ prerender: PageImagePrerenderer; stop: () => Promise<void> }> {
  const activity = new ExtractionActivity(QUIET_BEFORE_IMAGES_MS);
  const prerender = storedDocumentPrerenderer(services, services.config.prerenderPages, activity.busy);
  const runner = await runQueues(boss, services, [
    extractionQueue({ activity, prerender }),
    filePagesQueue,
    conversionQueue,
    workflowRunQueue,
    agentRunQueue,
  ]);
  return {
    prerender,
    async stop() {
      // A slot in the middle of a long job is not waited for long (another worker resumes it),
      // and background page images stop after the page under way, within the same wait.
      await Promise.race([
        Promise.all([runner.stop(), prerender.stop()]),
        new Promise((r) => setTimeout(r, 10_000).unref()),
      ]);
    },
  };
}
