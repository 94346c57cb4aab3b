import { type TableGrid, textRows } from "../extraction/table-model.ts";
import { csvRecord } from "./csv.ts";

// The four renderings of a table. They are made from the same grid, so they always agree.

/**
 * A PDF's text as markdown text: a `<` that would open an HTML tag, comment or autolink (`<script`,
 * `</`, `<!--`, `<?`) is backslash-escaped, so a client that renders the markdown shows the text
 * the page printed instead of running markup the PDF's author put there. Any other `<` stays.
 */
export const neutralizeHtml = (s: string) => s.replace(/<(?=[A-Za-z/!?])/g, "\\<");

/** A cell as markdown table text: pipes, backslashes and HTML escaped, line breaks as <br>. */
export const mdCell = (s: string) =>
  neutralizeHtml(s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|"))
    .replace(/\s*\n\s*/g, "<br>")
    .trim();

export function tableToMarkdown(grid: TableGrid): string {
  const rows = textRows(grid);
  const width = Math.max(1, ...rows.map((r) => r.length));
  const line = (r: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => mdCell(r[i] ?? "")).join(" | ")} |`;
  const [head = [], ...body] = rows;
  return [
    line(head),
    `| ${Array.from({ length: width }, () => "---").join(" | ")} |`,
    ...body.map(line),
  ].join("\n");
}

export function tableToCsv(grid: TableGrid): string {
  return textRows(grid).map(csvRecord).join("");
}

const esc = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\n/g, "<br>");

/** HTML keeps row and column spans; the first row is the header. */
export function tableToHtml(grid: TableGrid): string {
  const rows = grid.map((row, r) => {
    const tag = r === 0 ? "th" : "td";
    const cells = row
      .filter((c) => c !== null)
      .map((c) => {
        const spans = `${c.rowSpan > 1 ? ` rowspan="${c.rowSpan}"` : ""}${c.colSpan > 1 ? ` colspan="${c.colSpan}"` : ""}`;
        return `<${tag}${spans}>${esc(c.text)}</${tag}>`;
      })
      .join("");
    return `<tr>${cells}</tr>`;
  });
  const [head, ...body] = rows;
  return `<table>\n<thead>\n${head ?? ""}\n</thead>\n<tbody>\n${body.join("\n")}\n</tbody>\n</table>\n`;
}
