import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import type { OcrWord } from "../src/core/extraction/ocr.ts";
import { greyFromRgba } from "../src/core/extraction/raster/grey-image.ts";
import { restoreCapitals } from "../src/core/extraction/raster/letter-case.ts";
import { testSans } from "./support/drawn-scans.ts";

// A capital shaped like its small letter (O, W, S...) that the recogniser read small gets its
// capital back when its ink stands clearly higher than the small letters after it.

const SCALE = 3;
const SIZE = 10;

function page(words: { printed: string; read: string }[]) {
  const canvas = createCanvas(200 * SCALE, (20 + 16 * words.length) * SCALE);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000000";
  ctx.font = `${SIZE * SCALE}px ${testSans()}`;
  const out = words.map((w, i): OcrWord => {
    const y = 20 + 16 * i;
    ctx.fillText(w.printed, 30 * SCALE, y * SCALE);
    return {
      str: w.read,
      x: 30,
      y,
      width: ctx.measureText(w.printed).width / SCALE,
      size: SIZE,
      confidence: 90,
    };
  });
  const img = greyFromRgba(
    ctx.getImageData(0, 0, canvas.width, canvas.height).data,
    canvas.width,
    canvas.height,
  );
  return { img, words: out };
}

describe("capitals read as small letters", () => {
  it("get their capital back where the first letter stands as high as a capital", () => {
    const { img, words } = page([
      { printed: "West", read: "west" },
      { printed: "Owner", read: "owner" },
      { printed: "Sum", read: "sum" },
    ]);
    expect(restoreCapitals(img, SCALE, words).map((w) => w.str)).toEqual(["West", "Owner", "Sum"]);
  });

  it("leave small letters, words without two small letters to measure against, and other words", () => {
    const { img, words } = page([
      { printed: "west", read: "west" },
      { printed: "owner", read: "owner" },
      { printed: "or", read: "or" },
      { printed: "Office", read: "Office" },
      { printed: "total", read: "total" },
    ]);
    const out = restoreCapitals(img, SCALE, words);
    for (const [i, w] of out.entries()) expect(w).toBe(words[i]);
  });
});
