import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

// Real texts found offline on a Debian machine, cut into the blocks a reader sees: licences
// (/usr/share/common-licenses) and Debian changelogs (/usr/share/doc/*/changelog.Debian.gz).

export type Kind = "heading" | "paragraph" | "list-item";
export type SourceBlock = { kind: Kind; text: string };

const clean = (s: string) => s.replace(/\s+/g, " ").trim();
const words = (s: string) => s.split(" ").filter(Boolean).length;

/**
 * A licence's paragraphs: a short line without a closing full stop is a heading, a paragraph
 * opening with a clause number ("3.", "a)", "(b)", "2.1.") is a numbered clause (a list item).
 * Very long paragraphs are cut at a sentence so that one fits on a page.
 */
export function licence(file: string): SourceBlock[] {
  const out: SourceBlock[] = [];
  for (const chunk of readFileSync(file, "utf8").split(/\n\s*\n/)) {
    const text = clean(chunk);
    if (!text || /^[-=_*\s]+$/.test(text) || !/\p{L}{2}/u.test(text)) continue;
    if (words(text) <= 9 && !/[.,;:]$/.test(text)) out.push({ kind: "heading", text });
    else if (/^(\(?[a-z0-9]{1,2}\)|\d{1,2}(\.\d{1,2})*\.)\s/.test(text) && words(text) > 9)
      out.push({ kind: "list-item", text });
    else if (/^\d{1,2}(\.\d{1,2})*\.\s/.test(text) && words(text) <= 12) out.push({ kind: "heading", text });
    else out.push(...cut(text).map((t): SourceBlock => ({ kind: "paragraph", text: t })));
  }
  return out;
}

/** A paragraph longer than 170 words cut at sentence ends into pieces of about that length. */
function cut(text: string): string[] {
  if (words(text) <= 170) return [text];
  const sentences = text.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [text];
  const out: string[] = [];
  let cur = "";
  for (const s of sentences) {
    if (cur && words(cur) + words(s) > 150) {
      out.push(clean(cur));
      cur = "";
    }
    cur += s;
  }
  if (clean(cur)) out.push(clean(cur));
  return out;
}

/**
 * A Debian changelog's entries: the version line a heading, each change a list item (its
 * continuation lines joined), the maintainer's sign-off a paragraph.
 */
export function changelog(file: string, entries: number): SourceBlock[] {
  const text = execFileSync("zcat", [file]).toString("utf8");
  const out: SourceBlock[] = [];
  let item: string | null = null;
  let n = 0;
  const flush = () => {
    if (item) out.push({ kind: "list-item", text: clean(item) });
    item = null;
  };
  for (const line of text.split("\n")) {
    if (/^\S.*\(.*\)/.test(line)) {
      flush();
      if (++n > entries) break;
      out.push({ kind: "heading", text: clean(line) });
    } else if (/^\s{2,4}\*\s/.test(line)) {
      flush();
      item = line.replace(/^\s*\*\s/, "");
    } else if (/^ -- /.test(line)) {
      flush();
      out.push({ kind: "paragraph", text: clean(line.replace(/^ -- /, "Uploaded by ")) });
    } else if (/^\s+\S/.test(line) && item !== null && !/^\s*\[/.test(line)) item += ` ${line.trim()}`;
    else flush();
  }
  flush();
  return out.filter((b) => /\p{L}{2}/u.test(b.text));
}
