import { describe, expect, it } from "vitest";
import { rotateBack, skewAngle } from "../../../src/core/extraction/raster/deskew.ts";
import type { GreyImage } from "../../../src/core/extraction/raster/grey-image.ts";
import { eraseRules, findRasterRules } from "../../../src/core/extraction/raster/raster-rules.ts";

// Page images drawn here pixel by pixel: a ruled grid, text-like blobs, speckle noise, then
// turned as a scanner would turn them (rotateBack with the opposite angle).

const SCALE = 3; // pixels per point, as OCR pages are drawn

function blank(width: number, height: number): GreyImage {
  return { data: new Uint8Array(width * height).fill(255), width, height };
}
function fill(img: GreyImage, x0: number, y0: number, x1: number, y1: number, v = 0) {
  for (let y = Math.max(0, y0); y < Math.min(img.height, y1); y++)
    for (let x = Math.max(0, x0); x < Math.min(img.width, x1); x++) img.data[y * img.width + x] = v;
}
/** A mulberry32 generator: the same noise every run. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 4-column, 5-row grid at (300, 300) px, cells 240 x 60 px, rules 3 px, "text" in each cell. */
function ruledPage(): { img: GreyImage; xs: number[]; ys: number[] } {
  const img = blank(1600, 1000);
  const xs = [300, 540, 780, 1020, 1260];
  const ys = [300, 360, 420, 480, 540, 600];
  for (const y of ys) fill(img, 300, y - 1, 1262, y + 2);
  for (const x of xs) fill(img, x - 1, 300, x + 2, 602);
  const r = rng(7);
  // Letters: short strokes of 2-20 px with gaps, 30 px tall, as body text gives.
  for (let c = 0; c < 4; c++)
    for (let row = 0; row < 5; row++) {
      let x = (xs[c] as number) + 12;
      while (x < (xs[c] as number) + 200) {
        const w = 2 + Math.floor(r() * 18);
        fill(img, x, (ys[row] as number) + 15, x + w, (ys[row] as number) + 45);
        x += w + 4 + Math.floor(r() * 6);
      }
    }
  // A paragraph of text lines above the table, for the deskew's profile.
  for (let line = 0; line < 6; line++) {
    let x = 100;
    while (x < 1500) {
      const w = 8 + Math.floor(r() * 30);
      fill(img, x, 60 + line * 36, x + w, 60 + line * 36 + 22);
      x += w + 8 + Math.floor(r() * 10);
    }
  }
  for (let i = 0; i < img.data.length; i++) if (r() < 0.003) img.data[i] = 0;
  return { img, xs, ys };
}

describe("raster rules", () => {
  it("finds every rule of a ruled grid, and no rule in its text", () => {
    const { img, xs, ys } = ruledPage();
    const rules = findRasterRules(img, { scale: SCALE });
    expect(rules.horizontals.map((r) => Math.round(r.at)).sort((a, b) => a - b)).toEqual(ys);
    expect(rules.verticals.map((r) => Math.round(r.at)).sort((a, b) => a - b)).toEqual(xs);
    for (const h of rules.horizontals) {
      expect(h.from).toBeLessThanOrEqual(300);
      expect(h.to).toBeGreaterThanOrEqual(1261);
    }
  });

  it("bridges small breaks in a rule but not a wide gap", () => {
    const img = blank(800, 200);
    fill(img, 50, 50, 750, 52);
    fill(img, 300, 50, 303, 52, 255); // a 3 px break: noise
    fill(img, 50, 150, 300, 152);
    fill(img, 400, 150, 750, 152); // a 100 px gap: two rules
    const rules = findRasterRules(img, { scale: SCALE });
    const at50 = rules.horizontals.filter((r) => Math.floor(r.at) === 50);
    const at150 = rules.horizontals.filter((r) => Math.floor(r.at) === 150);
    expect(at50).toHaveLength(1);
    expect(at150).toHaveLength(2);
  });

  it("leaves thick fills and short strokes out", () => {
    const img = blank(800, 400);
    fill(img, 50, 50, 750, 110); // a shaded band 20 pt thick
    fill(img, 50, 200, 100, 203); // a dash shorter than a rule
    expect(findRasterRules(img, { scale: SCALE }).horizontals).toEqual([]);
  });

  it("measures a turned page's skew and turns it back so its rules are found whole", () => {
    for (const angle of [-1.7, -0.8, 1.2, 2]) {
      const { img, xs, ys } = ruledPage();
      // Turned by `angle` (lines running down to the right for a positive one).
      const turned = rotateBack(img, -angle);
      const measured = skewAngle(turned);
      expect(Math.abs(measured - angle)).toBeLessThan(0.08);
      // Without deskewing, the grid's long rules are lost.
      expect(findRasterRules(turned, { scale: SCALE }).horizontals.length).toBeLessThan(ys.length);
      const upright = rotateBack(turned, measured);
      const rules = findRasterRules(upright, { scale: SCALE });
      expect(rules.horizontals).toHaveLength(ys.length);
      expect(rules.verticals).toHaveLength(xs.length);
    }
  });

  it("an upright page is left as it is", () => {
    const { img } = ruledPage();
    expect(skewAngle(img)).toBe(0);
  });

  it("erases the rules and nothing far from them", () => {
    const { img, xs, ys } = ruledPage();
    const rules = findRasterRules(img, { scale: SCALE });
    const inkBefore = img.data.filter((v) => v < 128).length;
    eraseRules(img, rules);
    const after = findRasterRules(img, { scale: SCALE });
    expect(after.horizontals).toEqual([]);
    expect(after.verticals).toEqual([]);
    // The cells' "text" stays: the ink left is most of what was not rule.
    const ruleInk = ys.length * 962 * 3 + xs.length * 302 * 3;
    expect(img.data.filter((v) => v < 128).length).toBeGreaterThan(0.8 * (inkBefore - ruleInk));
  });
});

describe("paper cleaning", () => {
  it("splits a page of ink on grey paper between the two, and whitens only the paper", async () => {
    const { otsuThreshold, whitenPaper } = await import(
      "../../../src/core/extraction/raster/clean-background.ts"
    );
    const img = blank(400, 200);
    const r = rng(3);
    // Paper 200-240, ink 20-80.
    for (let i = 0; i < img.data.length; i++) img.data[i] = 200 + Math.floor(r() * 40);
    fill(img, 50, 50, 350, 60, 50);
    const cut = otsuThreshold(img);
    expect(cut).toBeGreaterThanOrEqual(50);
    expect(cut).toBeLessThan(200);
    whitenPaper(img);
    expect(img.data[10]).toBe(255);
    expect(img.data[55 * 400 + 100]).toBe(50);
  });
});

describe("specks", () => {
  it("keeps a point standing alone in its own character's width, on its figures' baseline", async () => {
    const { dropSpecks } = await import("../../../src/core/extraction/raster/clean-background.ts");
    const img = blank(300, 200);
    // Fixed-pitch figures (4 pt wide, 7 pt tall) with a decimal point 2 pt from each: further
    // than the speck clearance, level with the figures' bottom.
    fill(img, 100, 40, 112, 61);
    fill(img, 118, 59, 120, 61);
    fill(img, 126, 40, 138, 61);
    // The same speck half-way up beside figures, and one on a baseline but a word space away.
    fill(img, 100, 120, 112, 141);
    fill(img, 118, 128, 120, 130);
    fill(img, 200, 120, 212, 141);
    fill(img, 230, 139, 232, 141);
    // A comma hanging from the baseline, 2 pt from its figures.
    fill(img, 100, 160, 112, 181);
    fill(img, 118, 179, 120, 183);
    fill(img, 126, 160, 138, 181);
    dropSpecks(img, 128, SCALE);
    expect(img.data[60 * 300 + 119]).toBe(0);
    expect(img.data[182 * 300 + 119]).toBe(0);
    expect(img.data[129 * 300 + 119]).toBe(255);
    expect(img.data[140 * 300 + 231]).toBe(255);
  });

  it("drops lone specks and keeps a full stop beside its figures", async () => {
    const { dropSpecks } = await import("../../../src/core/extraction/raster/clean-background.ts");
    const img = blank(300, 100);
    fill(img, 20, 20, 23, 23); // a lone 3 px speck
    fill(img, 100, 40, 106, 70); // a "digit"
    fill(img, 108, 66, 111, 69); // its full stop, 2 px away
    fill(img, 200, 40, 240, 70); // a blob bigger than a speck
    dropSpecks(img, 128, SCALE);
    expect(img.data[21 * 300 + 21]).toBe(255);
    expect(img.data[67 * 300 + 109]).toBe(0);
    expect(img.data[50 * 300 + 220]).toBe(0);
  });
});
