import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { agentRunWire, endedAgentRunStatuses } from "../resolvers/agents/agent-run-record.ts";
import {
  type AnyRun,
  anyRunWire,
  cancelRun,
  getAnyRun,
  listAnyRuns,
  MAX_ANY_RUNS_PAGE,
} from "../resolvers/runs/any-run.ts";
import { liveRunStatuses, runRef, runTopic } from "../resolvers/workflows/run-record.ts";
import type { AppEnv } from "../web/env.ts";
import { sseResponse } from "../web/sse.ts";
import type { RestFace } from "./bind-route.ts";
import { AnyRunSchema } from "./runs-schemas.ts";
import { errorResponses, jsonResponse, mediaResponse, pageOf, pageQuery } from "./shared-schemas.ts";

// /v1/runs: the runs of workflows and of agents together, told apart by `kind`.

const tags = ["Runs"];

const RunParam = z.object({
  run_id: runRef.openapi({ param: { name: "run_id", in: "path" }, example: "run_4f8a0c2k9m1x7q3z" }),
});

const list = createRoute({
  method: "get",
  path: "/v1/runs",
  tags,
  summary: "The account's runs of workflows and agents, newest first",
  request: {
    query: z.object({
      ...pageQuery(listAnyRuns.input.shape.limit, `At most ${MAX_ANY_RUNS_PAGE}.`),
      kind: listAnyRuns.input.shape.kind.openapi({
        description: "Only runs of this kind; both when left out.",
      }),
    }),
  },
  responses: {
    200: jsonResponse(pageOf(AnyRunSchema, "AnyRunList"), "A page of runs."),
    ...errorResponses("FORBIDDEN"),
  },
});

const getOne = createRoute({
  method: "get",
  path: "/v1/runs/{run_id}",
  tags,
  summary: "A run, of a workflow or an agent",
  description:
    "Poll until its status ends (a workflow's: succeeded, needs_review or failed; an agent's: succeeded, failed or cancelled), or follow GET /v1/runs/{run_id}/events.",
  request: { params: RunParam },
  responses: { 200: jsonResponse(AnyRunSchema, "The run."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const cancel = createRoute({
  method: "post",
  path: "/v1/runs/{run_id}/cancel",
  tags,
  summary: "Cancel an agent's run",
  description:
    "A queued run never starts; a running one stops before its next step (a step under way finishes, and what it wrote stays). 409 for a run that has ended and for a workflow's run (it ends when its documents are read).",
  request: { params: RunParam },
  responses: {
    200: jsonResponse(AnyRunSchema, "The run, cancelled."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const events = createRoute({
  method: "get",
  path: "/v1/runs/{run_id}/events",
  operationId: "followRun",
  tags,
  summary: "A run's progress as server-sent events",
  description:
    "Events: `run` (the run as GET /v1/runs/{run_id} gives it) first; for an agent's run, `step` (each step as it ends, in the run's step form) and `status` ({status}) as they happen; for a workflow's run, `run` again after every change; and a last `run` when it ends, after which the stream closes. An error after the stream opened is an `error` event ({error: {code, message}}).",
  request: { params: RunParam },
  responses: {
    200: mediaResponse({ "text/event-stream": { schema: { type: "string" } } }, "The stream of events."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

const ended = (r: AnyRun) =>
  r.kind === "agent" ? endedAgentRunStatuses.includes(r.run.status) : !liveRunStatuses.includes(r.run.status);

export function registerRunRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind, services }: RestFace) {
  app.openapi(bind(list, listAnyRuns), async (c) => {
    const q = c.req.valid("query");
    const r = await listAnyRuns.invoke(ctxOf(c), { limit: q.limit, cursor: q.cursor, kind: q.kind });
    return c.json({ data: r.runs.map(anyRunWire), next_cursor: r.nextCursor }, 200);
  });
  app.openapi(bind(getOne, getAnyRun), async (c) =>
    c.json(anyRunWire(await getAnyRun.invoke(ctxOf(c), { ref: c.req.valid("param").run_id })), 200),
  );
  app.openapi(bind(cancel, cancelRun), async (c) =>
    c.json(anyRunWire(await cancelRun.invoke(ctxOf(c), { ref: c.req.valid("param").run_id })), 200),
  );
  app.openapi(bind(events, getAnyRun), async (c) => {
    const ctx = ctxOf(c);
    const ref = c.req.valid("param").run_id;
    // Refusals (another account's run, none) are answered before the stream opens.
    const first = await getAnyRun.invoke(ctx, { ref });
    let id = 0;
    return sseResponse(
      c,
      services,
      async (send, signal) => {
        const changes = await services.events.subscribe<unknown>(runTopic(first.run.id), signal);
        const emit = (event: string, data: unknown) =>
          send({ event, id: String(++id), data: JSON.stringify(data) });
        try {
          // Read after subscribing, so a change between the two is not lost.
          let now = await getAnyRun.invoke(ctx, { ref });
          await emit("run", anyRunWire(now));
          let steps = now.kind === "agent" ? now.run.steps.length : 0;
          let status = now.run.status;
          while (!ended(now)) {
            const next = await changes.next();
            if (next.done) return;
            now = await getAnyRun.invoke(ctx, { ref });
            if (now.kind === "agent") {
              const json = agentRunWire(now.run);
              for (const s of json.steps.slice(steps)) await emit("step", s);
              steps = json.steps.length;
              if (now.run.status !== status && !ended(now)) await emit("status", { status: now.run.status });
            } else if (!ended(now)) await emit("run", anyRunWire(now));
            status = now.run.status;
          }
          await emit("run", anyRunWire(now));
        } finally {
          await changes.return?.();
        }
      },
      (err, send) =>
        send({
          event: "error",
          id: String(++id),
          data: JSON.stringify({ error: { code: err.code, message: err.message } }),
        }),
    ) as never;
  });
}
