import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { BuildOptions } from "esbuild";

// Code that runs apart from the service (the page-image thread, the extraction process) is
// started from a module of its own. Built, the service has it beside dist/main.js (`npm run
// build` bundles each one). From source (tsx, vitest), it is bundled here on first use the same
// way, into node_modules/.cache so that its packages resolve: a thread running the .ts files
// through tsx's loader spends seconds compiling its modules before its first page, where the
// bundle starts at once.

const found = new Map<string, Promise<URL>>();

/**
 * The module of `name` (a file beside this one, without extension), found or built once a
 * process: a thread or process started again after an overrun reuses it.
 */
export function bundledModule(name: SeparateEntry): Promise<URL> {
  let url = found.get(name);
  if (!url) {
    url = findModule(name);
    found.set(name, url);
    // A failed build is tried again by the next start, not remembered.
    url.catch(() => found.delete(name));
  }
  return url;
}

/**
 * The modules started apart from the service, by name, with their source under src/core: built
 * beside dist/main.js (as `<name>.js`) by scripts/build.ts.
 */
export const SEPARATE_ENTRY_SOURCES = {
  "render-thread": "extraction/render-thread.ts",
  "extraction-child": "extraction/extraction-child.ts",
  "conversion-child": "conversions/conversion-child.ts",
} as const;
export type SeparateEntry = keyof typeof SEPARATE_ENTRY_SOURCES;
export const SEPARATE_ENTRIES = Object.keys(SEPARATE_ENTRY_SOURCES) as SeparateEntry[];

/**
 * How a separate module is bundled, here and by `npm run build` alike: its packages stay in
 * node_modules, except that the extraction process carries pdfjs's reading code with the reading
 * limits patched in (pdfjs-limits-plugin.ts).
 */
export async function bundleOptions(name: string): Promise<BuildOptions> {
  const plugins =
    name === "extraction-child" ? [(await import("./pdfjs-limits-plugin.ts")).pdfjsLimitsPlugin()] : [];
  return { bundle: true, platform: "node", format: "esm", packages: "external", plugins };
}

async function findModule(name: SeparateEntry): Promise<URL> {
  const here = import.meta.url;
  if (!/\.ts($|\?)/.test(here)) return new URL(`./${name}.js`, here);
  const { build } = await import("esbuild");
  const out = await build({
    ...(await bundleOptions(name)),
    entryPoints: [fileURLToPath(new URL(`../${SEPARATE_ENTRY_SOURCES[name]}`, here))],
    write: false,
    logLevel: "silent",
  });
  return cachedModule(name, out.outputFiles[0]?.text ?? "");
}

/**
 * A module's code written into node_modules/.cache/quire, for import: named by its content and
 * moved into place whole, so processes starting at once share one file.
 */
export async function cachedModule(name: string, code: string): Promise<URL> {
  const dir = path.join(packageRoot(), "node_modules", ".cache", "quire");
  const file = path.join(dir, `${name}-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(tmp, code);
    await rename(tmp, file);
  }
  return pathToFileURL(file);
}

/** The repository (or installed package) root: the nearest folder above this file with node_modules. */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "node_modules")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}
