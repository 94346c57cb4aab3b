import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";

export type XlsxCell = string | number;

/**
 * One worksheet as an XLSX byte stream. Rows are committed as they are added, so memory stays
 * flat however many there are, and they are read only as fast as the client takes the output:
 * after each batch, the writer waits while the output is full. A client that went away ends the
 * export, and with it the reads behind `batches`.
 */
export function xlsxStream(
  sheetName: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly XlsxCell[])[]>,
): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetName);
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off("drain", done);
        out.off("close", done);
        resolve();
      };
      out.on("drain", done);
      out.on("close", done);
    });
  const write = async () => {
    sheet.addRow([...header]).commit();
    for await (const rows of batches) {
      if (out.destroyed) return;
      for (const row of rows) sheet.addRow([...row]).commit();
      if (out.writableNeedDrain) await drained();
    }
    if (out.destroyed) return;
    sheet.commit();
    await book.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
