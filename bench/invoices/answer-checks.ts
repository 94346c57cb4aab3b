// Whether an answer or a cited page holds the truth's vendor name or amount: the checks of
// bench/sdk.ts and bench/invoices/sdk-redump.ts.

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[\s,]+/g, " ")
    .trim();

/** Every amount written in the text, read in both decimal conventions. */
function amountsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\d[\d.,'\u00a0\u202f ]*\d|\d/g)) {
    const raw = m[0].replace(/[\s\u00a0\u202f']/g, "");
    const dec = /[.,](\d{1,2})$/.exec(raw);
    const whole = (dec ? raw.slice(0, -dec[0].length) : raw).replace(/[.,]/g, "");
    out.push(Number(dec ? `${whole}.${dec[1]}` : whole));
    // Digits joined by a space may be two figures: each stands on its own too.
    for (const part of m[0].split(/\s+/)) if (part !== m[0]) out.push(...amountsIn(part));
  }
  return out;
}

/** Markdown's marks between a name's words (emphasis, a heading's #, a table's |) are spacing. */
export const holdsName = (text: string, name: string) =>
  fold(text.replace(/[*_#|]+/g, " ")).includes(fold(name));
/** Every word of the name printed on the page, in whatever lines or cells the page sets them. */
export const printsName = (page: string, name: string) => {
  if (holdsName(page, name)) return true;
  const words = new Set(fold(page.replace(/[*_#|]+/g, " ")).split(" "));
  return fold(name)
    .split(" ")
    .every((w) => words.has(w));
};
export const holdsAmount = (text: string, total: number) =>
  amountsIn(text).some((x) => Math.abs(x - total) <= 0.005);
