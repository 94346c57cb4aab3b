import type { SKRSContext2D } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import type { OcrWord } from "../../../src/core/extraction/ocr.ts";
import { restoreSeparators } from "../../../src/core/extraction/raster/lost-separators.ts";
import { drawnWords } from "../../support/drawn-scans.ts";

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
    // The comma cut in two by a white row at the baseline, as blur and a hard ink cut leave it: its
    // head alone sits on the baseline like a point, its tail alone is below it.
    const cut = page([{ printed: "1,061.3", read: "1061.3" }], (ctx) => {
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(30 * SCALE + ctx.measureText("1").width, 20 * SCALE, ctx.measureText(",").width, 1);
    });
    expect(restoreSeparators(cut.img, SCALE, cut.words)[0]?.str).toBe("1,061.3");
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

  it("leaves figures read right, figures printed without one, what would not be a number, and a decimal point", () => {
    const { img, words } = page([
      { printed: "233.8", read: "233.8" },
      { printed: "2338", read: "2338" },
      { printed: "1,056,473", read: "1,056,473" },
      { printed: "12.03.2019", read: "12.032019" },
      { printed: "Total", read: "Total" },
      // A comma-shaped mark where the reading has a decimal point: only a thousands comma is mended.
      { printed: "11,5%", read: "11.5%" },
    ]);
    const out = restoreSeparators(img, SCALE, words);
    for (const [i, w] of out.entries()) expect(w).toBe(words[i]);
  });

  it("takes a speck on the baseline between two digits for a point, and one level with their middle not", () => {
    // "233" and "8" set a point's width apart, and a speck in the gap: on the digits' baseline it is
    // the point the reading lost; half way up it is not a point, and the figure stays as read.
    const figureWithSpeck = (speckTop: number) =>
      page([{ printed: "233", read: "2338" }], (ctx) => {
        const gapAt = 30 * SCALE + ctx.measureText("233").width;
        ctx.fillText("8", gapAt + 2 * SCALE, 20 * SCALE);
        ctx.fillRect(gapAt + SCALE - 1, speckTop * SCALE - 3, 3, 3);
      });
    const onBaseline = figureWithSpeck(20);
    const word = { ...(onBaseline.words[0] as OcrWord), width: (onBaseline.words[0] as OcrWord).width + 8 };
    expect(restoreSeparators(onBaseline.img, SCALE, [word])[0]?.str).toBe("233.8");
    const midway = figureWithSpeck(16.5);
    expect(restoreSeparators(midway.img, SCALE, [word])[0]).toBe(word);
  });
});
