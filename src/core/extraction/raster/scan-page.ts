import type { Rule } from "../layout/lattice.ts";
import { OCR_MAX_SIDE_PX, OCR_SCALE, type OcrWord } from "../ocr.ts";
import type { PdfiumDocument } from "../pdfium.ts";
import { encodePngGrey } from "../png.ts";
import { fitScale } from "../render-page.ts";
import { dropSpecks, whitenPaper } from "./clean-background.ts";
import { invertDarkBands } from "./dark-bands.ts";
import { rotateBack, skewAngle } from "./deskew.ts";
import { flattenShading } from "./flatten-shading.ts";
import { type GreyImage, greyFromRgba, quarterTurn } from "./grey-image.ts";
import { eraseRules, findRasterRules, type PixelRule } from "./raster-rules.ts";

/** A scanned page made ready for OCR: the image to recognise, and the rules found in it, in points. */
export type ScannedPage = {
  /** Grey PNG, turned upright, rules painted out, shades and paper made white, specks dropped. */
  png: Buffer;
  /** Pixels per point of `png`. */
  scale: number;
  /** Page size in points. */
  width: number;
  height: number;
  rules: { horizontals: Rule[]; verticals: Rule[] };
  /** The image `png` holds, for what is read again and mended from its pixels (second-reading.ts). */
  image: GreyImage;
};

/** A page drawn in grey for OCR, as it lies, before it is made ready. */
export type DrawnScan = { grey: GreyImage; scale: number; page: { width: number; height: number } };

/** Draws a page that has no text layer for OCR (OCR_SCALE, capped at OCR_MAX_SIDE_PX a side). */
export function drawForOcr(doc: PdfiumDocument, pageNumber: number): DrawnScan {
  return doc.drawPage(
    pageNumber,
    (page) => fitScale(page, OCR_SCALE, OCR_MAX_SIDE_PX),
    ({ rgba, width, height, scale, page }) => ({ grey: greyFromRgba(rgba, width, height), scale, page }),
  );
}

/**
 * Makes a drawn page ready for OCR, turned `turns` quarters clockwise first: deskews it, finds
 * its printed rules, paints them out of the image the recogniser reads, makes its shades
 * (flatten-shading.ts) and its paper white and drops its specks (clean-background.ts). `drawn` is left as it was, so the same drawing can
 * be made ready again turned another way.
 * The rules come back in page points in the deskewed image's frame, which is the frame the OCR
 * words come back in too, so the ruled-table code of born-digital pages can use both as they are.
 */
export function readScannedPage(drawn: DrawnScan, turns = 0): ScannedPage {
  const upright = quarterTurn(drawn.grey, turns);
  const sideways = turns % 2 !== 0;
  const skew = skewAngle(upright);
  const turned = rotateBack(upright, skew);
  // The steps below paint on the image: never on the drawing itself.
  const img = turned === drawn.grey ? { ...turned, data: turned.data.slice() } : turned;
  invertDarkBands(img, drawn.scale);
  const found = findRasterRules(img, { scale: drawn.scale });
  eraseRules(img, found);
  flattenShading(img, drawn.scale);
  dropSpecks(img, whitenPaper(img), drawn.scale);
  const s = drawn.scale;
  const horizontal = (r: PixelRule): Rule => ({ x0: r.from / s, x1: r.to / s, y0: r.at / s, y1: r.at / s });
  const vertical = (r: PixelRule): Rule => ({ x0: r.at / s, x1: r.at / s, y0: r.from / s, y1: r.to / s });
  return {
    png: encodePngGrey(img.data, img.width, img.height),
    scale: s,
    width: sideways ? drawn.page.height : drawn.page.width,
    height: sideways ? drawn.page.width : drawn.page.height,
    image: img,
    rules: { horizontals: found.horizontals.map(horizontal), verticals: found.verticals.map(vertical) },
  };
}

/** Characters the recogniser makes of a vertical rule (or of what erasing it left behind). */
const ruleGlyphs = /^[|!Il[\]¦]+$/;

/**
 * Drops words that are a vertical rule read as text (`|`, `l`, `[`), and the `|` a word picked up
 * from a rule beside it ("|Amount"): both lie across a vertical rule found in the image.
 */
export function dropRuleGlyphs(words: OcrWord[], verticals: Rule[]): OcrWord[] {
  const near = (x0: number, x1: number, top: number, bottom: number) =>
    verticals.some((v) => v.x0 >= x0 - 1.5 && v.x0 <= x1 + 1.5 && v.y0 <= bottom && v.y1 >= top);
  const out: OcrWord[] = [];
  for (const w of words) {
    const top = w.y - 0.8 * w.size;
    const bottom = w.y + 0.2 * w.size;
    if (ruleGlyphs.test(w.str) && near(w.x, w.x + w.width, top, bottom)) continue;
    const str = w.str.replace(/^\|+/, "").replace(/\|+$/, "");
    if (str.length === w.str.length || !near(w.x - 2, w.x + w.width + 2, top, bottom)) {
      out.push(w);
      continue;
    }
    if (str.length === 0) continue;
    // The glyph's share of the box goes with it, so the word's box stays inside its cell.
    const per = w.width / w.str.length;
    const lead = w.str.length - w.str.replace(/^\|+/, "").length;
    out.push({ ...w, str, x: w.x + lead * per, width: str.length * per });
  }
  return out;
}
