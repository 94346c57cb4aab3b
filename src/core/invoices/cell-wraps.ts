import { findLabels } from "./invoice-labels.ts";

// A long label broken inside a narrow table cell without a hyphen ("FÄLLIGKEITSDATU" / "M",
// "ZAHLUNGSBEDIN" / "GUNGEN"): a word processor breaks a word wider than its column anywhere. Two
// pieces are one word again when, written together, they are a label word and neither piece
// alone is one, so two words of a label on two lines ("Invoice" / "date") stay two.

const isLabel = (word: string) => {
  const hit = findLabels(word)[0];
  return hit !== undefined && hit.start === 0 && hit.end === word.length;
};

/** The cell's lines with a label word broken across two of them joined back. */
export function unbreakLabels(lines: string[]): string[] {
  const out = [...lines];
  for (let k = 0; k + 1 < out.length; k++) {
    const a = out[k] as string;
    const b = out[k + 1] as string;
    const head = /(\p{L}+)$/u.exec(a)?.[1];
    const tail = /^(\p{L}+)/u.exec(b)?.[1];
    if (!head || !tail || isLabel(head) || isLabel(tail) || !isLabel(head + tail)) continue;
    out[k] = a + b.slice(0, tail.length);
    out[k + 1] = b.slice(tail.length).trim();
    if (!out[k + 1]) {
      out.splice(k + 1, 1);
      k--;
    }
  }
  return out;
}
