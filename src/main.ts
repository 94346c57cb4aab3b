import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./core/log.ts";
import { startService } from "./start-service.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.logLevel, { role: config.role });
  const service = await startService(config, log);
  if (service.firstKey) {
    process.stdout.write(
      [
        "",
        `  First start: created account ${service.firstKey.accountId} and its secret API key:`,
        "",
        `    ${service.firstKey.secret}`,
        "",
        "  It is shown this once. Store it now; create more with `npm run keys -- create`.",
        "",
      ].join("\n"),
    );
  }
  if (service.url)
    process.stdout.write(
      `Quire is listening on ${config.baseUrl} (GraphQL at /graphql, OpenAPI at /openapi.json)\n`,
    );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    service.stop().then(
      () => process.exit(0),
      (err: Error) => {
        log.error("shutdown failed", { error: err.message });
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

main().catch((err: Error) => {
  process.stderr.write(`Quire failed to start: ${err.message}\n`);
  process.exit(1);
});
