import http from "node:http";

// The load generators' HTTP client: node:http over kept-alive connections, much cheaper per
// request than fetch, so the client (on the same two cores) weighs less on what is measured.
// A kept-alive connection the server closes as idle just as a request goes out on it is reset:
// that request is sent again on a new one, as browsers do (Node's documented `reusedSocket`).

export type KeepAliveReply = { status: number; bytes: number; text: string };

export function keepAliveClient(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  function once(
    base: string,
    method: string,
    pathName: string,
    headers: Record<string, string>,
    body: string | undefined,
    keepText: boolean,
  ): Promise<KeepAliveReply> {
    const url = new URL(base);
    const sent =
      body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: pathName, method, headers: sent, agent },
        (res) => {
          let bytes = 0;
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => {
            bytes += c.length;
            if (keepText) chunks.push(c);
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              bytes,
              text: keepText ? Buffer.concat(chunks).toString("utf8") : "",
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", (err: NodeJS.ErrnoException) =>
        reject(Object.assign(err, { reusedSocket: req.reusedSocket && err.code === "ECONNRESET" })),
      );
      req.end(body);
    });
  }

  return {
    /** One request; the body is read whole (kept as text when `keepText`, else only counted). */
    async request(
      base: string,
      opts: {
        method?: string;
        path: string;
        headers?: Record<string, string>;
        body?: string;
        keepText?: boolean;
      },
    ): Promise<KeepAliveReply> {
      const args = [
        base,
        opts.method ?? "GET",
        opts.path,
        opts.headers ?? {},
        opts.body,
        opts.keepText ?? false,
      ] as const;
      try {
        return await once(...args);
      } catch (err) {
        if ((err as { reusedSocket?: boolean }).reusedSocket) return once(...args);
        throw err;
      }
    },
    close: () => agent.destroy(),
  };
}
