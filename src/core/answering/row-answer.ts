import { termsOf } from "./question-terms.ts";
import type { Statement } from "./sentences.ts";

// A table row chosen to answer a question, said as a short sentence: the row's label and the
// cells of the columns the question names ("Skate park expansion, Budget ($): 330,000."), not
// every cell of the row. A reader asking one figure wants that figure with what it is of; the
// citation still quotes the whole row, so the rest is one click away.

const hasLetter = (s: string) => /\p{L}/u.test(s);

/**
 * The row said with its label and asked cells, or undefined when the question names no column
 * of it (or several alike) and the whole row is the answer. `asked` are the question's terms;
 * `holdsAsked`, when the question asks a kind of value (a name, a date, a sum), tells a cell that holds one.
 */
export function rowSentence(
  statement: Statement,
  asked: ReadonlySet<string>,
  holdsAsked?: (value: string) => boolean,
): string | undefined {
  const cells = statement.cells;
  if (statement.kind !== "row" || !cells?.length) return undefined;
  const says = (c: { value: string }) => termsOf(c.value).some((t) => asked.has(t));
  // The label is what the row is of: its first cell that is words, not a serial number.
  const label = cells.find((c) => hasLetter(c.value)) ?? cells[0];
  if (!label) return undefined;
  // A word the row's cells say picks the row, not a column ("procurement" of "Procurement Audit").
  const inCells = new Set(cells.flatMap((c) => termsOf(c.value)));
  const picks = (c: { column: string }) =>
    new Set(termsOf(c.column).filter((t) => asked.has(t) && !inCells.has(t))).size;
  // The cells whose column names the most of the question's other words: the value it asks for.
  const best = Math.max(0, ...cells.filter((c) => c !== label).map(picks));
  const wanted = best ? cells.filter((c) => c !== label && picks(c) === best) : [];
  // Columns the question's words name alike, holding different values: it did not say which one.
  if (!wanted.length || new Set(wanted.map((c) => c.value)).size > 1) return undefined;
  // The column the question names does not hold the kind of value it asks ("Who gives the talk on
  // ponds?" names the Talk column; the name is under Speaker): the whole row answers.
  if (holdsAsked && !wanted.some((c) => holdsAsked(c.value))) return undefined;
  // Cells the question quotes (other than the label) say which row this is: "Gambling ... White".
  const naming = cells.filter((c) => c !== label && !wanted.includes(c) && says(c) && hasLetter(c.value));
  const lead = [label, ...naming].map((c) => c.value).join(", ");
  return `${lead}, ${wanted.map((c) => `${c.column}: ${c.value}`).join("; ")}.`;
}
