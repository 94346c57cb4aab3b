import { cp } from "node:fs/promises";
import { build } from "esbuild";
import {
  bundleOptions,
  SEPARATE_ENTRIES,
  SEPARATE_ENTRY_SOURCES,
} from "../src/core/extraction/bundled-module.ts";
import { clientBuildOptions, DASHBOARD_ASSETS_BUILD_DIR } from "../src/dashboard/dashboard-assets.ts";
import { VIEWER_ASSETS_BUILD_DIR } from "../src/hosting/viewer/assets.ts";

// `npm run build`: the service's entry, and beside it the modules it starts apart (the page-image
// thread, the extraction process, the conversion process), each bundled as the service bundles them from source.

const common = { outdir: "dist", logLevel: "warning" as const };
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  packages: "external",
  ...common,
});
for (const name of SEPARATE_ENTRIES) {
  await build({
    ...(await bundleOptions(name)),
    entryPoints: { [name]: `src/core/${SEPARATE_ENTRY_SOURCES[name]}` },
    ...common,
  });
}
// The hosted viewer's static files, which its module reads from beside dist/main.js.
await cp("src/hosting/viewer/assets", `dist/${VIEWER_ASSETS_BUILD_DIR}`, { recursive: true });
// The dashboard's browser code (one script, one stylesheet), which its module reads from beside dist/main.js.
await build({ ...clientBuildOptions, outdir: `dist/${DASHBOARD_ASSETS_BUILD_DIR}`, logLevel: "warning" });
