import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { encodePngRgba } from "../src/core/extraction/png.ts";

describe("PNG writer", () => {
  it("writes an image that a standard decoder reads back pixel for pixel", async () => {
    const width = 37;
    const height = 23;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = (i * 7) % 256;
      rgba[i * 4 + 1] = (i * 13) % 256;
      rgba[i * 4 + 2] = (i * 29) % 256;
      rgba[i * 4 + 3] = 255;
    }
    const png = encodePngRgba(rgba, width, height);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    const img = await loadImage(png);
    expect([img.width, img.height]).toEqual([width, height]);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0);
    expect(Buffer.from(ctx.getImageData(0, 0, width, height).data)).toEqual(Buffer.from(rgba));
  });

  it("refuses fewer pixels than the size says", () => {
    expect(() => encodePngRgba(new Uint8Array(10), 3, 3)).toThrow(/expected 36 bytes/);
  });
});
