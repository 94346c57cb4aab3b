import http from "node:http";

export type HostedReply = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** Set-Cookie's name=value pairs, for sending back. */
  cookies: string[];
};

/**
 * A request to the service with the Host header a browser would send for a hosted site
 * (`brave-otter.quire.localhost`), over a plain connection to the test server's address.
 */
export function hosted(
  base: string,
  host: string,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostedReply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: opts.method ?? "GET",
        path,
        headers: {
          host,
          ...opts.headers,
          ...(opts.body === undefined ? {} : { "content-length": String(Buffer.byteLength(opts.body)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const setCookie = res.headers["set-cookie"] ?? [];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString("utf8"),
            cookies: setCookie.map((c) => c.split(";")[0] as string),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** The port part of a test server's address, for Host headers. */
export const portOf = (base: string) => new URL(base).port;
