import type { SKRSContext2D } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { restoreSeparators } from "../src/core/extraction/raster/lost-separators.ts";
import { drawnWords } from "./support/drawn-scans.ts";

// A figure whose reading lost its decimal point or comma gets it back from the pixels: a small
// mark on the digits' baseline between two of them, a comma when it hangs below. Each figure is
// drawn as printed and given as the recogniser read it.

const SCALE = 3;
const SIZE = 10;

/** Draws each `printed` figure on its own line; the words carry the reading `read` in its box. */
function page(
  figures: { printed: string; read: string }[],
  draw?: (ctx: SKRSContext2D) => void,
  size = SIZE,
) {
  const texts = figures.map((f, i) => ({ text: f.printed, read: f.read, x: 30, y: 20 + 16 * i }));
  return drawnWords(texts, { scale: SCALE, size, width: 200, height: 20 + 16 * figures.length, draw });
}

describe("separators a reading lost", () => {
  it("are put back where the ink shows them, a point or a comma by its shape", () => {
    const { img, words } = page([
      { printed: "233.8", read: "2338" },
      { printed: "1.393,4", read: "1.3934" },
      { printed: "40,473", read: "40473" },
      { printed: "11,062.6", read: "11,0626" },
      { printed: "(9,5)", read: "(95)" },
      { printed: "(9,517)", read: "(9.517)" },
      { printed: "1.3%", read: "13%" },
      { printed: "$51.24", read: "$5124" },
    ]);
    expect(restoreSeparators(img, SCALE, words).map((w) => w.str)).toEqual([
      "233.8",
      "1.393,4",
      "40,473",
      "11,062.6",
      "(9,5)",
      "(9,517)",
      "1.3%",
      "$51.24",
    ]);
  });

  it("takes a small comma that comes apart into its head and its tail for one comma", () => {
    const { img, words } = page([{ printed: "1,061.3", read: "1061.3" }], undefined, 7);
    expect(restoreSeparators(img, SCALE, words)[0]?.str).toBe("1,061.3");
  });

  it("holds a blurred digit together whose stroke is broken at the usual ink cut", () => {
    // A light grey gap (150) across the first 5, as JPEG and blur leave at 150 dpi: at the usual cut
    // the 5 is two marks and the figure does not split into the reading's digits.
    const { img, words } = page([{ printed: "1,505", read: "1.505" }], (ctx) => {
      const before = ctx.measureText("1,").width;
      const five = ctx.measureText("5").width;
      const data = ctx.getImageData(30 * SCALE + before, (20 - 4) * SCALE, five, 2);
      for (let i = 0; i < data.data.length; i += 4)
        if ((data.data[i] as number) < 150) data.data.fill(150, i, i + 3);
      ctx.putImageData(data, 30 * SCALE + before, (20 - 4) * SCALE);
    });
    expect(restoreSeparators(img, SCALE, words)[0]?.str).toBe("1,505");
  });

  it("drops a full stop read after a figure's decimals, and keeps one after a whole number or a group of three", () => {
    const { img, words } = page([
      { printed: "9,008.78", read: "9,008.78." },
      { printed: "12.", read: "12." },
      { printed: "4,433.", read: "4,433." },
    ]);
    expect(restoreSeparators(img, SCALE, words).map((w) => w.str)).toEqual(["9,008.78", "12.", "4,433."]);
  });

  it("leaves figures read right, figures printed without one, and what would not be a number", () => {
    const { img, words } = page([
      { printed: "233.8", read: "233.8" },
      { printed: "2338", read: "2338" },
      { printed: "1,056,473", read: "1,056,473" },
      { printed: "12.03.2019", read: "12.032019" },
      { printed: "Total", read: "Total" },
    ]);
    const out = restoreSeparators(img, SCALE, words);
    for (const [i, w] of out.entries()) expect(w).toBe(words[i]);
  });

  it("does not take a mark off the baseline for a point", () => {
    // A speck level with the digits' middle, between the 3 and the 8.
    const { img, words } = page([{ printed: "2338", read: "2338" }], (ctx) => {
      const m = ctx.measureText("233");
      ctx.fillRect((30 + m.width / SCALE) * SCALE + 1, (20 - 4) * SCALE, 4, 4);
    });
    expect(restoreSeparators(img, SCALE, words)[0]).toBe(words[0]);
  });
});
