import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  listCollectionModels,
  listDocumentModels,
  listModels,
  type ModelEntry,
} from "../resolvers/answering/list-models.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import { CollectionRefParam } from "./collections.ts";
import { DocRefParam } from "./documents-schemas.ts";
import { errorResponses, jsonResponse } from "./shared-schemas.ts";

// OpenAI's `GET {baseURL}/models` beside every base URL a client is pointed at: the service's
// root (/v1), a document, a collection and the public resolver. Errors stay in the service's own
// envelope, as GET routes' do.

const ModelSchema = z
  .object({
    id: z.string().openapi({ description: "What a chat request's `model` takes.", example: "default" }),
    object: z.literal("model"),
    created: z.number().int().openapi({ description: "Unix seconds: when this service started serving it." }),
    owned_by: z.string().openapi({
      description:
        "The engine answering under this name: `builtin` (no model, no network) or `openai` (an OpenAI-compatible provider).",
      example: "builtin",
    }),
  })
  .openapi("Model");

const ModelList = z.object({ object: z.literal("list"), data: z.array(ModelSchema) }).openapi("ModelList");

const listJson = (models: ModelEntry[]) => ({
  object: "list" as const,
  data: models.map((m) => ({ id: m.id, object: "model" as const, created: m.created, owned_by: m.ownedBy })),
});

const description = (where: string) =>
  `The models ${where}, in OpenAI's list shape (the openai SDK's \`models.list()\` with this base URL). \`default\` is always listed.`;

const rootModels = createRoute({
  method: "get",
  path: "/v1/models",
  tags: ["Answering"],
  summary: "List the models chat requests may name",
  description: description("any chat request of this service may name"),
  responses: { 200: jsonResponse(ModelList, "The models."), ...errorResponses() },
});

const publicModels = createRoute({
  method: "get",
  path: "/v1/public/resolve/models",
  operationId: "listPublicModels",
  tags: ["Answering"],
  summary: "List the models, beside the public chat route",
  description: `${description("POST /v1/public/resolve/chat/completions may name")} No key needed.`,
  responses: { 200: jsonResponse(ModelList, "The models."), ...errorResponses() },
});

const documentModels = createRoute({
  method: "get",
  path: "/v1/documents/{id}/models",
  tags: ["Answering"],
  summary: "List the models the document can be asked with",
  description: `${description("the document's chat route may name")} Needs the \`query\` action on the document, as its chat route does.`,
  request: { params: DocRefParam },
  responses: { 200: jsonResponse(ModelList, "The models."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const collectionModels = createRoute({
  method: "get",
  path: "/v1/collections/{id}/models",
  tags: ["Answering"],
  summary: "List the models the collection can be asked with",
  description: `${description("the collection's query route may name")} Needs a secret key of the collection's owner.`,
  request: { params: CollectionRefParam },
  responses: { 200: jsonResponse(ModelList, "The models."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

export function registerModelRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(rootModels, listModels), async (c) =>
    c.json(listJson(await listModels.invoke(ctxOf(c), {})), 200),
  );
  app.openapi(bind(publicModels, listModels), async (c) =>
    c.json(listJson(await listModels.invoke(ctxOf(c), {})), 200),
  );
  app.openapi(bind(documentModels, listDocumentModels), async (c) =>
    c.json(listJson(await listDocumentModels.invoke(ctxOf(c), { ref: c.req.valid("param").id })), 200),
  );
  app.openapi(bind(collectionModels, listCollectionModels), async (c) =>
    c.json(listJson(await listCollectionModels.invoke(ctxOf(c), { ref: c.req.valid("param").id })), 200),
  );
}
