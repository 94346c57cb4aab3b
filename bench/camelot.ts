// `npm run bench:tables:camelot`: camelot's test PDFs that the table corpus left out, scored by
// bench/tables.ts, as a second check on documents the table rules were not written against. The
// corpus took only camelot tests that call read_pdf with a file and a flavor; the tests below
// give camelot a hint (a table area, column positions, a smaller line scale, lines drawn in the
// page's background, a layout setting) or post-process the text. Our extractor gets no hint: it
// reads the whole page, and the table whose bbox overlaps the hinted area is scored.
//
//   npm run bench:tables:camelot [-- <camelot git dir> [<out dir> [bench/tables.ts options]]]
//     default git dir: $CAMELOT_GIT or /work/.mirror/camelot-dev+camelot/repo
//       (the tool library's `fetch github:camelot-dev/camelot`, or any clone)
//     default out dir: a temporary directory, removed after
//
// The expected rows are camelot's own (tests/data.py), read with python3 (the file is Python:
// lists of strings with implicit concatenation). Its conventions apply: a spanning cell's text in
// its first cell; with `split_text`, text that crosses a column line split in two (m27, which
// splits words, is left out; so is row_span_1, whose list repeats a spanning cell's text in every
// row it covers). Superscripts marked <s>…</s> by `flag_size` are kept as plain text.
// The camelot license is the corpus's (LICENSE-camelot.txt in the corpus folder).
import { execFileSync } from "node:child_process";
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
  envVar: "CAMELOT_GIT",
  mirror: "/work/.mirror/camelot-dev+camelot/repo",
  tmpPrefix: "quire-camelot-",
});

/**
 * The cases: camelot's test, its PDF (under tests/files), the page, the data.py list it compares
 * with, and camelot's table area when the test gives one ("x1,y1,x2,y2": top-left and
 * bottom-right corners in PDF user space, origin bottom left).
 */
const CASES: { test: string; file: string; page: number; data: string; area?: string }[] = [
  {
    test: "test_lattice_table_regions",
    file: "table_region.pdf",
    page: 1,
    data: "data_lattice_table_regions",
    area: "170,370,560,270",
  },
  {
    test: "test_lattice_process_background",
    file: "background_lines_1.pdf",
    page: 1,
    data: "data_lattice_process_background",
  },
  {
    test: "test_lattice_shift_text (default shift)",
    file: "column_span_2.pdf",
    page: 1,
    data: "data_lattice_shift_text_left_top",
  },
  {
    test: "test_lattice_split_text",
    file: "split_text_lattice.pdf",
    page: 1,
    data: "data_lattice_split_text",
  },
  {
    test: "test_lattice (us-030 page 2)",
    file: "tabula/icdar2013-dataset/competition-dataset-us/us-030.pdf",
    page: 2,
    data: "data_lattice",
  },
  {
    test: "test_stream_table_areas",
    file: "tabula/us-007.pdf",
    page: 1,
    data: "data_stream_table_areas",
    area: "320,500,573,335",
  },
  { test: "test_stream_columns", file: "mexican_towns.pdf", page: 1, data: "data_stream_columns" },
  {
    test: "test_stream_layout_kwargs",
    file: "detect_vertical_false.pdf",
    page: 1,
    data: "data_stream_layout_kwargs",
  },
  { test: "test_stream_edge_tol", file: "edge_tol.pdf", page: 1, data: "data_stream_edge_tol" },
  { test: "test_stream_flag_size", file: "superscript.pdf", page: 1, data: "data_stream_flag_size" },
];

/** The data.py lists the cases compare with, by name. */
const lists = ((): Record<string, string[][] | undefined> => {
  try {
    const source = git("show", "HEAD:tests/data.py").toString();
    const names = JSON.stringify(CASES.map((c) => c.data));
    const py = `import json, sys\nns = {}\nexec(sys.stdin.read(), ns)\nprint(json.dumps({k: ns[k] for k in ${names}}))`;
    return JSON.parse(
      execFileSync("python3", ["-c", py], { input: source, maxBuffer: 64 * 2 ** 20 }).toString(),
    );
  } catch (err) {
    return fail(
      `Could not read camelot's tests/data.py from ${gitDir} (${(err as Error).message.split("\n")[0]}). Bring a copy (fetch github:camelot-dev/camelot, or git clone) and pass its git directory; python3 must be on the PATH.`,
    );
  }
})();

const manifest = [];
for (const c of CASES) {
  const bytes = git("show", `HEAD:tests/files/${c.file}`);
  const name = path.basename(c.file);
  writeFileSync(path.join(OUT, name), bytes);
  let area: number[] | null = null;
  if (c.area) {
    const doc = await openPdf(new Uint8Array(bytes));
    const viewport = (await doc.getPage(c.page)).getViewport({ scale: 1 });
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = c.area.split(",").map(Number);
    const [l = 0, t = 0] = viewport.convertToViewportPoint(x1, y1);
    const [r = 0, b = 0] = viewport.convertToViewportPoint(x2, y2);
    area = [Math.min(t, b), Math.min(l, r), Math.max(t, b), Math.max(l, r)];
    await doc.destroy();
  }
  const list =
    lists[c.data] ?? fail(`camelot's tests/data.py at ${gitDir} has no ${c.data} (for ${c.file}).`);
  const rows = list.map((row) => row.map((cell) => cell.replace(/<\/?s>/g, "")));
  manifest.push({
    id: `camelot-${name.replace(/\.pdf$/, "")}-p${c.page}`,
    pdf: name,
    page: c.page,
    area,
    expected: { rows },
    source: `camelot tests/${c.test}: tests/files/${c.file}, ${c.data}`,
    method: "any",
    notes: "camelot test data outside the corpus (bench/camelot.ts)",
  });
}
console.log(`${manifest.length} camelot test tables in ${OUT}`);
score(manifest);
