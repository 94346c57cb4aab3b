import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function raw(
  url: string,
  request: string,
): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request, "latin1"));
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (d) => {
      data += d;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = data.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = new Map(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
  });
}

describe("requests Node's HTTP parser refuses", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await sharedTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const cases: [string, string, RegExp][] = [
    [
      "a control character in a header value",
      "GET /v1/documents HTTP/1.1\r\nHost: x\r\nX-Note: a\u0001b\r\n\r\n",
      /character HTTP does not allow/,
    ],
    [
      "headers over the size limit",
      `GET /v1/documents HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      /headers are larger/,
    ],
    ["a malformed request line", "GET\u0000 / HTTP/1.1\r\nHost: x\r\n\r\n", /not valid/],
  ];
  for (const [name, request, message] of cases) {
    it(`answers ${name} in the error envelope, with a request id and rate-limit headers`, async () => {
      const r = await raw(server.url, request);
      expect(r.status).toBe(400);
      expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const body = JSON.parse(r.body);
      expect(body.error.code).toBe("BAD_REQUEST");
      expect(body.error.message).toMatch(message);
      expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.headers.get("x-ratelimit-limit")).toBe("60");
      expect(Number(r.headers.get("x-ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
      expect(r.headers.get("cache-control")).toBe("no-store");
    });
  }

  it("the server still answers well-formed requests afterwards", async () => {
    const r = await fetch(`${server.url}/health`);
    expect(r.status).toBe(200);
  });
});
