import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

// The dashboard's browser code: one script and one stylesheet, served by the service itself (no
// CDN). From source, esbuild bundles the client when first asked (about 100 ms); `npm run build`
// writes the same bundle to dist/dashboard-assets, read from there when the service runs built.

/** An asset, with its gzip form made once beside it (served to browsers that accept it). */
export type DashboardAsset = { body: Buffer; gzipped: Buffer; contentType: string; etag: string };

export const DASHBOARD_ASSETS_BUILD_DIR = "dashboard-assets";

const fromSource = /\.ts($|\?)/.test(import.meta.url);

/** How the client is bundled, here and by scripts/build.ts alike. */
export const clientBuildOptions = {
  entryPoints: { app: fileURLToPath(new URL("./client/main.tsx", import.meta.url)) },
  bundle: true,
  platform: "browser" as const,
  format: "esm" as const,
  target: "es2022",
  jsx: "automatic" as const,
  jsxImportSource: "preact",
  minify: true,
  legalComments: "none" as const,
};

const etagOf = (body: Buffer) => `"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`;

async function load(): Promise<Map<string, DashboardAsset>> {
  const files = new Map<string, Buffer>();
  if (fromSource) {
    const { build } = await import("esbuild");
    const out = await build({ ...clientBuildOptions, write: false, outdir: "out", logLevel: "silent" });
    for (const f of out.outputFiles) files.set(f.path.split("/").at(-1) ?? "", Buffer.from(f.contents));
  } else {
    const dir = new URL(`./${DASHBOARD_ASSETS_BUILD_DIR}/`, import.meta.url);
    for (const name of ["app.js", "app.css"])
      files.set(name, await readFile(new URL(name, dir)).catch(() => Buffer.alloc(0)));
  }
  const types: Record<string, string> = {
    js: "text/javascript; charset=utf-8",
    css: "text/css; charset=utf-8",
  };
  const assets = new Map<string, DashboardAsset>();
  for (const [name, body] of files) {
    const ext = name.split(".").at(-1) ?? "";
    if (types[ext])
      assets.set(name, {
        body,
        gzipped: gzipSync(body, { level: 9 }),
        contentType: types[ext],
        etag: etagOf(body),
      });
  }
  return assets;
}

let loading: Promise<Map<string, DashboardAsset>> | undefined;
/** The assets by file name (app.js, app.css), built or read once. */
export const dashboardAssets = () => {
  loading ??= load();
  return loading;
};

/** A version of all assets together, for their URLs (?v=), so browsers may cache them long. */
export async function assetsVersion(): Promise<string> {
  const assets = await dashboardAssets();
  return createHash("sha256")
    .update([...assets.values()].map((a) => a.etag).join(""))
    .digest("hex")
    .slice(0, 12);
}
