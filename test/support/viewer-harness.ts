import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createCanvas } from "@napi-rs/canvas";
import { Hono } from "hono";
import { assetVersion, viewerAssets } from "../../src/hosting/viewer/assets.ts";
import {
  renderPasswordPage,
  renderStatusPage,
  renderViewerPage,
} from "../../src/hosting/viewer/viewer-page.ts";

// A stand-in for the hosted serving app while it is being built: the viewer's pages and assets
// behind the same CSP, page images drawn with a number on each, and /text.json in any state.

export const HOSTED_CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

export type Harness = { url: string; state: HarnessState; close: () => Promise<void> };
export type HarnessState = {
  title: string;
  pages: string[];
  textStatus: "ready" | "pending" | "failed";
  allowDownload: boolean;
  password?: string;
};

function pagePng(n: number, w: number, h: number): Buffer {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = "#000";
  ctx.font = "64px sans-serif";
  ctx.fillText(`Page ${n}`, 80, 160);
  return canvas.toBuffer("image/png");
}

export async function startViewerHarness(state: HarnessState): Promise<Harness> {
  const app = new Hono();
  const W = 918;
  const H = 1188;
  const images = new Map<number, Buffer>();
  app.use(async (c, next) => {
    await next();
    c.header("content-security-policy", HOSTED_CSP);
    c.header("x-content-type-options", "nosniff");
  });
  app.get("/", (c) => {
    if (state.password && !c.req.header("cookie")?.includes("harness=ok")) {
      return c.html(renderPasswordPage({ title: state.title, csrf: "token" }));
    }
    return c.html(
      renderViewerPage({
        title: state.title,
        pageCount: state.pages.length,
        pages: state.pages.map((_, i) => ({ number: i + 1, width: W, height: H })),
        allowDownload: state.allowDownload,
        assetVersion,
      }),
    );
  });
  app.post("/_access", async (c) => {
    const form = await c.req.formData();
    if (form.get("password") !== state.password || form.get("csrf") !== "token") {
      return c.html(renderPasswordPage({ title: state.title, csrf: "token", error: "Wrong password." }), 401);
    }
    c.header("set-cookie", "harness=ok; Path=/; HttpOnly");
    return c.redirect("/", 303);
  });
  app.get("/gone", (c) =>
    c.html(
      renderStatusPage({ status: 410, title: "Gone", message: "This site expired.", assetVersion }),
      410,
    ),
  );
  app.get("/_assets/:name", (c) => {
    const a = viewerAssets.get(c.req.param("name"));
    if (!a) return c.notFound();
    return c.body(new Uint8Array(a.body), 200, { "content-type": a.contentType, etag: a.etag });
  });
  app.get("/pages/:file", (c) => {
    const n = Number(/^(\d+)\.png$/.exec(c.req.param("file"))?.[1]);
    if (!(n >= 1 && n <= state.pages.length)) return c.notFound();
    const png = images.get(n) ?? pagePng(n, W, H);
    images.set(n, png);
    return c.body(new Uint8Array(png), 200, { "content-type": "image/png" });
  });
  app.get("/text.json", (c) =>
    c.json({
      status: state.textStatus,
      pages: state.textStatus === "ready" ? state.pages.map((text, i) => ({ number: i + 1, text })) : [],
    }),
  );
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
