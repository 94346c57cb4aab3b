import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

// The viewer's static files, read once when the module loads: they never change while the process
// runs, so each is served from memory with a strong ETag, and `assetVersion` (a hash over all of
// them) goes into every asset URL as ?v= so that browsers may cache them for a year and still
// see a new release at once.
//
// From source the files sit in ./assets beside this module. `npm run build` bundles this module
// into dist/main.js and copies the files to dist/viewer-assets (scripts/build.ts).

export type ViewerAsset = { body: Buffer; contentType: string; etag: string };

const FILES: Record<string, string> = {
  "viewer.js": "text/javascript; charset=utf-8",
  "viewer.css": "text/css; charset=utf-8",
};

export const VIEWER_ASSETS_BUILD_DIR = "viewer-assets";

function assetDir(): URL {
  const here = import.meta.url;
  return /\.ts($|\?)/.test(here)
    ? new URL("./assets/", here)
    : new URL(`./${VIEWER_ASSETS_BUILD_DIR}/`, here);
}

function sha256(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

function load(): { assets: ReadonlyMap<string, ViewerAsset>; version: string } {
  const dir = assetDir();
  const assets = new Map<string, ViewerAsset>();
  for (const [name, contentType] of Object.entries(FILES)) {
    const body = readFileSync(new URL(name, dir));
    assets.set(name, { body, contentType, etag: `"${sha256(body).slice(0, 32)}"` });
  }
  const version = sha256([...assets].map(([name, a]) => `${name}:${a.etag}`).join("\n")).slice(0, 16);
  return { assets, version };
}

const loaded = load();

/** The viewer's files by name (as in /_assets/{name}). */
export const viewerAssets: ReadonlyMap<string, ViewerAsset> = loaded.assets;

/** Changes whenever any asset changes; put in asset URLs as ?v=. */
export const assetVersion: string = loaded.version;
