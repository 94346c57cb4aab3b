import { describe, expect, it } from "vitest";
import { flattenShading } from "../../../src/core/extraction/raster/flatten-shading.ts";
import type { GreyImage } from "../../../src/core/extraction/raster/grey-image.ts";

// A shaded row or cell of a scan becomes paper, its letters stay dark; ink and dark grounds stay.

const SCALE = 3; // pixels per point, as OCR draws pages

function page(width: number, height: number, paper: number): GreyImage {
  return { data: new Uint8Array(width * height).fill(paper), width, height };
}

function fill(img: GreyImage, x0: number, y0: number, x1: number, y1: number, v: number) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.data[y * img.width + x] = v;
}

const at = (img: GreyImage, x: number, y: number) => img.data[y * img.width + x] as number;

describe("flattenShading", () => {
  it("makes a grey row and the paper white, and keeps the strokes of its letters and of plain text dark", () => {
    const img = page(600, 300, 235);
    fill(img, 30, 100, 570, 140, 180); // a shaded row, 13 pt tall
    for (let x = 50; x < 550; x += 20) fill(img, x, 108, x + 3, 132, 40); // letters' strokes on it
    for (let x = 50; x < 550; x += 20) fill(img, x, 30, x + 3, 54, 40); // and on paper
    flattenShading(img, SCALE);
    expect(at(img, 40, 120)).toBeGreaterThanOrEqual(250); // the shade, between letters
    expect(at(img, 45, 102)).toBeGreaterThanOrEqual(250); // near its edge
    expect(at(img, 300, 250)).toBe(255); // the paper
    expect(at(img, 51, 120)).toBeLessThan(70); // a stroke on the shade
    expect(at(img, 51, 40)).toBeLessThan(50); // a stroke on paper
  });

  it("leaves a solid black block and a dark ground as they are", () => {
    const img = page(400, 400, 255);
    fill(img, 50, 50, 150, 150, 0); // solid ink
    fill(img, 200, 200, 380, 260, 70); // a dark ground (white letters were turned before this)
    flattenShading(img, SCALE);
    expect(at(img, 100, 100)).toBe(0);
    expect(at(img, 290, 230)).toBe(70);
  });

  it("leaves white letters on a dark band whole", () => {
    const img = page(600, 200, 245);
    fill(img, 30, 60, 570, 100, 70); // a dark header band, 13 pt tall
    for (let x = 50; x < 550; x += 20) fill(img, x, 68, x + 5, 92, 235); // its light letters' strokes
    const before = Uint8Array.from(img.data);
    flattenShading(img, SCALE);
    for (let y = 60; y < 100; y++)
      for (let x = 30; x < 570; x++) expect(at(img, x, y), `${x},${y}`).toBe(before[y * 600 + x]);
  });
});
