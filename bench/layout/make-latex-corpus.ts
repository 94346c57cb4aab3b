// Writes the LaTeX layout corpora: multi-column prose with no table, typeset by pdflatex (tuning,
// bench/layout/corpus-latex) and by lualatex with columns cut from one long box by hand (check,
// bench/layout/corpus-latex-check: no twocolumn, no multicol, other typefaces, another engine).
// The shapes that look most like a table: numbered clauses and lettered items with the label in
// the margin, changelogs of short lines, lists of short items ("Version 9.1-1 released
// 2022-09-20"), running text with dates and figures, footnotes, titles and abstracts set across
// the columns, justified with hyphenation and ragged right, narrow and wide gutters, with and
// without a rule between the columns, several typefaces at 9 to 11 pt.
// Run: npx tsx bench/layout/make-latex-corpus.ts [tuning|check]
// Needs texlive (latex-base, -recommended, -fonts-recommended, lualatex) and
// poppler-utils. Texts: Debian's licences, changelogs and NEWS files, dpkg records, Python's
// module docstrings.
//
// The truth is written from the blocks as they were typeset; each block's page is where its
// first words are found in the PDF's text.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pageCount, pagesOf } from "./corpus-pages.ts";
import { changelog, licence, type SourceBlock } from "./corpus-texts.ts";

type Kind = "title" | "heading" | "paragraph" | "list-item" | "footnote";
type Block = {
  kind: Kind;
  text: string;
  /** A list item's list, and its label when the label is the text's (a clause number). */
  list?: "enumerate" | "itemize";
  label?: string;
  /** A footnote set at the paragraph's end. */
  footnote?: string;
  /** Short lines kept as they are (a changelog's entries). */
  lines?: string[];
};

type Style = {
  engine: "pdflatex" | "lualatex";
  /** The font package (Computer Modern when empty). */
  font: string;
  sans?: boolean;
  size: 9 | 10 | 11;
  columns: 2 | 3;
  /** twocolumn class option, multicol's environment, or columns cut from one box (check). */
  layout: "twocolumn" | "multicol" | "boxes";
  gutter: number; // pt
  rule: boolean;
  ragged: boolean;
  numbered: boolean; // numbered section heads
  paper: "a4paper" | "letterpaper";
  margin: string;
};

type Doc = {
  name: string;
  title: string;
  source: string;
  abstract?: string;
  blocks: Block[];
  style: Style;
  maxPages: number;
};

const L = "/usr/share/common-licenses";
const CL = (pkg: string) => `/usr/share/doc/${pkg}/changelog.Debian.gz`;
const clean = (s: string) => s.replace(/\s+/g, " ").trim();
const LATIN = /^[\p{Script=Latin}\p{Script=Common}\p{M}]*$/u;

/** Licence blocks: a numbered clause is an enumerate item whose label is its own number. */
function clauses(blocks: SourceBlock[]): Block[] {
  return blocks
    .map((b) => ({ ...b, text: clean(b.text.replace(/[*=_-]{3,}/g, " ")) }))
    .filter((b) => /\p{L}{2}/u.test(b.text) && LATIN.test(b.text))
    .map((b): Block => {
      const m = /^(\(?[a-z0-9]{1,2}\)|\d{1,2}(?:\.\d{1,2})*\.)\s+(.*)$/.exec(b.text);
      if (b.kind === "list-item" && m)
        return { kind: "list-item", text: b.text, list: "enumerate", label: m[1] };
      return { kind: b.kind, text: b.text };
    });
}

/** Every `every`-th paragraph gets a footnote: the next list of notes, in turn. */
function withFootnotes(blocks: Block[], notes: string[], every: number): Block[] {
  let n = 0;
  let k = 0;
  return blocks.map((b) => {
    if (b.kind !== "paragraph" || b.lines || k >= notes.length) return b;
    return ++n % every === 0 ? { ...b, footnote: notes[k++] } : b;
  });
}

/** dpkg records of installed packages (Latin script only): package, version, size, maintainer, summary. */
function packages(count: number, from: number): string[][] {
  return execFileSync("dpkg-query", [
    "-W",
    "-f",
    `${["Package", "Version", "Installed-Size", "Maintainer", "Section", "binary:Summary"].map((f) => `\${${f}}`).join("|")}\n`,
  ])
    .toString()
    .split("\n")
    .filter((r) => r && LATIN.test(r))
    .slice(from, from + count)
    .map((r) => r.split("|"));
}

/** Package records told in sentences: figures and names in running text. */
function packageProse(count: number, from: number): Block[] {
  return packages(count, from).map(([pkg, version, size, maintainer, section, summary]) => ({
    kind: "paragraph",
    text: clean(
      `The package ${pkg}, version ${version}, takes ${size} kB once installed and belongs to the ${section} section. ` +
        `It is maintained by ${maintainer?.replace(/\s*<[^>]*>/, "")}, and its summary reads: ${summary}.`,
    ),
  }));
}

/** Footnotes from package records: where a text came from. */
function packageNotes(count: number, from: number): string[] {
  return packages(count, from).map(
    ([pkg, version, size]) => `See the Debian package ${pkg} ${version}, ${size} kB installed.`,
  );
}

/** A changelog's releases as a list of short items: version, date, distribution. */
function releases(pkg: string, entries: number): Block[] {
  const text = execFileSync("zcat", [CL(pkg)]).toString("utf8");
  const out: Block[] = [];
  let head: RegExpExecArray | null = null;
  for (const line of text.split("\n")) {
    const h = /^(\S+) \(([^)]+)\) ([^;]+);/.exec(line);
    if (h) head = h;
    const sign = /^ -- (.*?) <[^>]*>\s+\w+, (\d+ \w+ \d{4})/.exec(line);
    if (sign && head) {
      out.push({
        kind: "list-item",
        list: "itemize",
        text: `Version ${head[2]} released ${sign[2]} to ${head[3]} by ${sign[1]}`,
      });
      head = null;
      if (out.length >= entries) break;
    }
  }
  return out.filter((b) => LATIN.test(b.text));
}

/** A changelog: version lines as headings, each change a short itemized line. */
function changes(pkg: string, entries: number): Block[] {
  return changelog(CL(pkg), entries)
    .filter((b) => LATIN.test(b.text))
    .map((b): Block => (b.kind === "list-item" ? { ...b, list: "itemize" } : { kind: b.kind, text: b.text }));
}

/** A NEWS file: "1. New Features" a heading, "a. ..." a lettered item, the rest paragraphs. */
function news(file: string, max: number): Block[] {
  const text = execFileSync("zcat", [file]).toString("utf8");
  const out: Block[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const t = clean(chunk);
    if (!t || !LATIN.test(t) || /^[-=]+$/.test(t) || t.includes("----")) continue;
    const item = /^([a-z]{1,2}\.)\s+(.*)$/.exec(t);
    if (item) out.push({ kind: "list-item", list: "enumerate", label: item[1], text: t });
    else if (/^\d+\.\s/.test(t) && t.split(" ").length <= 8) out.push({ kind: "heading", text: t });
    else if (t.split(" ").length >= 8) out.push({ kind: "paragraph", text: t });
    if (out.length >= max) break;
  }
  return out;
}

/** Python modules' docstrings: their prose paragraphs (examples and indented lines left out). */
function docstrings(modules: string[]): Block[] {
  const out: Block[] = [];
  for (const m of modules) {
    const doc = execFileSync("/usr/bin/python3", ["-c", `import ${m}; print(${m}.__doc__ or '')`]).toString();
    const paras: Block[] = [];
    for (const chunk of doc.split(/\n\s*\n/)) {
      if (/>>>|^\s{2,}\S/m.test(chunk) || /[{}\\$&#^_~%]/.test(chunk)) continue;
      const t = clean(chunk);
      if (t.split(" ").length >= 10 && LATIN.test(t)) paras.push({ kind: "paragraph", text: t });
    }
    // A module whose docstring holds no prose gets no heading (headings stacked with nothing under them).
    if (paras.length) out.push({ kind: "heading", text: `The ${m} module` }, ...paras);
  }
  return out;
}

/** A README's paragraphs (markdown headings as headings, lists and code left out). */
function readme(file: string, max: number): Block[] {
  const raw = file.endsWith(".gz") ? execFileSync("zcat", [file]).toString() : readFileSync(file, "utf8");
  const out: Block[] = [];
  for (const chunk of raw.split(/\n\s*\n/)) {
    const t = clean(chunk.replace(/[`*]/g, ""));
    if (!t || !LATIN.test(t) || /^\s{4}|^\s*[-*+] /m.test(chunk) || /[{}\\$&#^_~%<>|]/.test(t)) continue;
    if (/^#+\s/.test(t)) out.push({ kind: "heading", text: t.replace(/^#+\s*/, "") });
    else if (t.split(" ").length >= 12)
      out.push({ kind: "paragraph", text: t.replace(/^=+|=+$/g, "").trim() });
    if (out.length >= max) break;
  }
  return out;
}

/** The first paragraph of a list of blocks, as an abstract, and the blocks after it. */
function abstractOf(blocks: Block[]): [string, Block[]] {
  const k = blocks.findIndex((b) => b.kind === "paragraph");
  return [(blocks[k] as Block).text, blocks.filter((_, i) => i !== k)];
}

const base: Style = {
  engine: "pdflatex",
  font: "mathptmx",
  size: 10,
  columns: 2,
  layout: "twocolumn",
  gutter: 18,
  rule: false,
  ragged: false,
  numbered: false,
  paper: "letterpaper",
  margin: "0.8in",
};

function tuningDocs(): Doc[] {
  const [gpl3Abstract, gpl3] = abstractOf(clauses(licence(`${L}/GPL-3`)));
  const [gfdlAbstract, gfdl] = abstractOf(clauses(licence(`${L}/GFDL-1.3`)));
  return [
    {
      name: "gpl3-twocolumn-times-10",
      title: "GNU General Public License, Version 3",
      source: `${L}/GPL-3 (verbatim copying permitted); footnotes from dpkg records`,
      abstract: gpl3Abstract,
      blocks: withFootnotes(gpl3, packageNotes(6, 10), 3),
      style: { ...base },
      maxPages: 3,
    },
    {
      name: "apache-twocolumn-helvet-9-ragged-rule",
      title: "Apache License, Version 2.0",
      source: `${L}/Apache-2.0 (redistributable verbatim)`,
      blocks: clauses(licence(`${L}/Apache-2.0`)),
      style: { ...base, font: "helvet", sans: true, size: 9, ragged: true, rule: true, gutter: 12 },
      maxPages: 3,
    },
    {
      name: "mpl2-multicol3-palatino-9-narrow",
      title: "Mozilla Public License, Version 2.0",
      source: `${L}/MPL-2.0 (redistributable verbatim)`,
      blocks: clauses(licence(`${L}/MPL-2.0`)),
      style: {
        ...base,
        font: "mathpazo",
        size: 9,
        columns: 3,
        layout: "multicol",
        gutter: 8,
        paper: "a4paper",
      },
      maxPages: 3,
    },
    {
      name: "lgpl21-multicol2-cm-11-wide-ragged",
      title: "GNU Lesser General Public License, Version 2.1",
      source: `${L}/LGPL-2.1 (verbatim copying permitted)`,
      blocks: clauses(licence(`${L}/LGPL-2.1`)),
      style: { ...base, font: "", size: 11, layout: "multicol", gutter: 36, ragged: true },
      maxPages: 4,
    },
    {
      name: "changelog-twocolumn-bookman-9",
      title: "Changes to coreutils and tar",
      source: `${CL("coreutils")}, ${CL("tar")} (Debian changelogs)`,
      blocks: [...changes("coreutils", 12), ...changes("tar", 10)],
      style: { ...base, font: "bookman", size: 9, gutter: 14, paper: "a4paper" },
      maxPages: 3,
    },
    {
      name: "releases-multicol3-charter-10-rule",
      title: "Release history of some Debian packages",
      source: "Debian changelogs (versions, dates, uploaders) and dpkg records, told in sentences",
      blocks: [
        { kind: "heading", text: "Releases of bash" },
        ...releases("bash", 14),
        ...packageProse(3, 40),
        { kind: "heading", text: "Releases of tar" },
        ...releases("tar", 14),
        ...packageProse(3, 60),
        { kind: "heading", text: "Releases of coreutils" },
        ...releases("coreutils", 14),
        ...packageProse(4, 80),
      ],
      style: {
        ...base,
        font: "charter",
        columns: 3,
        layout: "multicol",
        gutter: 12,
        rule: true,
        ragged: true,
      },
      maxPages: 3,
    },
    {
      name: "gfdl-multicol2-helvet-10-narrow",
      title: "GNU Free Documentation License, Version 1.3",
      source: `${L}/GFDL-1.3 (verbatim copying permitted)`,
      abstract: gfdlAbstract,
      blocks: gfdl,
      style: { ...base, font: "helvet", sans: true, layout: "multicol", gutter: 6, paper: "a4paper" },
      maxPages: 3,
    },
    {
      name: "artistic-twocolumn-palatino-11-ragged",
      title: "The Artistic License",
      source: `${L}/Artistic (verbatim copying permitted)`,
      blocks: clauses(licence(`${L}/Artistic`)),
      style: { ...base, font: "mathpazo", size: 11, ragged: true, gutter: 24 },
      maxPages: 3,
    },
    {
      name: "packages-twocolumn-times-9-footnotes",
      title: "Notes on installed packages",
      source: "dpkg records of installed Debian packages, told in sentences",
      blocks: withFootnotes(
        [
          { kind: "heading", text: "Libraries" },
          ...packageProse(22, 100),
          { kind: "heading", text: "Tools" },
          ...packageProse(22, 300),
        ],
        packageNotes(8, 500),
        3,
      ),
      style: { ...base, size: 9, numbered: true, gutter: 15 },
      maxPages: 3,
    },
    {
      name: "gpl2-multicol3-bookman-9-ragged-rule",
      title: "GNU General Public License, Version 2",
      source: `${L}/GPL-2 (verbatim copying permitted)`,
      blocks: clauses(licence(`${L}/GPL-2`)),
      style: {
        ...base,
        font: "bookman",
        size: 9,
        columns: 3,
        layout: "multicol",
        gutter: 10,
        rule: true,
        ragged: true,
        paper: "a4paper",
        margin: "0.6in",
      },
      maxPages: 4,
    },
    {
      name: "docstrings-twocolumn-cm-10",
      title: "Notes from Python's standard library",
      source: "module docstrings of Python 3's standard library (PSF licence)",
      blocks: docstrings([
        "difflib",
        "argparse",
        "heapq",
        "json",
        "textwrap",
        "shlex",
        "string",
        "csv",
        "zipfile",
        "pydoc",
        "optparse",
        "unittest",
        "inspect",
        "ipaddress",
        "calendar",
        "tarfile",
      ]),
      style: { ...base, font: "", numbered: true, gutter: 20 },
      maxPages: 3,
    },
    {
      name: "readme-multicol2-charter-9",
      title: "Read me first",
      source: "README files of Debian packages (bash, apt, base-files)",
      blocks: [
        ...readme("/usr/share/doc/bash/README.gz", 20),
        ...readme("/usr/share/doc/apt/README.md.gz", 20),
        ...readme("/usr/share/doc/base-files/README.FHS", 10),
      ],
      style: { ...base, font: "charter", size: 9, layout: "multicol", gutter: 14, rule: true },
      maxPages: 3,
    },
    {
      name: "news-twocolumn-helvet-10-lettered",
      title: "New features in bash",
      source: "/usr/share/doc/bash/NEWS.gz (GPL-3)",
      blocks: news("/usr/share/doc/bash/NEWS.gz", 70),
      style: { ...base, font: "helvet", sans: true, gutter: 16 },
      maxPages: 4,
    },
    {
      name: "lgpl3-multicol2-times-11-rule",
      title: "GNU Lesser General Public License, Version 3",
      source: `${L}/LGPL-3 (verbatim copying permitted)`,
      blocks: clauses(licence(`${L}/LGPL-3`)),
      style: { ...base, size: 11, layout: "multicol", gutter: 20, rule: true, numbered: true },
      maxPages: 3,
    },
    {
      name: "changelog-multicol3-cm-9-wide",
      title: "Changes to bash, dash and grep",
      source: `${CL("bash")}, ${CL("dash")}, ${CL("grep")} (Debian changelogs)`,
      blocks: [...changes("bash", 8), ...changes("dash", 8), ...changes("grep", 8)],
      style: { ...base, font: "", size: 9, columns: 3, layout: "multicol", gutter: 22, ragged: true },
      maxPages: 3,
    },
    {
      name: "mpl11-twocolumn-charter-11-wide",
      title: "Mozilla Public License, Version 1.1",
      source: `${L}/MPL-1.1 (redistributable verbatim)`,
      blocks: clauses(licence(`${L}/MPL-1.1`)),
      style: { ...base, font: "charter", size: 11, gutter: 30, paper: "a4paper" },
      maxPages: 4,
    },
  ];
}

function checkDocs(): Doc[] {
  const b: Style = {
    ...base,
    engine: "lualatex",
    layout: "boxes",
    font: "tgtermes",
    paper: "a4paper",
    margin: "0.9in",
  };
  return [
    {
      name: "gpl1-boxes2-termes-10",
      title: "GNU General Public License, Version 1",
      source: `${L}/GPL-1 (verbatim copying permitted)`,
      blocks: clauses(licence(`${L}/GPL-1`)),
      style: { ...b },
      maxPages: 3,
    },
    {
      name: "lgpl2-boxes3-heros-9-ragged",
      title: "GNU Library General Public License, Version 2",
      source: `${L}/LGPL-2 (verbatim copying permitted)`,
      blocks: clauses(licence(`${L}/LGPL-2`)),
      style: { ...b, font: "tgheros", sans: true, size: 9, columns: 3, gutter: 10, ragged: true },
      maxPages: 3,
    },
    {
      name: "changelog-boxes2-newcentury-9",
      title: "Changes to diffutils, findutils and sed",
      source: `${CL("diffutils")}, ${CL("findutils")}, ${CL("sed")} (Debian changelogs)`,
      blocks: [...changes("diffutils", 8), ...changes("findutils", 8), ...changes("sed", 8)],
      style: { ...b, font: "newcent", size: 9, gutter: 12 },
      maxPages: 3,
    },
    {
      name: "changelog-boxes3-avant-9-ragged",
      title: "Changes to gzip, less and procps",
      source: `${CL("gzip")}, ${CL("less")}, ${CL("procps")} (Debian changelogs)`,
      blocks: [...changes("gzip", 8), ...changes("less", 8), ...changes("procps", 8)],
      style: { ...b, font: "avant", sans: true, size: 9, columns: 3, gutter: 12, ragged: true },
      maxPages: 3,
    },
    {
      name: "releases-boxes3-pagella-10-rule",
      title: "Release history of more Debian packages",
      source: "Debian changelogs (versions, dates, uploaders) and dpkg records, told in sentences",
      blocks: [
        { kind: "heading", text: "Releases of grep" },
        ...releases("grep", 12),
        ...packageProse(3, 700),
        { kind: "heading", text: "Releases of sed" },
        ...releases("sed", 12),
        ...packageProse(3, 720),
        { kind: "heading", text: "Releases of findutils" },
        ...releases("findutils", 12),
        ...packageProse(3, 740),
        { kind: "heading", text: "Releases of diffutils" },
        ...releases("diffutils", 12),
        ...packageProse(3, 760),
      ],
      style: { ...b, font: "tgpagella", columns: 3, gutter: 14, rule: true, ragged: true },
      maxPages: 3,
    },
    {
      name: "gfdl12-boxes2-schola-11-narrow",
      title: "GNU Free Documentation License, Version 1.2",
      source: `${L}/GFDL-1.2 (verbatim copying permitted)`,
      blocks: clauses(licence(`${L}/GFDL-1.2`)),
      style: { ...b, font: "tgschola", size: 11, gutter: 7 },
      maxPages: 3,
    },
    {
      name: "docstrings-boxes2-bonum-10-rule",
      title: "More notes from Python's standard library",
      source: "module docstrings of Python 3's standard library (PSF licence)",
      blocks: docstrings([
        "collections",
        "functools",
        "itertools",
        "pickle",
        "subprocess",
        "logging",
        "re",
        "threading",
        "shutil",
        "sqlite3",
        "socket",
        "ftplib",
        "smtplib",
        "typing",
        "contextlib",
      ]),
      style: { ...b, font: "tgbonum", gutter: 16, rule: true, numbered: true },
      maxPages: 3,
    },
  ];
}

/** Text made safe for LaTeX: its special characters escaped, straight quotes turned. */
function tex(s: string): string {
  let open = true;
  return s
    .replace(/[\\{}$&#^_~%<>|]/g, (c) => {
      const map: Record<string, string> = {
        "\\": "\\textbackslash{}",
        "{": "\\{",
        "}": "\\}",
        $: "\\$",
        "&": "\\&",
        "#": "\\#",
        "^": "\\textasciicircum{}",
        _: "\\_",
        "~": "\\textasciitilde{}",
        "%": "\\%",
        "<": "\\textless{}",
        ">": "\\textgreater{}",
        "|": "\\textbar{}",
      };
      return map[c] as string;
    })
    .replace(/"/g, () => {
      const q = open ? "``" : "''";
      open = !open;
      return q;
    })
    .replace(/\[/g, "{[}")
    .replace(/\]/g, "{]}");
}

function preamble(doc: Doc): string[] {
  const s = doc.style;
  const cls = s.size === 9 ? "extarticle" : "article";
  const opts = [`${s.size}pt`, s.paper, ...(s.layout === "twocolumn" ? ["twocolumn"] : [])];
  const out = [`\\documentclass[${opts.join(",")}]{${cls}}`, `\\usepackage[margin=${s.margin}]{geometry}`];
  // Type 1 fonts under both engines (lualatex reads them as pdflatex does).
  out.push("\\usepackage[T1]{fontenc}");
  if (s.engine === "pdflatex") out.push("\\usepackage[utf8]{inputenc}");
  out.push(`\\usepackage{${s.font || "lmodern"}}`);
  if (s.sans) out.push("\\renewcommand{\\familydefault}{\\sfdefault}");
  if (s.layout === "multicol") out.push("\\usepackage{multicol}");
  out.push(
    `\\setlength{\\columnsep}{${s.gutter}pt}`,
    `\\setlength{\\columnseprule}{${s.rule ? 0.4 : 0}pt}`,
    "\\setlength{\\parskip}{0.3\\baselineskip}",
    "\\setlength{\\parindent}{0pt}",
    "\\pagestyle{plain}",
  );
  return out;
}

function body(doc: Doc, blocks: Block[]): string[] {
  const s = doc.style;
  const out: string[] = [];
  let list: Block["list"] | null = null;
  const close = () => {
    if (list) out.push(`\\end{${list}}`);
    list = null;
  };
  for (const b of blocks) {
    if (b.kind !== "list-item" || b.list !== list) close();
    if (b.kind === "heading") out.push(`\\section${s.numbered ? "" : "*"}{${tex(b.text)}}`);
    else if (b.kind === "list-item") {
      if (!list) {
        list = b.list ?? "itemize";
        out.push(`\\begin{${list}}`);
      }
      out.push(
        b.label
          ? `\\item[${tex(b.label)}] ${tex(b.text.slice(b.label.length).trim())}`
          : `\\item ${tex(b.text)}`,
      );
    } else if (b.kind === "paragraph") {
      const note = b.footnote ? `\\footnote{${tex(b.footnote)}}` : "";
      out.push(`${tex(b.text)}${note}`, "");
    }
  }
  close();
  return out;
}

/** The title (and abstract) over all the columns. */
function head(doc: Doc): string {
  const abs = doc.abstract
    ? `\\begin{minipage}{0.86\\textwidth}\\small\\centerline{\\bfseries Abstract}\\smallskip\n${tex(doc.abstract)}\\end{minipage}\\par\\bigskip`
    : "";
  return `{\\centering{\\LARGE\\bfseries ${tex(doc.title)}\\par}\\bigskip ${abs}\\par}`;
}

function source(doc: Doc, blocks: Block[]): string {
  const s = doc.style;
  const text = body(doc, blocks);
  const rag = s.ragged ? "\\raggedright" : "";
  const out = [...preamble(doc)];
  if (s.layout === "boxes") out.push(...boxColumns(doc));
  out.push("\\begin{document}");
  if (s.layout === "twocolumn") out.push(`\\twocolumn[${head(doc)}]`, rag, ...text);
  else if (s.layout === "multicol")
    out.push(head(doc), `\\begin{multicols}{${s.columns}}`, rag, ...text, "\\end{multicols}");
  else out.push(head(doc), "\\begin{columnbox}", rag, ...text, "\\end{columnbox}", "\\flushcolumns");
  out.push("\\end{document}");
  return `${out.join("\n")}\n`;
}

/**
 * Columns cut by hand: the text is set in one tall box a column wide, then cut (\vsplit) into
 * pieces of the page's remaining height, set side by side with \hbox and an optional rule;
 * neither twocolumn's output routine nor multicol's balancing.
 */
function boxColumns(doc: Doc): string[] {
  const s = doc.style;
  const n = s.columns;
  const rule = s.rule ? `\\hfil\\vrule width 0.4pt\\hfil` : "\\hfil";
  return [
    "\\newbox\\columntext",
    "\\newdimen\\colwidth",
    "\\newcount\\colk",
    `\\newenvironment{columnbox}{\\colwidth=\\dimexpr(\\textwidth-${n - 1}\\columnsep)/${n}\\relax`,
    "  \\global\\setbox\\columntext=\\vbox\\bgroup\\hsize=\\colwidth\\linewidth=\\colwidth\\columnwidth=\\colwidth\\textwidth=\\colwidth}",
    "  {\\par\\egroup}",
    "\\newcommand\\flushcolumns{\\splittopskip=\\topskip",
    "  \\loop\\ifdim\\ht\\columntext>0pt",
    // An empty page's goal is \\maxdimen: the whole text height is free.
    "    \\dimen0=\\dimexpr\\textheight-\\baselineskip\\relax",
    "    \\ifdim\\pagegoal<\\maxdimen \\dimen0=\\dimexpr\\pagegoal-\\pagetotal-2\\baselineskip\\relax\\fi",
    `    \\noindent\\hbox to \\textwidth{${Array.from({ length: n }, () => "\\vtop{\\vbox to \\dimen0{\\vsplit\\columntext to \\dimen0\\vfil}}").join(rule)}}`,
    "    \\par\\newpage",
    "  \\repeat}",
  ];
}

function typeset(doc: Doc, blocks: Block[], pdf: string): number {
  const dir = mkdtempSync(path.join(tmpdir(), "latex-corpus-"));
  try {
    writeFileSync(path.join(dir, "doc.tex"), source(doc, blocks));
    if (process.env.TEX_DUMP) writeFileSync(`${process.env.TEX_DUMP}/${doc.name}.tex`, source(doc, blocks));
    try {
      execFileSync(doc.style.engine, ["-interaction=batchmode", "-halt-on-error", "doc.tex"], {
        cwd: dir,
        stdio: "ignore",
        // Dates and IDs fixed: the same sources make the same PDFs.
        env: { ...process.env, SOURCE_DATE_EPOCH: "1700000000", FORCE_SOURCE_DATE: "1" },
      });
    } catch {
      throw new Error(
        `${doc.name}: ${doc.style.engine} failed:\n${readFileSync(path.join(dir, "doc.log"), "utf8").slice(-2500)}`,
      );
    }
    writeFileSync(pdf, readFileSync(path.join(dir, "doc.pdf")));
    return pageCount(pdf);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const which = process.argv[2] ?? "tuning";
const docs = which === "check" ? checkDocs() : tuningDocs();
const outDir = path.join(import.meta.dirname, which === "check" ? "corpus-latex-check" : "corpus-latex");
mkdirSync(outDir, { recursive: true });
let totalPages = 0;
for (const doc of docs) {
  const pdf = path.join(outDir, `${doc.name}.pdf`);
  let blocks = doc.blocks;
  let pages = typeset(doc, blocks, pdf);
  while (pages > doc.maxPages) {
    blocks = blocks.slice(0, Math.floor(blocks.length * 0.93));
    while (blocks.length && (blocks.at(-1) as Block).kind === "heading") blocks = blocks.slice(0, -1);
    pages = typeset(doc, blocks, pdf);
  }
  // Footnotes stand at their page's foot: found on their own, listed after their page's body.
  const main: Block[] = [
    { kind: "title", text: doc.title },
    ...(doc.abstract
      ? [{ kind: "heading", text: "Abstract" } as Block, { kind: "paragraph", text: doc.abstract } as Block]
      : []),
    ...blocks.map((b) => ({ kind: b.kind, text: b.text })),
  ];
  // The page number, printed last on the page.
  const folio = /\n\d{1,3}\s*$/;
  const notes = blocks
    .filter((b) => b.footnote)
    .map((b) => ({ kind: "footnote" as Kind, text: b.footnote as string }));
  const where = pagesOf(
    pdf,
    pages,
    main,
    folio,
    notes.map((n) => n.text),
  );
  if (typeof where === "string") throw new Error(`${doc.name}: ${where}`);
  const truth: { page: number; kind: Kind; text: string }[] = main.map((b, k) => ({
    page: where[k] as number,
    kind: b.kind,
    text: b.text,
  }));
  for (const n of notes) {
    const p = pagesOf(pdf, pages, [n], folio);
    if (typeof p === "string") throw new Error(`${doc.name}: ${p}`);
    const page = p[0] as number;
    const at = truth.findLastIndex((b) => b.page <= page);
    truth.splice(at + 1, 0, { page, kind: "footnote", text: n.text });
  }
  const s = doc.style;
  const out = {
    source: doc.source,
    generator:
      `${s.engine} (bench/layout/make-latex-corpus.ts): ${s.layout}, ${s.columns} columns, ${s.font || "Computer Modern"} ${s.size} pt, ` +
      `${s.gutter} pt gutter${s.rule ? " with a rule" : ""}, ${s.ragged ? "ragged right" : "justified"}`,
    columns: s.columns,
    pages,
    blocks: truth,
  };
  writeFileSync(path.join(outDir, `${doc.name}.json`), `${JSON.stringify(out, null, 2)}\n`);
  totalPages += pages;
  console.log(`${doc.name}: ${pages} pages, ${blocks.length} blocks`);
}
console.log(`${docs.length} documents, ${totalPages} pages in ${outDir}`);
