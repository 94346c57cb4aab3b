// Text as people type it: ligatures spelled out, odd spaces made plain, soft hyphens and
// zero-width characters dropped. Deliberately not NFKC, which would also turn full-width CJK
// punctuation and digits into ASCII and change what the document says.

const ligatures: Record<string, string> = {
  "\uFB00": "ff",
  "\uFB01": "fi",
  "\uFB02": "fl",
  "\uFB03": "ffi",
  "\uFB04": "ffl",
  "\uFB05": "st",
  "\uFB06": "st",
};

const ligature = /[\uFB00-\uFB06]/g;
// Arabic presentation forms (a letter's initial, medial, final or isolated shape, lam-alef and
// other ligatures), which some generators map glyphs to: spelled as the letters they show, in
// logical order (Unicode's compatibility decomposition), as people type and search them.
const arabicForm = /[\uFB50-\uFDFF\uFE70-\uFEFC]+/g;
const oddSpace = /[\u00A0\u2000-\u200A\u202F\u205F]/g;
const invisible = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
/** Any character normalizeText changes (the classes above); most text has none. */
const changed = new RegExp([ligature, arabicForm, oddSpace, invisible].map((r) => r.source).join("|"));

export function normalizeText(s: string): string {
  if (!changed.test(s)) return s;
  return s
    .replace(ligature, (c) => ligatures[c] ?? c)
    .replace(arabicForm, (f) => f.normalize("NFKC"))
    .replace(oddSpace, " ")
    .replace(invisible, "");
}

const rtlChar = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
export const isRtl = (s: string) => rtlChar.test(s);
