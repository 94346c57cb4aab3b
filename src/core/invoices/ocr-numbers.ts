// Numbers as OCR misreads them in a cell: stray marks around the number ("©. 44:10", "120.00.",
// "“450"), a colon for the decimal point, and letters that look like digits inside the digits
// (O→0, l/I→1, S→5, B→8). Only ever tried on a cell whose text did not read as a number as printed,
// so born-digital cells keep their exact reading.

const LOOKALIKE: Record<string, string> = {
  O: "0",
  o: "0",
  D: "0",
  l: "1",
  I: "1",
  "|": "1",
  S: "5",
  B: "8",
};

/** The cell's text with OCR noise around and inside a number repaired; null when nothing changed. */
export function repairOcrNumber(cell: string, decimal: "." | ","): string | null {
  let t = cell
    .trim()
    // Marks before the number that are not a sign, a parenthesis or a currency symbol.
    .replace(/^[©®“”"‘’'`.,:;_~•*\s]+(?=[-−(]?[\d$€£¥₹A-Z])/u, "")
    // Marks after it that are not a closing parenthesis, a percent sign or a minus.
    .replace(/(?<=[\d%)])[.,:;'’"”`~_•*\s]+$/u, "");
  // Lookalike letters only between digits or marks of a number ("1O5", "4l.50", "2S0,00").
  t = t.replace(
    /(?<=[\d.,'])[OolISB|](?=[\d.,'])|(?<=^|\s)[OolISB|](?=\d)|(?<=\d)[OolISB](?=$|\s|%)/gu,
    (c) => LOOKALIKE[c] ?? c,
  );
  // "44:10": a colon read for the decimal mark before exactly two digits at the end of the number.
  t = t.replace(/(?<=\d):(?=\d{2}(?!\d))/u, decimal);
  return t !== cell.trim() ? t : null;
}
