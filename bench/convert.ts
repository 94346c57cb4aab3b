// `npm run bench:convert`: images into one PDF through the conversion core a worker runs
// (convertImagesToPdf: a conversion process, sharp, pdf-lib), timed per page, with the PDF's size
// against the images' sizes. Cases: 12-megapixel JPEG photos (embedded as they are), the same
// photos as PNG (decoded and re-encoded with PNG predictors), and flat-colour 12 MP PNG
// screenshots. The images are made here with sharp; nothing is fetched.
//
// Env: BENCH_CONVERT_PAGES (10 per case).

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { convertImagesToPdf } from "../src/core/conversions/convert-images.ts";

const PAGES = Number(process.env.BENCH_CONVERT_PAGES ?? 10);
const WIDTH = 4000;
const HEIGHT = 3000;

/** A photo-like picture: smooth gradients with grain, which neither JPEG nor PNG makes small. */
async function photo(seed: number): Promise<Sharp> {
  const grad = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      grad[i] = (x * 255) / WIDTH;
      grad[i + 1] = (y * 255) / HEIGHT;
      grad[i + 2] = (((x + y + seed * 97) % 512) * 255) / 512;
    }
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: "black",
      noise: { type: "gaussian", mean: 0, sigma: 12 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(grad, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).composite([
    { input: grain, raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: "add" },
  ]);
}

/** A screenshot-like picture: flat panels and lines, as UI captures and scans of forms are. */
function screenshot(seed: number): Sharp {
  const panels = Array.from({ length: 12 }, (_, i) => ({
    input: {
      create: {
        width: 900,
        height: 600,
        channels: 3 as const,
        background: { r: (i * 40 + seed) % 255, g: 200, b: 230 },
      },
    },
    left: (i % 4) * 1000,
    top: Math.floor(i / 4) * 1000,
  }));
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "white" } }).composite(
    panels,
  );
}

type Case = { name: string; files: string[]; inputBytes: number };

async function makeCase(dir: string, name: string, make: (i: number) => Promise<Buffer>): Promise<Case> {
  const files: string[] = [];
  let inputBytes = 0;
  for (let i = 0; i < PAGES; i++) {
    const bytes = await make(i);
    const file = path.join(dir, `${name}-${i}`);
    writeFileSync(file, bytes);
    files.push(file);
    inputBytes += bytes.byteLength;
  }
  return { name, files, inputBytes };
}

const dir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-convert-"));
try {
  console.log(`making ${PAGES} images a case (${WIDTH}x${HEIGHT}, ${(WIDTH * HEIGHT) / 1e6} MP)…`);
  const cases = [
    await makeCase(dir, "jpeg-photo", async (i) => (await photo(i)).jpeg({ quality: 90 }).toBuffer()),
    await makeCase(dir, "jpeg-photo-orientation-6", async (i) =>
      (await photo(i)).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer(),
    ),
    await makeCase(dir, "png-photo", async (i) => (await photo(i)).png().toBuffer()),
    await makeCase(dir, "png-screenshot", (i) => screenshot(i).png().toBuffer()),
  ];
  console.log("| case | pages | s/page | input MB | PDF MB | PDF / input |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const c of cases) {
    const out = path.join(dir, `${c.name}.pdf`);
    const started = process.hrtime.bigint();
    const { pages, bytes } = await convertImagesToPdf(
      c.files.map((f, i) => ({ path: f, name: `${c.name}-${i}` })),
      out,
      { pageSize: "auto", maxPixels: 100_000_000, stepBudgetMs: 120_000, maxPages: 5000 },
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      `| ${c.name} | ${pages} | ${(seconds / pages).toFixed(3)} | ${(c.inputBytes / 2 ** 20).toFixed(1)} | ${(bytes / 2 ** 20).toFixed(1)} | ${(bytes / c.inputBytes).toFixed(3)} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
