import type { ExtractedPage, ExtractOptions } from "./extractor.ts";

// What the service and its extraction process (extraction-child.ts) say to each other. One
// request at a time: the service waits for each answer before it sends the next.

export type ToExtractionChild =
  | { op: "open"; id: number; pdf: Uint8Array; options: ExtractOptions }
  | { op: "page"; id: number; pageNumber: number }
  | { op: "close"; id: number };

export type FromExtractionChild =
  /** The process has loaded its code: requests sent from now on are timed. */
  | { ready: true }
  | { id: number; pageCount: number }
  | { id: number; page: ExtractedPage }
  | { id: number; closed: true }
  | { id: number; error: { name: string; message: string } };
