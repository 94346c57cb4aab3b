// The document state machine (README "Document phases"):
//
//   (upload) -> queued -> extracting -> complete
//                                    -> awaiting_review -> complete (approved)
//                                    -> error
//   any phase -> extracting (reparse; results of the last good extraction stay readable)
//
// `status` is the coarse view some clients poll: queued, processing, done or failed.
export const phases = ["queued", "extracting", "complete", "awaiting_review", "error"] as const;
export type Phase = (typeof phases)[number];

export function statusOf(phase: string): "queued" | "processing" | "done" | "failed" {
  switch (phase) {
    case "queued":
      return "queued";
    case "extracting":
      return "processing";
    case "error":
      return "failed";
    default:
      return "done";
  }
}

/**
 * Documented reparse strategies: `auto` reads the text layer and OCRs pages that have none;
 * `text` never OCRs; `ocr` recognises every page from its image, ignoring the text layer.
 */
export const strategies = ["auto", "text", "ocr"] as const;
/** Documented capability flags: `tables` finds tables; `page_images` renders every page image during extraction. */
export const capabilityFlags = ["tables", "page_images"] as const;
export const defaultCapabilities = ["tables"];
