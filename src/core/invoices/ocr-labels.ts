import { LABELS, TITLE } from "./invoice-labels.ts";

// Label words as OCR misspells them on a scan ("Rechnungsdatun", "Wahrung", "Zwischensumrne"):
// a word of six letters or more that is no label word but one edit (a letter changed, added or
// dropped) from exactly one is taken for it, so the label rules read it. Shorter words are left
// alone, and so is a plural of a label word: on the corpus, five-letter words were ordinary words
// more often than misread labels ("paper" is one edit from "payer", "Rhone" from "phone",
// "services" from "service").

const norm = (w: string) => w.toLowerCase().normalize("NFC");

const VOCAB: string[] = [
  ...new Set(
    Object.values(LABELS)
      .flat()
      .concat(TITLE.source.match(/\p{L}{5,}/gu) ?? [])
      .flatMap((l) => l.split(/[^\p{L}]+/u))
      .filter((w) => w.length >= 6)
      .map(norm),
  ),
];
const KNOWN = new Set(VOCAB);

/** Whether a and b are one insertion, deletion or substitution apart. */
function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The label word an OCR'd word stands for, in the word's case; the word itself when none or several. */
function fixWord(word: string): string {
  const w = norm(word);
  if (w.length < 6 || KNOWN.has(w) || KNOWN.has(w.replace(/s$/, ""))) return word;
  const near = VOCAB.filter((v) => oneEdit(w, v));
  if (near.length !== 1) return word;
  const fix = near[0] as string;
  if (word === word.toUpperCase()) return fix.toUpperCase();
  if (word[0] === word[0]?.toUpperCase()) return fix[0]?.toUpperCase() + fix.slice(1);
  return fix;
}

/** A scan's line or cell with its misspelled label words corrected. */
export const fixOcrLabels = (text: string) => text.replace(/\p{L}{6,}/gu, fixWord);
