import type { Config } from "./config.ts";
import { createAnswerProvider } from "./core/answering/create-provider.ts";
import type { BlobStore } from "./core/blobs/blob-store.ts";
import { createLocalBlobStore } from "./core/blobs/local-blob-store.ts";
import { createS3BlobStore } from "./core/blobs/s3-blob-store.ts";
import { connectDatabase } from "./core/db/client.ts";
import { createEventBus } from "./core/events/pubsub.ts";
import { ThreadPageRenderer } from "./core/extraction/page-renderer.ts";
import { ProcessExtractor } from "./core/extraction/process-extractor.ts";
import type { Logger } from "./core/log.ts";
import type { Services } from "./core/services.ts";
import { queueSpecs } from "./jobs/queues/index.ts";
import { startJobQueue } from "./jobs/runner.ts";

/** The configured store; an S3 bucket that cannot be reached stops the start with the reason. */
async function createBlobStore(config: Config): Promise<BlobStore> {
  const settings = config.blobStore;
  if (settings.kind === "local") return createLocalBlobStore(config.blobDir);
  const store = createS3BlobStore(settings);
  await store.check().catch((err: Error) => {
    throw new Error(
      `BLOB_STORE=s3: bucket ${settings.bucket} cannot be reached (${err.name}: ${err.message}). Check S3_ENDPOINT, S3_REGION, S3_BUCKET and the credentials.`,
    );
  });
  return store;
}

/** The services every entry point (server, worker, CLI) builds the same way over one migrated database. */
export async function buildServices(
  databaseUrl: string,
  config: Config,
  log: Logger,
  opts: { supervise: boolean; poolSize?: number; onQuery?: (sql: string) => void },
) {
  // First: a store that cannot be reached stops the start before anything else is opened.
  const blobs = await createBlobStore(config);
  const db = connectDatabase({
    url: databaseUrl,
    poolSize: opts.poolSize ?? config.dbPoolSize,
    sqlPoolSize: config.sqlPoolSize,
    onQuery: opts.onQuery,
  });
  const events = createEventBus({ url: databaseUrl, pool: db.pool, log });
  const { boss, queue } = await startJobQueue(databaseUrl, config, log, events, queueSpecs, {
    supervise: opts.supervise,
  });
  const services: Services = {
    config,
    db,
    events,
    log,
    blobs,
    jobs: queue,
    extractor: new ProcessExtractor({ memoryBytes: config.extractionMemoryBytes }),
    renderer: new ThreadPageRenderer({ timeBudgetMs: config.pageImageTimeBudgetSeconds * 1000 }),
    answers: createAnswerProvider(config, log),
  };
  return {
    services,
    boss,
    close: async () => {
      // In-flight jobs finish (or are abandoned to retry after 10 s) before the database goes.
      await boss.stop({ graceful: true, timeout: 10_000 });
      await events.close();
      await db.close();
      await services.renderer.close();
      await services.extractor.close();
    },
  };
}
