import type { Config } from "../config.ts";
import type { Database } from "./db/client.ts";
import type { EventBus } from "./events/pubsub.ts";
import type { Logger } from "./log.ts";

/** What the operations need from the outside world; built once in main.ts (or a test). */
export type Services = {
  config: Config;
  db: Database;
  events: EventBus;
  log: Logger;
};
