import { cp } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import {
  bundleOptions,
  SEPARATE_ENTRIES,
  SEPARATE_ENTRY_SOURCES,
} from "../src/core/extraction/bundled-module.ts";
import { clientBuildOptions, DASHBOARD_ASSETS_BUILD_DIR } from "../src/dashboard/dashboard-assets.ts";
import { VIEWER_ASSETS_BUILD_DIR } from "../src/hosting/viewer/assets.ts";

/** How our programs are bundled to run under node: one ESM file, packages left in node_modules. */
export const NODE_BUNDLE = { bundle: true, platform: "node", format: "esm", packages: "external" } as const;

/**
 * The service built into `outdir`: its entry (main.js), and beside it the modules it starts apart
 * (the page-image thread, the extraction process, the conversion process), each bundled as the
 * service bundles them from source, and the static files its modules read from beside main.js.
 * Packages stay in node_modules, so `outdir` must be inside the project. `npm run build` builds
 * dist/; the tests build one for their run and start their service processes from it.
 */
export async function buildService(outdir: string): Promise<void> {
  const src = path.resolve(import.meta.dirname, "../src");
  const common = { outdir, logLevel: "warning" as const };
  await build({ entryPoints: [`${src}/main.ts`], ...NODE_BUNDLE, ...common });
  for (const name of SEPARATE_ENTRIES) {
    await build({
      ...(await bundleOptions(name)),
      entryPoints: { [name]: `${src}/core/${SEPARATE_ENTRY_SOURCES[name]}` },
      ...common,
    });
  }
  // The hosted viewer's static files.
  await cp(`${src}/hosting/viewer/assets`, `${outdir}/${VIEWER_ASSETS_BUILD_DIR}`, { recursive: true });
  // The dashboard's browser code (one script, one stylesheet).
  await build({
    ...clientBuildOptions,
    outdir: `${outdir}/${DASHBOARD_ASSETS_BUILD_DIR}`,
    logLevel: "warning",
  });
}
