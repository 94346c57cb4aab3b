import type { OcrEngine, OcrWord } from "../ocr.ts";
import type { OcrLanguage } from "../ocr-languages.ts";
import { readDoubtfulFigures } from "./doubtful-figures.ts";
import { restoreCapitals } from "./letter-case.ts";
import { restoreSeparators } from "./lost-separators.ts";
import type { ScannedPage } from "./scan-page.ts";
import { readUnreadCells } from "./unread-cells.ts";
import { readUnreadInk } from "./unread-ink.ts";

// The page's first reading, made good where the pixels say the recogniser was unsure or missed
// something: in this order, since each step reads the words the one before left.

/**
 * A scanned page's words after a second look: figures read unsurely read again, ruled cells with
 * ink but no word read (when tables are wanted), ink no word covers read, and then the separators
 * of figures and the capitals shaped like small letters that the pixels still show put back.
 */
export async function readAgain(
  engine: OcrEngine,
  scanned: ScannedPage,
  first: OcrWord[],
  language: OcrLanguage,
  tables: boolean,
): Promise<OcrWord[]> {
  const { image, scale } = scanned;
  const page = await readDoubtfulFigures(engine, image, scale, first, language);
  const read = [
    ...page,
    ...(tables ? await readUnreadCells(engine, image, scale, scanned.rules, page, language) : []),
  ];
  const all = [...read, ...(await readUnreadInk(engine, image, scale, read, language))];
  return restoreCapitals(image, scale, restoreSeparators(image, scale, all));
}
