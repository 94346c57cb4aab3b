import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { NODE_BUNDLE } from "../../scripts/build-service.ts";
import { cachedModule } from "../../src/core/extraction/bundled-module.ts";

const root = path.resolve(import.meta.dirname, "../..");
const built = new Map<string, Promise<string>>();

/**
 * A program of ours (`source`, relative to the repository) bundled as `npm run build` bundles the
 * service (packages left in node_modules), once per test process, for tests that start it as a
 * process of its own under plain node: started through tsx, every start compiles the whole module
 * graph again, seconds of CPU each, where the bundle starts at once.
 */
export function builtEntry(source: string): Promise<string> {
  let file = built.get(source);
  if (!file) {
    file = bundle(source);
    built.set(source, file);
    file.catch(() => built.delete(source));
  }
  return file;
}

async function bundle(source: string): Promise<string> {
  const out = await build({
    entryPoints: [path.join(root, source)],
    ...NODE_BUNDLE,
    write: false,
    logLevel: "silent",
  });
  const name = path.basename(source).replace(/\.tsx?$/, "");
  return fileURLToPath(await cachedModule(name, out.outputFiles[0]?.text ?? ""));
}
