import type { Database } from "../db/client.ts";
import type { BBox, PageElement } from "../extraction/extractor.ts";
import { pageElementsOf, pageKey } from "./page-elements-of.ts";

// Where quoted text stands on its page: the box of the element (paragraph, heading, list item,
// table) that holds it, or of the run of elements it spans. Citations and extracted values carry
// it, so a viewer can highlight what they quote on the page image.

/** Text as compared: lower case, table bars and markdown marks out, whitespace folded. */
const folded = (s: string) =>
  s
    .toLowerCase()
    .replace(/^\s*(#{1,6}\s+|[-*]\s+|\d{1,3}[.)]\s+)/, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, "$1")
    // A markdown table's separator row (| --- | :---: |) has no text on the page.
    .replace(/\|?(\s*:?-{3,}:?\s*\|)+/g, " ")
    .replace(/\|/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const union = (boxes: BBox[]): BBox => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/** Words of either end of a quote that place one running over several elements. */
const END_WORDS = 3;

/**
 * Places quotes on a page with these elements, its elements' text folded once: each quote's box
 * is that of the element whose text holds it, or of the elements from the one holding its first
 * words to the one holding its last; null when it is not found (text the page does not hold, as
 * a model's paraphrase).
 */
export function quoteLocator(elements: readonly PageElement[]): (quote: string) => BBox | null {
  const texts = elements.map((e) => folded(e.text));
  return (quote) => {
    const q = folded(quote);
    if (!q) return null;
    const whole = texts.findIndex((t) => t.includes(q));
    if (whole >= 0) return (elements[whole] as PageElement).bbox;
    const words = q.split(" ");
    if (words.length < 2 * END_WORDS) return null;
    const head = words.slice(0, END_WORDS).join(" ");
    const tail = words.slice(-END_WORDS).join(" ");
    const first = texts.findIndex((t) => t.includes(head));
    if (first < 0) return null;
    const last = texts.findIndex((t, k) => k > first && t.includes(tail));
    if (last < 0) return null;
    return union(elements.slice(first, last + 1).map((e) => e.bbox));
  };
}

/** A quote of a document: the page it is on (null when none is known) and its text. */
export type Quoted = { documentId: string; page: number | null; quote?: string | undefined };

/**
 * The box of each quote on its page of its document's current extraction, in order: one read of
 * the pages they are on, each page's text folded once. Null where a quote has no page or text,
 * its page was stored before elements were kept, or the page does not hold it.
 */
export async function quoteBoxes(db: Database, quotes: readonly Quoted[]): Promise<(BBox | null)[]> {
  const placed = quotes.filter(
    (q): q is Quoted & { page: number; quote: string } => q.page !== null && !!q.quote,
  );
  if (!placed.length) return quotes.map(() => null);
  const pages = await pageElementsOf(db, placed);
  const locators = new Map<string, (quote: string) => BBox | null>();
  return quotes.map((q) => {
    if (q.page === null || !q.quote) return null;
    const key = pageKey({ documentId: q.documentId, page: q.page });
    const elements = pages.get(key);
    if (!elements) return null;
    let locate = locators.get(key);
    if (!locate) {
      locate = quoteLocator(elements);
      locators.set(key, locate);
    }
    return locate(q.quote);
  });
}
