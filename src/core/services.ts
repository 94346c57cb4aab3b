import type { Config } from "../config.ts";
import type { AnswerProvider } from "./answering/answer-types.ts";
import type { BlobStore } from "./blobs/blob-store.ts";
import type { Database } from "./db/client.ts";
import type { EventBus } from "./events/pubsub.ts";
import type { Extractor } from "./extraction/extractor.ts";
import type { PageRenderer } from "./extraction/page-renderer.ts";
import type { JobQueue } from "./job-queue.ts";
import type { Logger } from "./log.ts";

/** What the operations need from the outside world; built once by build-services.ts (or a test). */
export type Services = {
  config: Config;
  db: Database;
  events: EventBus;
  blobs: BlobStore;
  jobs: JobQueue;
  extractor: Extractor;
  /** Draws page images, on a thread of its own. */
  renderer: PageRenderer;
  /** Answers questions and fills schemas: the built-in engine or an OpenAI-compatible API (ANSWER_PROVIDER). */
  answers: AnswerProvider;
  log: Logger;
};
