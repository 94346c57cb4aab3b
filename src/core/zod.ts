// The zod every schema of ours is made with. Operation schemas are also the REST face's OpenAPI
// schemas, which describe them with .openapi(); zod 4 gives that method only to schemas made
// after the extension, so it is applied here, before any schema exists, whatever loads first.
export { z } from "@hono/zod-openapi";
