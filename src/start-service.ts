import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { buildServices } from "./build-services.ts";
import type { Config } from "./config.ts";
import { backfillPassages } from "./core/answering/backfill-passages.ts";
import { pruneRateWindows } from "./core/auth/rate-limit.ts";
import { bootstrapFirstAccount } from "./core/bootstrap.ts";
import { migrate } from "./core/db/migrate.ts";
import { resolveDatabase } from "./core/db/resolve-url.ts";
import type { PageImagePrerenderer } from "./core/documents/prerender-page-images.ts";
import type { Logger } from "./core/log.ts";
import type { Services } from "./core/services.ts";
import { createApp } from "./http/app.ts";
import { sweepExpiredUploads } from "./jobs/bodies/files.ts";
import { startWorker } from "./jobs/worker.ts";
import { createAccount } from "./resolvers/accounts/create-account.ts";
import { answerClientErrors } from "./web/client-error.ts";

export type RunningService = {
  services: Services;
  /** The address the API listens on; null when the role has no API. */
  url: string | null;
  /** Set on the first start of an empty database: the first account's secret key. */
  firstKey: { accountId: string; secret: string } | null;
  /** The worker role's background page images; null when the role has no worker. */
  prerender: PageImagePrerenderer | null;
  stop: () => Promise<void>;
};

/**
 * config -> database (embedded by default) -> migrations -> roles. `onQuery` sees every SQL
 * statement Prisma sends (tests count them to catch N+1 queries).
 */
export async function startService(
  config: Config,
  log: Logger,
  opts: { onQuery?: (sql: string) => void } = {},
): Promise<RunningService> {
  const database = await resolveDatabase(config, log);
  const applied = await migrate(database.url);
  if (applied.length) log.info("migrations applied", { applied });
  const worker = config.role === "worker" || config.role === "both";
  const built = await buildServices(database.url, config, log, { supervise: worker, onQuery: opts.onQuery });
  const { services, boss } = built;
  const firstKey = await bootstrapFirstAccount(services, async (name) => {
    const created = await createAccount.invoke(
      { principal: { kind: "operator", accountId: null }, services },
      { name },
    );
    return { accountId: created.account.id, secret: created.secret };
  });

  const stoppers: (() => Promise<void>)[] = [];
  let prerender: PageImagePrerenderer | null = null;
  if (worker) {
    const w = await startWorker(boss, services);
    prerender = w.prerender;
    stoppers.push(w.stop);
    // In the background: the service answers while older documents are made searchable.
    const backfill = backfillPassages(services).catch((err: Error) =>
      log.warn("backfilling passages failed", { error: err.message }),
    );
    stoppers.push(async () => {
      await backfill;
    });
  }
  let url: string | null = null;
  if (config.role === "api" || config.role === "both") {
    const { app, stop: stopHosted } = createApp(services);
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
    answerClientErrors(server, services);
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    const port = (server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}`;
    const prune = setInterval(() => {
      pruneRateWindows(services.db.pool).catch((err: Error) =>
        log.warn("pruning rate windows failed", { error: err.message }),
      );
      sweepExpiredUploads(services).catch((err: Error) =>
        log.warn("sweeping expired uploads failed", { error: err.message }),
      );
    }, 60_000);
    prune.unref();
    stoppers.push(async () => {
      clearInterval(prune);
      // graphql-sse streams stay open; closeAllConnections ends them so close() can finish.
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
      await stopHosted();
    });
    log.info("API listening", { url, baseUrl: config.baseUrl });
    // The page-image thread started and pdfjs loaded in it now, not by the first image asked for,
    // so that request does not wait for the start-up as well.
    services.renderer.warm();
  }

  return {
    services,
    url,
    firstKey,
    prerender,
    stop: async () => {
      for (const s of stoppers.reverse()) await s();
      await built.close();
      await database.stop();
    },
  };
}
