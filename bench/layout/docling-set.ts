import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// docling's test PDFs with docling's own markdown of each (docling-project/docling, MIT), read
// from a git copy of the repository into a temporary folder: not shipped with Quire.

export const DOCLING_MIRROR = "/work/.mirror/docling-project+docling/repo";
const SOURCES = "tests/data/pdf/sources";
const GROUNDTRUTH = "tests/data/pdf/groundtruth";

export type DoclingDocument = { name: string; pdf: string; markdown: string };

/** The PDFs whose bytes are in the repository (some are stored elsewhere) and that have a markdown. */
export function doclingSet(gitDir: string): DoclingDocument[] {
  const git = (...args: string[]) =>
    execFileSync("git", ["--git-dir", gitDir, ...args], { maxBuffer: 256 * 2 ** 20 });
  const list = (dir: string) =>
    git("ls-tree", "-l", "HEAD", `${dir}/`)
      .toString("utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => {
        const [meta, file] = l.split("\t") as [string, string];
        return { file, size: meta.split(/\s+/)[3] ?? "-" };
      });
  const mds = new Set(list(GROUNDTRUTH).map((e) => path.basename(e.file)));
  const out = mkdtempSync(path.join(os.tmpdir(), "docling-set-"));
  const docs: DoclingDocument[] = [];
  for (const e of list(SOURCES)) {
    const name = path.basename(e.file, ".pdf");
    if (!e.file.endsWith(".pdf") || !mds.has(`${name}.md`)) continue;
    // A blob the snapshot left out (large files) has no size and cannot be read.
    if (!/^\d+$/.test(e.size)) continue;
    const bytes = git("show", `HEAD:${e.file}`);
    if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") continue;
    const pdf = path.join(out, `${name}.pdf`);
    writeFileSync(pdf, bytes);
    // docling numbers the items of the lists it finds itself ("2.   Yes, ..."): those numbers
    // are not the document's text, so they are left out of what is scored.
    const markdown = git("show", `HEAD:${GROUNDTRUTH}/${name}.md`)
      .toString("utf8")
      .replace(/^(\s*)\d{1,3}\.\s+/gm, "$1- ");
    docs.push({ name, pdf, markdown });
  }
  return docs;
}

/** A markdown's blocks (paragraphs, headings, list items), tables and image marks left out. */
export function markdownBlocks(md: string): string[] {
  const blocks: string[] = [];
  for (const chunk of md.split(/\n\s*\n/)) {
    const lines = chunk
      .split("\n")
      .filter((l) => l.trim() && !/^\s*\|/.test(l) && !/^\s*<!--.*-->\s*$/.test(l));
    if (!lines.length || /^\s*```/.test(lines[0] as string)) continue;
    // Each list item is a block of its own.
    let current: string[] = [];
    for (const l of lines) {
      if (/^\s*([-*+]|\d{1,3}[.)])\s+/.test(l) && current.length) {
        blocks.push(current.join(" "));
        current = [];
      }
      current.push(l);
    }
    if (current.length) blocks.push(current.join(" "));
  }
  return blocks;
}

/** Tables in a markdown: runs of pipe lines with a delimiter row. */
export function markdownTables(md: string): number {
  let n = 0;
  let run: string[] = [];
  const end = () => {
    if (run.some((l) => /^\s*\|?(\s*:?-+:?\s*\|)+\s*$/.test(l))) n++;
    run = [];
  };
  for (const l of md.split("\n")) {
    if (/^\s*\|/.test(l)) run.push(l);
    else end();
  }
  end();
  return n;
}
