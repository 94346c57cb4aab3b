import { describe, expect, it } from "vitest";
import { invertDarkBands } from "../../../src/core/extraction/raster/dark-bands.ts";
import type { GreyImage } from "../../../src/core/extraction/raster/grey-image.ts";

// Light text on a dark band is turned into dark text on paper before OCR; nothing else changes.

const SCALE = 3; // pixels per point, as OCR draws pages

function page(width: number, height: number): GreyImage {
  return { data: new Uint8Array(width * height).fill(255), width, height };
}

function fill(img: GreyImage, x0: number, y0: number, x1: number, y1: number, v: number) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) img.data[y * img.width + x] = v;
}

const at = (img: GreyImage, x: number, y: number) => img.data[y * img.width + x];

describe("invertDarkBands", () => {
  it("turns a dark header band with light letters into dark letters on paper", () => {
    const img = page(900, 300);
    fill(img, 60, 100, 840, 136, 60); // the band: 12 pt tall, 260 pt long
    for (let x = 80; x < 800; x += 40) fill(img, x, 108, x + 24, 128, 250); // its letters
    expect(invertDarkBands(img, SCALE)).toBe(1);
    expect(at(img, 70, 102)).toBe(255); // ground: paper
    expect(at(img, 90, 118)).toBeLessThan(20); // a letter: ink
    expect(at(img, 30, 118)).toBe(255); // outside: untouched paper
  });

  it("turns a letterhead band whose letters fill only part of it, one word set lower", () => {
    // A name at the left and a title at the right, set lower: the rows through the letters
    // still hold a long solid stretch (the band's empty middle), which is not its bottom edge.
    const img = page(1800, 400);
    fill(img, 150, 100, 1650, 235, 50); // the band: 45 pt tall, 500 pt long
    for (let x = 190; x < 950; x += 45) fill(img, x, 140, x + 30, 190, 250); // the name
    for (let x = 1380; x < 1600; x += 40) fill(img, x, 150, x + 26, 200, 250); // the title, lower
    expect(invertDarkBands(img, SCALE)).toBe(1);
    expect(at(img, 160, 105)).toBe(255); // the band's top: paper
    expect(at(img, 160, 230)).toBe(255); // its bottom, below the title's letters: paper
    expect(at(img, 200, 160)).toBeLessThan(20); // a letter of the name: ink
    expect(at(img, 1390, 195)).toBeLessThan(20); // a letter of the title: ink
  });

  it("leaves black text, a thick rule and a dark picture as they are", () => {
    const img = page(900, 600);
    // Bold black words on paper: dark but broken along every row.
    for (let x = 60; x < 800; x += 30) fill(img, x, 50, x + 18, 80, 0);
    // Two rules 3 pt thick around a row of ordinary text.
    fill(img, 60, 150, 840, 159, 0);
    fill(img, 60, 190, 840, 199, 0);
    for (let x = 80; x < 800; x += 60) fill(img, x, 168, x + 20, 182, 0);
    // A dark picture, taller than a row of text.
    fill(img, 60, 300, 400, 560, 40);
    const before = Uint8Array.from(img.data);
    expect(invertDarkBands(img, SCALE)).toBe(0);
    expect(img.data).toEqual(before);
  });
});
