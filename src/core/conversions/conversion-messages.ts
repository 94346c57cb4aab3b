import type { ImageFormat } from "../files/file-type.ts";
import type { PageSize } from "./page-size.ts";

// What the service and a conversion process (conversion-child.ts) say to each other. Images are
// passed by path (files the worker wrote from the blob store), never as bytes in messages.

/** Why an input could not be converted; the conversion's error code. */
export type ImageErrorCode = "IMAGE_TOO_LARGE" | "IMAGE_UNREADABLE";

export type ImageProbe = {
  format: ImageFormat;
  width: number;
  height: number;
  /** Pages the image holds: a TIFF's count; 1 for the others (a GIF's or WebP's first frame is used). */
  pages: number;
};

export type ToConversionChild =
  | { op: "probe"; id: number; path: string }
  | { op: "begin"; id: number }
  | { op: "add"; id: number; path: string; page: number; pageSize: PageSize; maxPixels: number }
  | { op: "save"; id: number; outPath: string };

export type ConversionAnswer =
  | { op: "probe"; probe: ImageProbe }
  | { op: "begin" }
  | { op: "add"; width: number; height: number; embedded: "jpeg" | "pixels" }
  | { op: "save"; bytes: number };

export type FromConversionChild =
  | { ready: true }
  | { id: number; ok: true; answer: ConversionAnswer }
  | { id: number; ok: false; code: ImageErrorCode; message: string };
