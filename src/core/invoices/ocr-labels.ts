import { LABELS, TITLE } from "./invoice-labels.ts";

// Label words as OCR misspells them on a scan ("Rechnungsdatun", "Wahrung", "Zwischensumrne",
// "RECHNUNGSENPFANGER"): a word of six letters or more that is no label word but close to exactly
// one is taken for it, so the label rules read it. Close is one edit (a letter changed, added or
// dropped), two for words of twelve letters or more (long words are misread more, and no two
// long label words lie that close), with accents not counted (the recogniser drops umlauts and
// accents more than any other letter). Shorter words are left alone, and so is a plural of a
// label word: on the corpus, five-letter words were ordinary words more often than misread labels
// ("paper" is one edit from "payer", "Rhone" from "phone", "services" from "service").

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

/** Letters without their accents: "empfänger" -> "empfanger". */
const fold = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "");
const FOLDED = VOCAB.map(fold);
/** Words this long or longer may be two edits from their label word. */
const LONG_WORD = 12;

/** Edits (insertions, deletions, substitutions) from a to b, or limit + 1 when more than limit. */
function edits(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      row.push(v);
      if (v < least) least = v;
    }
    if (least > limit) return limit + 1;
    prev = row;
  }
  return Math.min(prev[b.length] as number, limit + 1);
}

/** The label word an OCR'd word stands for, in the word's case; the word itself when none or several. */
function fixWord(word: string): string {
  const w = norm(word);
  if (w.length < 6 || KNOWN.has(w) || KNOWN.has(w.replace(/s$/, ""))) return word;
  const f = fold(w);
  const limit = f.length >= LONG_WORD ? 2 : 1;
  let best = limit + 1;
  let near: string[] = [];
  for (const [k, v] of FOLDED.entries()) {
    const d = edits(f, v, limit);
    if (d < best) {
      best = d;
      near = [VOCAB[k] as string];
    } else if (d === best && d <= limit) near.push(VOCAB[k] as string);
  }
  // One word in several accentings ("facture", "facturé") is one word: the word's own accenting
  // (none, as a recogniser drops them) picks among them.
  if (new Set(near.map(fold)).size !== 1) return word;
  const fix = (f === w ? near.find((v) => fold(v) === v) : undefined) ?? (near[0] as string);
  if (word === word.toUpperCase()) return fix.toUpperCase();
  if (word[0] === word[0]?.toUpperCase()) return fix[0]?.toUpperCase() + fix.slice(1);
  return fix;
}

/**
 * "Nr" standing alone is the abbreviation "Nr." whose full stop the recogniser dropped (a small
 * mark, lost more than any letter): it is no word of its own in any language read here.
 */
const BARE_NR = /(?<![\p{L}\p{N}])(Nr|NR|nr)(?![\p{L}\p{N}.])/gu;
/**
 * "n°" whose degree sign was read as a letter or mark ("ne:", "no:", "n*:"), before a colon and
 * an id-like value (a token holding a digit): the number sign, as no word reads "ne: FA792715".
 */
const MISREAD_NUMERO = /(?<![\p{L}\p{N}])([nN])[eo*?º](?=\s*:\s*[\p{L}\p{N}/-]*\d)/gu;

/** A scan's line or cell with its misspelled label words corrected. */
export const fixOcrLabels = (text: string) =>
  text
    .replace(/\p{L}{6,}/gu, fixWord)
    .replace(BARE_NR, "$1.")
    .replace(MISREAD_NUMERO, "$1°");
