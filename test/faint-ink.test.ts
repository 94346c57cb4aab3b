import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { otsuThreshold, whitenPaper } from "../src/core/extraction/raster/clean-background.ts";
import { liftFaintInk } from "../src/core/extraction/raster/faint-ink.ts";
import { flattenShading } from "../src/core/extraction/raster/flatten-shading.ts";
import { type GreyImage, greyFromRgba } from "../src/core/extraction/raster/grey-image.ts";
import { testSans } from "./support/drawn-scans.ts";

// Faint toner beside black ink, and the other side of the sheet showing through: drawn on a grey
// noisy paper at the OCR scale, then made ready as scan-page.ts does (shades flattened, faint ink
// lifted, paper whitened at the page's Otsu cut).

const SCALE = 3;
const W = 400;
const H = 300;
const LINES = ["Invoice date 12 March 2026", "Customer Lorem Ipsum Ltd", "Due within 30 days net"];

/** A deterministic noise source (a linear congruential generator), values in [-1, 1). */
function noiseSource(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

/** Box blur of a grey image, radius r, `passes` times (near a Gaussian after three). */
function blur(img: GreyImage, r: number, passes: number): GreyImage {
  let cur = img.data;
  const { width, height } = img;
  for (let k = 0; k < passes; k++) {
    const tmp = new Float32Array(cur.length);
    const out = new Uint8Array(cur.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let d = -r; d <= r; d++) s += cur[y * width + Math.min(width - 1, Math.max(0, x + d))] as number;
        tmp[y * width + x] = s / (2 * r + 1);
      }
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let d = -r; d <= r; d++)
          s += tmp[Math.min(height - 1, Math.max(0, y + d)) * width + x] as number;
        out[y * width + x] = Math.round(s / (2 * r + 1));
      }
    cur = out;
  }
  return { data: cur, width, height };
}

/**
 * The page: a black title at the top, `faint` lines of text in the grey `faintGrey` below it, and
 * (when `bleed`) the same lines mirrored, blurred and light in the lower half, as the back of the
 * sheet shows through. Paper grey 232 with noise.
 */
function page(opts: { faintGrey?: string; bleed?: boolean }): GreyImage {
  const canvas = createCanvas(W * SCALE, H * SCALE);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, W * SCALE, H * SCALE);
  ctx.fillStyle = "#000000";
  ctx.font = `${18 * SCALE}px ${testSans()}`;
  ctx.fillText("INVOICE", 30 * SCALE, 40 * SCALE);
  ctx.font = `${10 * SCALE}px ${testSans()}`;
  ctx.fillStyle = opts.faintGrey ?? "#000000";
  for (const [i, line] of LINES.entries()) ctx.fillText(line, 30 * SCALE, (80 + 18 * i) * SCALE);
  const front = greyFromRgba(ctx.getImageData(0, 0, W * SCALE, H * SCALE).data, W * SCALE, H * SCALE);
  let back: GreyImage | null = null;
  if (opts.bleed) {
    const b = createCanvas(W * SCALE, H * SCALE);
    const bctx = b.getContext("2d");
    bctx.fillStyle = "#ffffff";
    bctx.fillRect(0, 0, W * SCALE, H * SCALE);
    bctx.fillStyle = "#000000";
    bctx.font = `${10 * SCALE}px ${testSans()}`;
    // Mirrored: drawn flipped left to right.
    bctx.translate(W * SCALE, 0);
    bctx.scale(-1, 1);
    for (const [i, line] of LINES.entries()) bctx.fillText(line, 30 * SCALE, (200 + 18 * i) * SCALE);
    back = blur(
      greyFromRgba(bctx.getImageData(0, 0, W * SCALE, H * SCALE).data, W * SCALE, H * SCALE),
      BLEED_R,
      BLEED_PASSES,
    );
  }
  const noise = noiseSource(7);
  const data = new Uint8Array(front.data.length);
  for (let i = 0; i < data.length; i++) {
    let v = (front.data[i] as number) / 255;
    // The back's ink darkens the paper by up to three fifths (before its blur: far less after).
    if (back) v *= 1 - 0.6 * (1 - (back.data[i] as number) / 255);
    data[i] = Math.max(0, Math.min(255, Math.round(232 * v + 6 * noise())));
  }
  // The scanner's own slight blur.
  return blur({ data, width: front.width, height: front.height }, 1, 1);
}

/** Ink pixels (at or below `cut`) within a box in points. */
function inkIn(img: GreyImage, cut: number, box: { x0: number; y0: number; x1: number; y1: number }): number {
  let n = 0;
  for (let y = box.y0 * SCALE; y < box.y1 * SCALE; y++)
    for (let x = box.x0 * SCALE; x < box.x1 * SCALE; x++)
      if ((img.data[y * img.width + x] as number) <= cut) n++;
  return n;
}

const FAINT_BOX = { x0: 25, y0: 68, x1: 300, y1: 120 };
const BLEED_R = 3;
const BLEED_PASSES = 3;
const BLEED_BOX = { x0: 80, y0: 188, x1: 395, y1: 240 };

/** Made ready as scan-page.ts does, with or without the faint-ink step. */
function ready(img: GreyImage, lift: boolean): { img: GreyImage; cut: number } {
  flattenShading(img, SCALE);
  const cut = otsuThreshold(img);
  if (lift) liftFaintInk(img, cut, SCALE);
  whitenPaper(img, cut);
  return { img, cut };
}

describe("faint print on a scan", () => {
  it("is kept as ink beside black ink, where the page's cut alone whitens it", () => {
    const before = ready(page({ faintGrey: "#a8a8a8" }), false);
    // Without the step the faint lines are paper: the cut lies between the black title and them.
    expect(inkIn(before.img, before.cut, FAINT_BOX)).toBeLessThan(50);
    const after = ready(page({ faintGrey: "#a8a8a8" }), true);
    expect(inkIn(after.img, after.cut, FAINT_BOX)).toBeGreaterThan(3000);
  });

  it("is lifted while blurred bleed-through from the back of the sheet stays paper", () => {
    const { img, cut } = ready(page({ faintGrey: "#a8a8a8", bleed: true }), true);
    expect(inkIn(img, cut, FAINT_BOX)).toBeGreaterThan(3000);
    expect(inkIn(img, cut, BLEED_BOX)).toBeLessThan(50);
  });

  it("leaves a clean page (black ink only) exactly as the cut alone makes it", () => {
    const plain = ready(page({}), false).img;
    const lifted = ready(page({}), true).img;
    expect(Buffer.from(lifted.data).equals(Buffer.from(plain.data))).toBe(true);
  });
});
