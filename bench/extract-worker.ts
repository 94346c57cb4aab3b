// Child process of `npm run bench:extract` (bench/extract.ts): extracts one PDF page by page with
// the layout extractor (strategy "text", capabilities ["tables"]) and prints one line of JSON,
// {"pages", "failed", "ms", "vmHwmMb"}, on stdout. The parent samples this process's RSS from
// /proc/<pid>/status while it runs; vmHwmMb is the kernel's own high-water mark, as a check.
//
//   node --import tsx bench/extract-worker.ts <file.pdf>

import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";

const file = process.argv[2];
if (!file) {
  console.error("usage: node --import tsx bench/extract-worker.ts <file.pdf>");
  process.exit(2);
}

const vmHwmMb = (): number | null => {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync("/proc/self/status", "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
};

const bytes = new Uint8Array(readFileSync(file));
const started = performance.now();
const session = await layoutExtractor.open(bytes, { strategy: "text", capabilities: ["tables"] });
let failed = 0;
try {
  for (let p = 1; p <= session.pageCount; p++) {
    try {
      await session.extractPage(p);
    } catch {
      failed++;
    }
  }
} finally {
  await session.close();
}
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ pages: session.pageCount, failed, ms, vmHwmMb: vmHwmMb() })}\n`);
