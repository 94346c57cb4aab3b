// CSV as RFC 4180 writes it, safe to open in a spreadsheet; a stream of records for exports
// too large to hold in memory.

/** A plain number, signed or not, with thousands separators, decimals or a percent sign: no formula. */
const plainNumber = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?%?$/;

/**
 * A field a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return: `=HYPERLINK(…)`, `+cmd|' /C calc'!A0`) gets a leading apostrophe, as OWASP advises for
 * CSV injection, so it is shown as the text it is. Plain numbers (-12.50, +3%) are left as they
 * are: they cannot call anything, and changing them would change the data.
 */
export function neutralizeFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) && !plainNumber.test(s) ? `'${s}` : s;
}

/**
 * One RFC 4180 record: fields quoted when they hold a comma, quote, CR or LF; CRLF at the end.
 * Fields that would run as spreadsheet formulas are neutralized (neutralizeFormula).
 */
export function csvRecord(fields: readonly string[]): string {
  const field = (raw: string) => {
    const s = neutralizeFormula(raw);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `${fields.map(field).join(",")}\r\n`;
}

/** Records as CSV text, a chunk per batch of rows, so an export of any size streams. */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly string[])[]>,
): AsyncGenerator<string> {
  yield csvRecord(header);
  for await (const rows of batches) {
    let out = "";
    for (const row of rows) out += csvRecord(row);
    if (out) yield out;
  }
}
