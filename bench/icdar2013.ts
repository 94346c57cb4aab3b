// `npm run bench:tables:icdar`: the ICDAR 2013 table competition set, scored by bench/tables.ts,
// as a check on documents the table rules were not written against (67 PDFs of EU and US
// government documents, 156 table regions). The set is not in this repository (its licence is
// not ours to grant): it is read from a copy of tabula-java, which keeps it among its test files.
// Bring one with the tool library's `fetch github:tabulapdf/tabula-java`, or clone it anywhere.
//
//   npm run bench:tables:icdar [-- <tabula-java git dir> [<out dir> [bench/tables.ts options]]]
//     default git dir: $TABULA_JAVA_GIT or /work/.mirror/tabulapdf+tabula-java/repo
//     default out dir: a temporary directory, removed after
//
// For every region of every table in the ground truth (*-str.xml), one corpus entry: its page,
// its area (the cells' bounding boxes joined, turned into the corpus's top-left points of the
// displayed page) and its rows. A cell's text sits at its start row and column; positions a
// spanning cell covers are "" (the corpus convention). Rows and columns are counted from the
// region's first. Then `bench/tables.ts --corpus <out dir>`.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { openPdf } from "../src/core/extraction/pdfjs.ts";
import { heldOutSet } from "./support/held-out-set.ts";

const {
  gitDir,
  out: OUT,
  git,
  fail,
  score,
} = heldOutSet({
  envVar: "TABULA_JAVA_GIT",
  mirror: "/work/.mirror/tabulapdf+tabula-java/repo",
  tmpPrefix: "quire-icdar2013-",
});
const SET = "src/test/resources/technology/tabula/icdar2013-dataset";

const files = (() => {
  try {
    return git("ls-tree", "-r", "--name-only", "HEAD", SET).toString().split("\n").filter(Boolean);
  } catch {
    return fail(
      `No tabula-java repository at ${gitDir}. Bring one (fetch github:tabulapdf/tabula-java, or git clone) and pass its git directory.`,
    );
  }
})();

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === "#"
      ? String.fromCodePoint(
          e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
        )
      : (entities[e] ?? m),
  );
const attr = (tag: string, name: string) => new RegExp(`\\b${name}=["']([^"']*)["']`).exec(tag)?.[1];
const num = (tag: string, name: string) => {
  const v = attr(tag, name);
  // parseFloat: one box in the ground truth reads x1='26ß' (us-018, table 7).
  return v === undefined ? undefined : Number.parseFloat(v);
};

type Cell = { row: number; col: number; endRow: number; endCol: number; text: string; box: number[] };
type Entry = {
  id: string;
  pdf: string;
  page: number;
  area: number[];
  expected: { rows: string[][] };
  source: string;
  method: "any";
  notes: string;
};

/** One region of a table: its grid (rows and columns counted from its first) and its area. */
type Part = { grid: string[][]; area: number[] };

function regionPart(
  body: string,
  viewport: { convertToViewportPoint: (x: number, y: number) => number[] },
): Part | null {
  const cells: Cell[] = [];
  for (const c of body.matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g)) {
    const tag = c[1] as string;
    const inner = c[2] as string;
    const row = num(tag, "start-row") ?? 0;
    const col = num(tag, "start-col") ?? 0;
    const b = /<bounding-box\b([^>]*)\/?>/.exec(inner)?.[1] ?? "";
    cells.push({
      row,
      col,
      endRow: num(tag, "end-row") ?? row,
      endCol: num(tag, "end-col") ?? col,
      text: decodeXml(/<content>([\s\S]*?)<\/content>/.exec(inner)?.[1] ?? "").trim(),
      box: ["x1", "y1", "x2", "y2"].map((k) => num(b, k) ?? 0),
    });
  }
  if (!cells.length) return null;
  const r0 = Math.min(...cells.map((c) => c.row));
  const c0 = Math.min(...cells.map((c) => c.col));
  const rows = Math.max(...cells.map((c) => c.endRow)) - r0 + 1;
  const cols = Math.max(...cells.map((c) => c.endCol)) - c0 + 1;
  const grid = Array.from({ length: rows }, () => Array.from({ length: cols }, () => ""));
  for (const c of cells) {
    const line = grid[c.row - r0] as string[];
    line[c.col - c0] = line[c.col - c0] ? `${line[c.col - c0]} ${c.text}` : c.text;
  }
  // The ground truth's boxes are PDF user space (origin bottom left); the corpus's areas are
  // points from the top left of the page as displayed.
  const xs: number[] = [];
  const ys: number[] = [];
  for (const c of cells) {
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = c.box;
    for (const [x, y] of [
      [x1, y1],
      [x2, y2],
    ] as const) {
      const [vx = 0, vy = 0] = viewport.convertToViewportPoint(x, y);
      xs.push(vx);
      ys.push(vy);
    }
  }
  return { grid, area: [Math.min(...ys), Math.min(...xs), Math.max(...ys), Math.max(...xs)] };
}

/** Regions of one table on one page as one grid: side by side when none overlaps another across, else stacked. */
function joinParts(parts: Part[]): string[][] {
  if (parts.length === 1) return (parts[0] as Part).grid;
  const across = (p: Part, q: Part) =>
    (p.area[1] as number) < (q.area[3] as number) && (q.area[1] as number) < (p.area[3] as number);
  const sideBySide = parts.every((p, i) => parts.every((q, j) => i === j || !across(p, q)));
  if (sideBySide) {
    const ordered = [...parts].sort((p, q) => (p.area[1] as number) - (q.area[1] as number));
    const rows = Math.max(...ordered.map((p) => p.grid.length));
    return Array.from({ length: rows }, (_, r) =>
      ordered.flatMap((p) => p.grid[r] ?? Array.from({ length: p.grid[0]?.length ?? 0 }, () => "")),
    );
  }
  const ordered = [...parts].sort((p, q) => (p.area[0] as number) - (q.area[0] as number));
  const cols = Math.max(...ordered.map((p) => p.grid[0]?.length ?? 0));
  return ordered.flatMap((p) =>
    p.grid.map((row) => [...row, ...Array.from({ length: cols - row.length }, () => "")]),
  );
}

const manifest: Entry[] = [];
for (const str of files.filter((f) => f.endsWith("-str.xml"))) {
  const name = path.basename(str).replace(/-str\.xml$/, "");
  const pdfPath = str.replace(/-str\.xml$/, ".pdf");
  if (!files.includes(pdfPath)) continue;
  const pdfBytes = git("show", `HEAD:${pdfPath}`);
  writeFileSync(path.join(OUT, `${name}.pdf`), pdfBytes);
  const doc = await openPdf(new Uint8Array(pdfBytes));
  const xml = git("show", `HEAD:${str}`).toString();
  for (const table of xml.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)) {
    const tableId = attr(table[1] as string, "id");
    const parts: (Part & { page: number; regionId: string | undefined })[] = [];
    for (const region of (table[2] as string).matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
      const page = num(region[1] as string, "page") ?? 1;
      const part = regionPart(region[2] as string, (await doc.getPage(page)).getViewport({ scale: 1 }));
      if (part) parts.push({ ...part, page, regionId: attr(region[1] as string, "id") });
    }
    // A table's regions on one page are one table there (us-035a sets one list side by side in
    // three regions); on different pages, one entry per page.
    for (const page of [...new Set(parts.map((p) => p.page))]) {
      const here = parts.filter((p) => p.page === page);
      manifest.push({
        id: `icdar2013-${name}-t${tableId}-r${here.map((p) => p.regionId).join("+")}`,
        pdf: `${name}.pdf`,
        page,
        area: [
          Math.min(...here.map((p) => p.area[0] as number)),
          Math.min(...here.map((p) => p.area[1] as number)),
          Math.max(...here.map((p) => p.area[2] as number)),
          Math.max(...here.map((p) => p.area[3] as number)),
        ],
        expected: { rows: joinParts(here) },
        source: `tabula-java ${str}`,
        method: "any",
        notes: `ICDAR 2013 table competition ground truth, table ${tableId}, page ${page}.`,
      });
    }
  }
  await doc.destroy();
}
console.log(
  `${manifest.length} ICDAR 2013 table regions on ${new Set(manifest.map((e) => e.pdf)).size} PDFs in ${OUT}`,
);
score(manifest);
