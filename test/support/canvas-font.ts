import { createRequire } from "node:module";
import path from "node:path";
import { GlobalFonts } from "@napi-rs/canvas";

// The sans-serif face the OCR tests draw their "scans" with: pdfjs-dist's Liberation Sans,
// registered with the canvas once per test process.

const FAMILY = "QuireTestSans";
let registered = false;

/** The family name to draw with (`${size}px ${testSans()}`), registered on first use. */
export function testSans(): string {
  if (!registered) {
    const require = createRequire(import.meta.url);
    GlobalFonts.registerFromPath(
      path.join(
        path.dirname(require.resolve("pdfjs-dist/package.json")),
        "standard_fonts/LiberationSans-Regular.ttf",
      ),
      FAMILY,
    );
    registered = true;
  }
  return FAMILY;
}
