// A small, real OpenAI-compatible HTTP server on loopback, for testing the OpenAI provider without
// mocking the SDK: POST /v1/chat/completions, as a JSON reply or as server-sent events. Each call
// takes the next scripted behaviour (a reply, an error status, a delay, a stream that breaks or
// stalls midway); with nothing scripted it answers deterministically from what it was sent.

import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeUsage = { prompt_tokens: number; completion_tokens: number };

export type FakeBehaviour =
  /** An answer: `text`, or `json` serialised. Streamed when the request asks for a stream. */
  | {
      kind: "reply";
      text?: string;
      json?: unknown;
      /** The stream's content pieces (default: word by word); joined they should make the text. */
      chunks?: string[];
      finishReason?: "stop" | "length" | "tool_calls";
      /** Reported usage; null sends none even when asked. Default: a count, sent when asked. */
      usage?: FakeUsage | null;
      /** Pause between streamed chunks. */
      chunkDelayMs?: number;
      /**
       * Function calls the model makes (finish reason `tool_calls` unless set); streamed as
       * OpenAI does: the id and name first, then the arguments in two pieces.
       */
      toolCalls?: { id: string; name: string; arguments: string }[];
    }
  /** An error status with OpenAI's error body ({error: {message, type, param, code}}). */
  | {
      kind: "status";
      status: number;
      message?: string;
      type?: string;
      param?: string | null;
      code?: string | null;
      headers?: Record<string, string>;
    }
  /** Wait before doing `then` (default: the default reply); nothing is sent meanwhile. */
  | { kind: "delay"; ms: number; then?: FakeBehaviour }
  /**
   * A stream that sends its first `afterChunks` pieces of `text`, then drops the connection (or,
   * `graceful`, ends the response properly but without a finish reason or [DONE]).
   */
  | { kind: "drop"; text: string; afterChunks: number; graceful?: boolean }
  /** A stream that sends its first `afterChunks` pieces of `text`, then goes silent, connection open. */
  | { kind: "stall"; text: string; afterChunks: number };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, read freely by tests. */
  body: any;
  /** Date.now() when the request arrived. */
  at: number;
  /** Date.now() when the caller closed the connection before the answer was sent whole. */
  abandonedAt?: number;
};

export type FakeOpenAI = {
  /** http://127.0.0.1:<port> (the API is under /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Queues behaviours for the next calls, in order. */
  script: (...behaviours: FakeBehaviour[]) => void;
  /** Drops the behaviours scripted and not yet used. */
  clearScript: () => void;
  close: () => Promise<void>;
};

type Message = { role: string; content: string };

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const queue: FakeBehaviour[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let calls = 0;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      raw += chunk;
    });
    req.on("end", () => {
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path,
        headers: req.headers,
        body,
        at: Date.now(),
      };
      requests.push(recorded);
      res.on("close", () => {
        if (!res.writableFinished) recorded.abandonedAt = Date.now();
      });
      if (req.method !== "POST" || path !== "/v1/chat/completions") {
        sendError(res, 404, { message: `No route ${req.method} ${path}`, type: "invalid_request_error" });
        return;
      }
      calls++;
      perform(queue.shift() ?? defaultBehaviour(body), body as Record<string, unknown>, res, calls, later);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    clearScript: () => {
      queue.length = 0;
    },
    script: (...behaviours) => {
      queue.push(...behaviours);
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function perform(
  behaviour: FakeBehaviour,
  body: Record<string, unknown>,
  res: ServerResponse,
  call: number,
  later: (ms: number, run: () => void) => void,
) {
  const stream = body?.stream === true;
  switch (behaviour.kind) {
    case "delay":
      later(behaviour.ms, () => {
        if (!res.destroyed) perform(behaviour.then ?? defaultBehaviour(body), body, res, call, later);
      });
      return;
    case "status":
      sendError(
        res,
        behaviour.status,
        {
          message: behaviour.message ?? `Fake error ${behaviour.status}`,
          type: behaviour.type ?? (behaviour.status >= 500 ? "server_error" : "invalid_request_error"),
          param: behaviour.param ?? null,
          code: behaviour.code ?? null,
        },
        behaviour.headers,
      );
      return;
    case "drop":
    case "stall": {
      const pieces = piecesOf(behaviour.text).slice(0, behaviour.afterChunks);
      startStream(res);
      writeEvent(res, chunk(body, call, { role: "assistant", content: "" }, null));
      for (const piece of pieces) writeEvent(res, chunk(body, call, { content: piece }, null));
      // Give the pieces time to leave before the connection goes.
      if (behaviour.kind === "drop")
        later(50, () => (behaviour.graceful ? res.end() : res.socket?.destroy()));
      return;
    }
    case "reply": {
      const text = behaviour.text ?? (behaviour.json !== undefined ? JSON.stringify(behaviour.json) : "");
      const calls = behaviour.toolCalls ?? [];
      const finish = behaviour.finishReason ?? (calls.length ? "tool_calls" : "stop");
      const usage = behaviour.usage === undefined ? countUsage(body, text) : behaviour.usage;
      if (!stream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: `chatcmpl-fake-${call}`,
            object: "chat.completion",
            created: 1_700_000_000,
            model: String(body?.model ?? "unknown"),
            choices: [
              {
                index: 0,
                message: {
                  role: "assistant",
                  content: calls.length && !text ? null : text,
                  ...(calls.length
                    ? {
                        tool_calls: calls.map((c) => ({
                          id: c.id,
                          type: "function",
                          function: { name: c.name, arguments: c.arguments },
                        })),
                      }
                    : {}),
                },
                finish_reason: finish,
                logprobs: null,
              },
            ],
            ...(usage
              ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }
              : {}),
          }),
        );
        return;
      }
      const events: unknown[] = [chunk(body, call, { role: "assistant", content: "" }, null)];
      for (const piece of behaviour.chunks ?? piecesOf(text))
        events.push(chunk(body, call, { content: piece }, null));
      for (const [index, c] of calls.entries()) {
        const half = Math.ceil(c.arguments.length / 2);
        events.push(
          chunk(
            body,
            call,
            {
              tool_calls: [{ index, id: c.id, type: "function", function: { name: c.name, arguments: "" } }],
            },
            null,
          ),
        );
        for (const part of [c.arguments.slice(0, half), c.arguments.slice(half)])
          events.push(chunk(body, call, { tool_calls: [{ index, function: { arguments: part } }] }, null));
      }
      events.push(chunk(body, call, {}, finish));
      const wantsUsage =
        (body?.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
      if (usage && wantsUsage)
        events.push({
          ...chunk(body, call, {}, null),
          choices: [],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        });
      startStream(res);
      const delay = behaviour.chunkDelayMs ?? 0;
      const send = (i: number) => {
        if (res.destroyed) return;
        if (i === events.length) {
          res.end("data: [DONE]\n\n");
          return;
        }
        writeEvent(res, events[i]);
        if (delay > 0) later(delay, () => send(i + 1));
        else send(i + 1);
      };
      send(0);
      return;
    }
  }
}

/** With nothing scripted: JSON requests get an empty extraction; questions get an echo of the sources. */
function defaultBehaviour(body: unknown): FakeBehaviour {
  const b = body as { response_format?: unknown; messages?: Message[] } | null;
  if (b?.response_format) return { kind: "reply", json: { data: null, sources: {} } };
  const system = (b?.messages ?? [])
    .filter((m) => m.role === "system")
    .map((m) => m.content)
    .join("\n");
  const sources = [...system.matchAll(/^\[(\d+)\] \(file (.+?), page (\d+)\) (.*)$/gm)];
  if (sources.length === 0) return { kind: "reply", text: "The documents do not say." };
  const list = sources.map((s) => `[${s[1]}] ${s[2]} page ${s[3]}`).join("; ");
  const opening = (sources[0]?.[4] ?? "").split(/\s+/).slice(0, 8).join(" ");
  return {
    kind: "reply",
    text: `I was given ${sources.length} source(s): ${list}. The first one says: ${opening} [1].`,
  };
}

/** Word by word, the spaces kept before each word; joined they give the text back. */
function piecesOf(text: string): string[] {
  const pieces: string[] = text.match(/\s*\S+/g) ?? [];
  const rest = text.slice(pieces.join("").length);
  if (rest) pieces.push(rest);
  return pieces;
}

function countUsage(body: unknown, text: string): FakeUsage {
  return {
    prompt_tokens: Math.ceil(JSON.stringify((body as { messages?: unknown })?.messages ?? []).length / 4),
    completion_tokens: piecesOf(text).length,
  };
}

function chunk(body: Record<string, unknown>, call: number, delta: object, finish: string | null) {
  return {
    id: `chatcmpl-fake-${call}`,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: String(body?.model ?? "unknown"),
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  };
}

function startStream(res: ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
}

function writeEvent(res: ServerResponse, event: unknown) {
  res.write(`data: ${JSON.stringify(event)}\n\n`);
}

function sendError(res: ServerResponse, status: number, error: object, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ error }));
}
