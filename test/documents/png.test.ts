import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { encodePngRgba } from "../../src/core/extraction/png.ts";

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

  it("writes a page of grey pixels as greyscale, and one coloured pixel keeps the colour", async () => {
    const width = 31;
    const height = 17;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const v = (i * 11) % 256;
      rgba.set([v, v, v, 255], i * 4);
    }
    const decoded = async (png: Buffer) => {
      const canvas = createCanvas(width, height);
      const ctx = canvas.getContext("2d");
      ctx.drawImage(await loadImage(png), 0, 0);
      return Buffer.from(ctx.getImageData(0, 0, width, height).data);
    };
    const grey = encodePngRgba(rgba, width, height);
    // IHDR's colour type (byte 25 of the file): 0 greyscale, 6 RGBA.
    expect(grey[25]).toBe(0);
    expect(await decoded(grey)).toEqual(Buffer.from(rgba));
    // The last pixel slightly red: the whole image stays in colour, nothing rounded to grey.
    rgba.set([201, 200, 200, 255], (width * height - 1) * 4);
    const colour = encodePngRgba(rgba, width, height);
    expect(colour[25]).toBe(6);
    expect(await decoded(colour)).toEqual(Buffer.from(rgba));
  });

  it("refuses fewer pixels than the size says", () => {
    expect(() => encodePngRgba(new Uint8Array(10), 3, 3)).toThrow(/expected 36 bytes/);
  });
});
