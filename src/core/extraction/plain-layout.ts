import { tableToMarkdown } from "../tables/table-formats.ts";
import { cell, type TableGrid } from "../tables/table-model.ts";
import type { ExtractedTable } from "./extractor.ts";
import type { TextRun } from "./text-items.ts";

// The plain layout: lines in top-to-bottom order, paragraphs, headings by size, and tables where
// consecutive lines split into aligned columns. One column of reading order; the layout-aware
// extractor of the extraction-quality work replaces this behind the same Extractor interface.

type Segment = { x0: number; x1: number; text: string };
type Line = { y: number; size: number; segments: Segment[] };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor(s.length / 2)] as number) : 0;
};

function toLines(runs: TextRun[]): Line[] {
  const sorted = [...runs].sort((a, b) => a.y - b.y || a.x - b.x);
  const groups: TextRun[][] = [];
  for (const r of sorted) {
    const g = groups[groups.length - 1];
    const ref = g?.[0];
    if (g && ref && Math.abs(r.y - ref.y) <= 0.45 * Math.max(r.size, ref.size)) g.push(r);
    else groups.push([r]);
  }
  return groups
    .map((g) => {
      g.sort((a, b) => a.x - b.x);
      const size = median(g.map((r) => r.size));
      const segments: Segment[] = [];
      for (const r of g) {
        const last = segments[segments.length - 1];
        const gap = last ? r.x - last.x1 : Number.POSITIVE_INFINITY;
        if (last && gap < Math.max(1.6 * size, 10)) {
          const space = gap > 0.18 * size && !last.text.endsWith(" ") && !r.str.startsWith(" ") ? " " : "";
          last.text += space + r.str;
          last.x1 = Math.max(last.x1, r.x + r.width);
        } else {
          segments.push({ x0: r.x, x1: r.x + r.width, text: r.str });
        }
      }
      for (const s of segments) s.text = s.text.replace(/\s+/g, " ").trim();
      return { y: g[0]?.y ?? 0, size, segments: segments.filter((s) => s.text.length > 0) };
    })
    .filter((l) => l.segments.length > 0);
}

/** Columns from the line with the most segments; every other line's segments fall into the nearest. */
function toGrid(lines: Line[]): TableGrid {
  const template = lines.reduce((a, b) => (b.segments.length > a.segments.length ? b : a));
  const cols = template.segments.map((s) => ({ x0: s.x0, x1: s.x1 }));
  return lines.map((l) => {
    const texts = cols.map(() => "");
    for (const s of l.segments) {
      let best = 0;
      let bestScore = Number.NEGATIVE_INFINITY;
      cols.forEach((c, i) => {
        const overlap = Math.min(c.x1, s.x1) - Math.max(c.x0, s.x0);
        const distance = Math.abs((c.x0 + c.x1) / 2 - (s.x0 + s.x1) / 2);
        const score = overlap > 0 ? overlap : -distance;
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      });
      texts[best] = texts[best] ? `${texts[best]} ${s.text}` : s.text;
    }
    return texts.map((t) => cell(t));
  });
}

type Block = { kind: "text"; lines: Line[] } | { kind: "table"; table: ExtractedTable; lines: Line[] };

function toBlocks(lines: Line[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    // A table: at least two consecutive, closely spaced lines that split into two or more columns.
    let j = i;
    while (
      j < lines.length &&
      (lines[j] as Line).segments.length >= 2 &&
      (j === i || (lines[j] as Line).y - (lines[j - 1] as Line).y < 3 * (lines[j] as Line).size)
    ) {
      j++;
    }
    if (j - i >= 2) {
      const rows = lines.slice(i, j);
      const x0 = Math.min(...rows.flatMap((l) => l.segments.map((s) => s.x0)));
      const x1 = Math.max(...rows.flatMap((l) => l.segments.map((s) => s.x1)));
      const last = rows[rows.length - 1] as Line;
      const bbox: [number, number, number, number] = [
        x0,
        (rows[0] as Line).y - (rows[0] as Line).size,
        x1,
        last.y + last.size * 0.3,
      ];
      blocks.push({ kind: "table", table: { grid: toGrid(rows), bbox }, lines: rows });
      i = j;
      continue;
    }
    const line = lines[i] as Line;
    const prev = blocks[blocks.length - 1];
    const prevLine = prev?.kind === "text" ? prev.lines[prev.lines.length - 1] : undefined;
    const sameParagraph =
      prevLine &&
      line.y - prevLine.y < 1.7 * Math.max(line.size, prevLine.size) &&
      Math.abs(line.size - prevLine.size) < 0.15 * prevLine.size;
    if (prev?.kind === "text" && sameParagraph) prev.lines.push(line);
    else blocks.push({ kind: "text", lines: [line] });
    i++;
  }
  return blocks;
}

function joinLines(lines: Line[]): string {
  let out = "";
  for (const l of lines) {
    const t = l.segments.map((s) => s.text).join(" ");
    if (!out) out = t;
    // A word broken over two lines: "extrac-" + "tion" -> "extraction".
    else if (/[A-Za-z]-$/.test(out) && /^[a-z]/.test(t)) out = out.slice(0, -1) + t;
    else out = `${out} ${t}`;
  }
  return out;
}

export function layoutPage(runs: TextRun[]): { markdown: string; text: string; tables: ExtractedTable[] } {
  const lines = toLines(runs);
  const body = median(lines.map((l) => l.size)) || 10;
  const parts: string[] = [];
  const texts: string[] = [];
  const tables: ExtractedTable[] = [];
  for (const b of toBlocks(lines)) {
    if (b.kind === "table") {
      tables.push(b.table);
      parts.push(tableToMarkdown(b.table.grid));
      texts.push(b.lines.map((l) => l.segments.map((s) => s.text).join(" ")).join("\n"));
      continue;
    }
    const text = joinLines(b.lines);
    texts.push(text);
    const size = b.lines[0]?.size ?? body;
    const heading = text.length <= 120 ? (size >= 1.6 * body ? "# " : size >= 1.25 * body ? "## " : "") : "";
    parts.push(heading + text);
  }
  return { markdown: parts.join("\n\n"), text: texts.join("\n\n"), tables };
}
