// Writes a third layout tuning corpus (bench/layout/corpus-groff): multi-column prose with no
// table, typeset by groff's ms macros (neither a browser nor a drawing library), in the prose
// shapes that look most like a table: definition lists and man-page option lists (a term column
// beside its text), numbered clauses with the number in the margin, bibliographies with [n]
// labels, changelog entries with the version on the left, key: value records, a table of
// contents with dot leaders and page numbers, short justified lines with wide word gaps, and
// verse-like short lines. 2 to 4 columns, gutters 6 to 14 pt (some with a rule drawn between the
// columns afterwards), justified and ragged, hyphenation on and off, six typefaces.
// Run: npx tsx bench/layout/make-groff-corpus.ts [out dir]
// Needs groff (`apt-get install -y groff`: ms macros and gropdf), ghostscript (ps2pdf),
// poppler-utils (pdftotext) and Debian's python3 with PyMuPDF (fitz) for the column rules.
//
// The truth is written from the blocks as they were typeset; each block's page is where its
// first words are found in the PDF's text (pdftotext), which also checks that every block was
// typeset whole.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pagesOf } from "./corpus-pages.ts";
import { changelog, licence, type SourceBlock } from "./corpus-texts.ts";

/** A block as typeset: the truth's kind and text, and how it is set (a hanging tag beside it). */
type Block = {
  kind: "title" | "heading" | "paragraph" | "list-item";
  text: string;
  /** A tag set in the margin beside the text (an option, a clause number, "[3]", a version). */
  tag?: string;
  /** The tag's width (en spaces) when there is one. */
  indent?: number;
  /** A table of contents entry: its page number, set at the column's right after dot leaders. */
  folio?: number;
  /** Short lines kept as they are (verse). */
  lines?: string[];
};

type Style = {
  family: "T" | "H" | "C" | "N" | "P" | "BM";
  size: number;
  leading: number; // over size
  columns: number;
  gutter: number; // pt
  rule: boolean;
  justify: boolean;
  hyphenate: boolean;
  paper: "letter" | "a4";
  margin: number; // pt, left and right
  paraSpace: number; // paragraph spacing, in lines
  output: "pdf" | "ps"; // gropdf, or grops and ps2pdf
};

type Doc = { name: string; title: string; source: string; blocks: Block[]; style: Style; maxPages: number };

const L = "/usr/share/common-licenses";
const CL = (pkg: string) => `/usr/share/doc/${pkg}/changelog.Debian.gz`;
const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** Licence blocks, a numbered clause ("3.", "(b)", "1.2.") set with its number in the margin. */
function clauses(blocks: SourceBlock[], indent: number): Block[] {
  // Rows of stars or dashes framing a notice are ornaments, not text.
  const plain = blocks
    .map((b) => ({ ...b, text: clean(b.text.replace(/[*=_-]{3,}/g, " ")) }))
    .filter((b) => /\p{L}{2}/u.test(b.text));
  return plain.map((b) => {
    const m = /^(\(?[a-z0-9]{1,2}\)|\d{1,2}(?:\.\d{1,2})*\.)\s+(.*)$/.exec(b.text);
    if (b.kind === "list-item" && m) return { kind: "list-item", text: b.text, tag: m[1] as string, indent };
    return { kind: b.kind, text: b.text };
  });
}

/**
 * A command's `--help` options as a definition list: the option beside its description (its
 * continuation lines joined); the text between option lists as paragraphs.
 */
function options(command: string, indent: number): Block[] {
  const help = execFileSync(command, ["--help"], {
    env: { ...process.env, LANG: "C", COLUMNS: "80" },
  }).toString();
  const out: Block[] = [{ kind: "heading", text: `Options of ${command}` }];
  let cur: Block | null = null;
  for (const line of help.split("\n")) {
    const opt = /^\s{1,8}(-\S.*?)(?:\s{2,}(\S.*))?$/.exec(line);
    if (opt) {
      cur = { kind: "list-item", tag: (opt[1] as string).trim(), text: "", indent };
      cur.text = clean(opt[2] ?? "");
      out.push(cur);
    } else if (/^\s{10,}\S/.test(line) && cur) cur.text = clean(`${cur.text} ${line}`);
    else {
      cur = null;
      if (clean(line) && /\p{L}{2}/u.test(line)) out.push({ kind: "paragraph", text: clean(line) });
    }
  }
  // The truth's text is the tag and its description, as read.
  return out
    .filter((b) => b.kind !== "list-item" || b.text)
    .map((b) => (b.tag ? { ...b, text: `${b.tag} ${b.text}` } : b));
}

/** dpkg-query's format for these fields, separated by bars, a record a line. */
const dpkgFormat = (fields: string[]) => `${fields.map((f) => `$\{${f}}`).join("|")}\n`;

/** Records in the Latin script only (the typefaces used have no other). */
const LATIN = /^[\p{Script=Latin}\p{Script=Common}\p{M}]*$/u;

/** Installed packages as a numbered bibliography: "[n] Maintainer. package version: summary." */
function bibliography(count: number, from: number): Block[] {
  const rows = execFileSync("dpkg-query", [
    "-W",
    "-f",
    dpkgFormat(["Package", "Version", "Maintainer", "binary:Summary"]),
  ])
    .toString()
    .split("\n")
    .filter((r) => r && LATIN.test(r))
    .slice(from, from + count);
  return rows.map((r, k) => {
    const [pkg, version, maintainer, summary] = r.split("|") as [string, string, string, string];
    const tag = `[${k + 1}]`;
    const who = maintainer.replace(/\s*<[^>]*>/, "");
    const text = `${who}. ${pkg} ${version}: ${summary}. Debian package archive, ${pkg.length % 2 ? "2022" : "2023"}.`;
    return { kind: "list-item", tag, text: `${tag} ${text}`, indent: 5 };
  });
}

/** Package records as key: value lines under the package's name, a record one paragraph. */
function records(count: number, from: number): Block[] {
  const rows = execFileSync("dpkg-query", [
    "-W",
    "-f",
    dpkgFormat([
      "Package",
      "Version",
      "Section",
      "Priority",
      "Installed-Size",
      "Maintainer",
      "binary:Summary",
    ]),
  ])
    .toString()
    .split("\n")
    .filter((r) => r && LATIN.test(r))
    .slice(from, from + count);
  const out: Block[] = [];
  for (const r of rows) {
    const [pkg, version, section, priority, size, maintainer, summary] = r.split("|") as string[];
    out.push({ kind: "heading", text: pkg as string });
    const fields: [string, string | undefined][] = [
      ["Version", version],
      ["Section", section],
      ["Priority", priority],
      ["Installed-Size", size ? `${size} kB` : undefined],
      ["Maintainer", maintainer?.replace(/\s*<[^>]*>/, "")],
      ["Description", summary],
    ];
    // The fields' lines, set without paragraph spacing, read as one block.
    const lines = fields.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`);
    out.push({ kind: "paragraph", text: lines.join(" "), lines });
  }
  return out;
}

/**
 * Changelog entries with the version in the margin: an entry's first change beside its version,
 * the others under it; the upload line a paragraph.
 */
function versions(file: string, entries: number): Block[] {
  const out: Block[] = [];
  let version: string | null = null;
  for (const b of changelog(file, entries)) {
    if (b.kind === "heading") version = /\(([^)]*)\)/.exec(b.text)?.[1] ?? null;
    else if (b.kind === "list-item") {
      const tag = version ?? "";
      out.push({ kind: "list-item", tag, text: clean(`${tag} ${b.text}`), indent: 9 });
      version = null;
    } else out.push({ kind: "paragraph", text: b.text });
  }
  return out;
}

/** A table of contents of the headings that follow, with made-up but rising page numbers. */
function contents(blocks: Block[]): Block[] {
  const heads = blocks.filter((b) => b.kind === "heading");
  return [
    { kind: "heading", text: "Contents" },
    ...heads.map((h, k): Block => {
      const folio = 2 + Math.floor((k * 7) / 3);
      return { kind: "paragraph", text: `${h.text} ${folio}`, folio };
    }),
  ];
}

/** A paragraph's sentences set as short lines, broken at commas and sentence ends (verse-like). */
function verse(blocks: SourceBlock[]): Block[] {
  return blocks.map((b) => {
    if (b.kind === "heading") return { kind: "heading", text: b.text };
    const lines = b.text
      .split(/(?<=[,;:.!?])\s+/)
      .flatMap((l) =>
        l.split(" ").length > 9 ? [l.split(" ").slice(0, 6).join(" "), l.split(" ").slice(6).join(" ")] : [l],
      );
    return { kind: "paragraph", text: b.text, lines };
  });
}

const base: Style = {
  family: "T",
  size: 10,
  leading: 1.2,
  columns: 2,
  gutter: 12,
  rule: false,
  justify: true,
  hyphenate: true,
  paper: "letter",
  margin: 54,
  paraSpace: 0.3,
  output: "pdf",
};

const gfdl = licence(`${L}/GFDL-1.3`).map((b): Block => ({ kind: b.kind, text: b.text }));

const docs: Doc[] = [
  {
    name: "gpl3-groff-times-two-clauses",
    title: "GNU General Public License, Version 3",
    source: `${L}/GPL-3: GPL text, copyright the Free Software Foundation (verbatim copying permitted)`,
    blocks: clauses(licence(`${L}/GPL-3`), 4),
    style: { ...base },
    maxPages: 3,
  },
  {
    name: "apache-groff-helvetica-three-ragged-rule",
    title: "Apache License, Version 2.0",
    source: `${L}/Apache-2.0: Apache License text (redistributable verbatim)`,
    blocks: clauses(licence(`${L}/Apache-2.0`), 4),
    style: {
      ...base,
      family: "H",
      size: 8,
      columns: 3,
      gutter: 8,
      rule: true,
      justify: false,
      paper: "a4",
      margin: 42,
    },
    maxPages: 3,
  },
  {
    name: "options-groff-times-two-hanging",
    title: "Options of ls, cp and sort",
    source: "`ls --help`, `cp --help`, `sort --help` (GNU coreutils, GPL-3)",
    blocks: [...options("ls", 16), ...options("cp", 16), ...options("sort", 16)],
    style: { ...base, size: 9, gutter: 10 },
    maxPages: 4,
  },
  {
    name: "options-groff-palatino-three-narrow",
    title: "Options of tar and grep",
    source: "`tar --help` (GNU tar, GPL-3) and `grep --help` (GNU grep, GPL-3)",
    blocks: [...options("tar", 12), ...options("grep", 12)],
    style: { ...base, family: "P", size: 7.5, columns: 3, gutter: 6, rule: true, output: "ps", margin: 40 },
    maxPages: 3,
  },
  {
    name: "changelog-groff-newcentury-two-versions",
    title: "Changes to coreutils, bash and tar",
    source: `${CL("coreutils")}, ${CL("bash")} and ${CL("tar")} (Debian changelogs)`,
    blocks: [...versions(CL("coreutils"), 10), ...versions(CL("bash"), 10), ...versions(CL("tar"), 8)],
    style: { ...base, family: "N", size: 8.5, gutter: 14, justify: false, paper: "a4", output: "ps" },
    maxPages: 3,
  },
  {
    name: "bibliography-groff-bookman-two",
    title: "Works cited: the packages of this system",
    source: "dpkg-query records of installed Debian packages (maintainer, package, version, summary)",
    blocks: [
      { kind: "heading", text: "References" },
      ...bibliography(70, 0),
      { kind: "heading", text: "Further reading" },
      ...bibliography(40, 120).map((b, k) => ({
        ...b,
        tag: `[${71 + k}]`,
        text: b.text.replace(/^\[\d+\]/, `[${71 + k}]`),
      })),
    ],
    style: { ...base, family: "BM", size: 8, gutter: 10, justify: true, hyphenate: false, output: "ps" },
    maxPages: 3,
  },
  {
    name: "records-groff-helvetica-three-keyvalue",
    title: "Package records",
    source: "dpkg-query records of installed Debian packages (fields as key: value lines)",
    blocks: records(45, 200),
    style: { ...base, family: "H", size: 8, columns: 3, gutter: 9, justify: false, paraSpace: 0 },
    maxPages: 3,
  },
  {
    name: "gfdl-groff-times-two-contents",
    title: "GNU Free Documentation License, Version 1.3",
    source: `${L}/GFDL-1.3: GFDL text, copyright the Free Software Foundation (verbatim copying permitted)`,
    blocks: [...contents(gfdl), ...gfdl],
    style: { ...base, size: 9, gutter: 12, rule: true, paper: "a4" },
    maxPages: 3,
  },
  {
    name: "lgpl21-groff-times-four-justified",
    title: "GNU Lesser General Public License, Version 2.1",
    source: `${L}/LGPL-2.1: LGPL text, copyright the Free Software Foundation (verbatim copying permitted)`,
    blocks: clauses(licence(`${L}/LGPL-2.1`), 3),
    style: { ...base, size: 8, columns: 4, gutter: 7, hyphenate: false, margin: 36 },
    maxPages: 3,
  },
  {
    name: "mpl2-groff-palatino-two-definitions",
    title: "Mozilla Public License, Version 2.0",
    source: `${L}/MPL-2.0: MPL text (redistributable verbatim)`,
    blocks: clauses(licence(`${L}/MPL-2.0`), 5),
    style: { ...base, family: "P", size: 9, gutter: 11, output: "ps" },
    maxPages: 3,
  },
  {
    name: "verse-groff-courier-three",
    title: "The GPL's preamble, set as verse",
    source: `${L}/GPL-2 and ${L}/GPL-3 preambles, their sentences broken into short lines (verbatim text)`,
    blocks: [...verse(licence(`${L}/GPL-2`).slice(0, 12)), ...verse(licence(`${L}/GPL-3`).slice(0, 12))],
    style: { ...base, family: "C", size: 7.5, columns: 3, gutter: 10, justify: false, margin: 40 },
    maxPages: 3,
  },
];

/** Text made safe for a troff text line or a quoted macro argument. */
function esc(s: string): string {
  return s
    .replace(/\\/g, "\\e")
    .replace(/"/g, "\\(dq")
    .replace(/^([.'])/, "\\&$1");
}

function roff(doc: Doc, blocks: Block[]): string {
  const s = doc.style;
  const pageWidth = s.paper === "a4" ? 595 : 612;
  const lineLength = pageWidth - 2 * s.margin;
  const column = (lineLength - s.gutter * (s.columns - 1)) / s.columns;
  const out = [
    // ms reads sizes of 1000 and over as thousandths of a point.
    `.nr PS ${Math.round(s.size * 1000)}`,
    `.nr VS ${Math.round(s.size * s.leading * 1000)}`,
    `.nr PO ${s.margin}p`,
    `.nr LL ${lineLength}p`,
    ".nr HM 0.8i",
    ".nr FM 0.8i",
    `.nr PD ${s.paraSpace}v`,
    ".nr PI 1.5m",
    `.nr HY ${s.hyphenate ? 14 : 0}`,
    `.fam ${s.family}`,
    ".ds CH",
    ".ds RF - \\\\n% -",
    ".ce",
    `\\s+4\\fB${esc(doc.title)}\\fP\\s0`,
    ".sp 0.5",
    `.MC ${column.toFixed(2)}p ${s.gutter}p`,
  ];
  // ms sets the adjustment and hyphenation afresh for each paragraph from these.
  const set = [s.justify ? ".ad b" : ".ad l", s.hyphenate ? ".hy 14" : ".nh"];
  for (const b of blocks) {
    if (b.kind === "heading") out.push(".SH", esc(b.text), ...set);
    else if (b.tag !== undefined) {
      const text = b.text.slice(b.tag.length).trim();
      out.push(`.IP "${esc(b.tag)}" ${b.indent ?? 4}n`, ...set, esc(text));
    } else if (b.folio !== undefined) {
      const title = b.text.replace(/\s+\d+$/, "");
      // A leader (Ctrl-A) fills with dots up to the right-aligned tab stop at the column's edge.
      out.push(".LP", ".ad l", `.ta ${(column - 1).toFixed(2)}pR`, `${esc(title)}\u0001${b.folio}`);
    } else if (b.lines) out.push(".LP", ".ad l", ".nh", ...b.lines.flatMap((l) => [esc(l), ".br"]));
    else out.push(".PP", ...set, esc(b.text));
  }
  return `${out.join("\n")}\n`;
}

function typeset(doc: Doc, blocks: Block[], pdf: string): number {
  const source = roff(doc, blocks);
  if (process.env.ROFF_DUMP) writeFileSync(`${process.env.ROFF_DUMP}/${doc.name}.ms`, source);
  const paper = doc.style.paper;
  const common = ["-k", "-ms", `-dpaper=${paper}`];
  if (doc.style.output === "pdf") {
    const bytes = execFileSync("groff", [...common, "-Tpdf", `-P-p${paper}`], {
      input: source,
      maxBuffer: 1 << 26,
    });
    writeFileSync(pdf, bytes);
  } else {
    const ps = execFileSync("groff", [...common, "-Tps", `-P-p${paper}`], {
      input: source,
      maxBuffer: 1 << 26,
    });
    execFileSync("ps2pdf", [`-sPAPERSIZE=${paper}`, "-", pdf], { input: ps });
  }
  return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf]).toString())?.[1] ?? 0);
}

/** A thin rule down the middle of each gutter, from the text's top to its bottom, on every page. */
function drawRules(doc: Doc, pdf: string): void {
  const s = doc.style;
  const pageWidth = s.paper === "a4" ? 595 : 612;
  const column = (pageWidth - 2 * s.margin - s.gutter * (s.columns - 1)) / s.columns;
  const xs = Array.from(
    { length: s.columns - 1 },
    (_, k) => s.margin + (k + 1) * column + k * s.gutter + s.gutter / 2,
  );
  const script = `
import fitz, sys
doc = fitz.open(sys.argv[1])
xs = [${xs.map((x) => x.toFixed(2)).join(", ")}]
for page in doc:
    words = page.get_text("words")
    body = [w for w in words if w[1] > 90 and w[3] < page.rect.height - 70]
    if not body:
        continue
    top = min(w[1] for w in body)
    bottom = max(w[3] for w in body)
    for x in xs:
        page.draw_line((x, top), (x, bottom), width=0.5)
doc.saveIncr()
`;
  execFileSync("/usr/bin/python3", ["-c", script, pdf]);
}

const outDir = process.argv[2] ?? path.join(import.meta.dirname, "corpus-groff");
mkdirSync(outDir, { recursive: true });
let totalPages = 0;
for (const doc of docs) {
  const pdf = path.join(outDir, `${doc.name}.pdf`);
  // Drop blocks from the end until the document fits its pages.
  let blocks = doc.blocks;
  let pages = typeset(doc, blocks, pdf);
  while (pages > doc.maxPages) {
    blocks = blocks.slice(0, Math.floor(blocks.length * 0.93));
    // Never end on a heading or a contents entry with nothing under it.
    while (blocks.length && (blocks.at(-1) as Block).kind === "heading") blocks = blocks.slice(0, -1);
    pages = typeset(doc, blocks, pdf);
  }
  if (doc.style.rule) drawRules(doc, pdf);
  const where = pagesOf(pdf, pages, [{ kind: "title", text: doc.title }, ...blocks]);
  if (typeof where === "string") throw new Error(`${doc.name}: ${where}`);
  const s = doc.style;
  const truth = {
    source: doc.source,
    generator:
      `groff -ms (bench/layout/make-groff-corpus.ts), ${s.output === "pdf" ? "gropdf" : "grops + ps2pdf"}: ` +
      `${s.paper}, ${s.family} family ${s.size} pt, ${s.columns} columns, ${s.gutter} pt gutter${s.rule ? " with a rule" : ""}, ` +
      `${s.justify ? "justified" : "ragged"}, hyphenation ${s.hyphenate ? "on" : "off"}`,
    columns: s.columns,
    pages,
    blocks: [{ kind: "title", text: doc.title }, ...blocks].map((b, k) => ({
      page: where[k] as number,
      kind: b.kind,
      text: b.text,
    })),
  };
  writeFileSync(path.join(outDir, `${doc.name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
  totalPages += pages;
  console.log(`${doc.name}: ${pages} pages, ${blocks.length} blocks`);
}
console.log(`${docs.length} documents, ${totalPages} pages in ${outDir}`);
