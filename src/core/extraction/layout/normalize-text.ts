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

/** Any character normalizeText changes; most text has none, and is returned as it is. */
const changed = /[\uFB00-\uFB06\u00A0\u2000-\u200D\u202F\u205F\u00AD\u2060\uFEFF]/;

export function normalizeText(s: string): string {
  if (!changed.test(s)) return s;
  return s
    .replace(/[\uFB00-\uFB06]/g, (c) => ligatures[c] ?? c)
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F]/g, " ")
    .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, "");
}

const rtlChar = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
export const isRtl = (s: string) => rtlChar.test(s);
