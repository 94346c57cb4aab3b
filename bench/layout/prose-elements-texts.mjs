// Texts for the prose-elements makers (make-corpus-chromium-elements.mjs, tuning, and
// make-corpus-jspdf-check.mjs, check): real texts found offline on a Debian machine, cut into the
// blocks a reader sees. Licences (/usr/share/common-licenses) and Debian changelogs for the tuning
// set; upstream NEWS files (/usr/share/doc/<pkg>/NEWS.gz, each under its package's licence, see
// /usr/share/doc/<pkg>/copyright) for the check set, so that the two sets share no wording.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

export const clean = (s) => s.replace(/\s+/g, " ").trim();
export const nwords = (s) => s.split(/\s+/).filter(Boolean).length;

const read = (path) =>
  path.endsWith(".gz") ? gunzipSync(readFileSync(path)).toString("utf8") : readFileSync(path, "utf8");

/** A licence: short lines without a stop are headings, numbered paragraphs items, the rest paragraphs. */
export function licence(path) {
  const out = [];
  for (const chunk of read(path).split(/\n\s*\n/)) {
    const t = clean(chunk);
    if (!t || !/[A-Za-z]{2}/.test(t) || /^[-=_*\s]+$/.test(t)) continue;
    if (nwords(t) <= 9 && !/[.,;:]$/.test(t)) out.push({ kind: "heading", text: t });
    else if (/^(\(?[a-z0-9]{1,2}\)|\d{1,2}(\.\d{1,2})*\.?)\s/.test(t) && nwords(t) > 9) {
      const m = /^(\S+)\s+(.*)$/.exec(t);
      out.push({ kind: "item", label: m[1], text: m[2] });
    } else if (nwords(t) > 4) out.push(...cut(t).map((p) => ({ kind: "paragraph", text: p })));
  }
  return out;
}

/** Long paragraphs cut at sentence ends into pieces of about `most` words. */
export function cut(text, most = 120) {
  if (nwords(text) <= most + 20) return [text];
  const out = [];
  let cur = "";
  for (const s of text.match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [text]) {
    if (cur && nwords(cur) + nwords(s) > most) {
      out.push(clean(cur));
      cur = "";
    }
    cur += s;
  }
  if (clean(cur)) out.push(clean(cur));
  return out;
}

/** A Debian changelog: version lines headings (with their dates), changes items, sign-offs dropped. */
export function changelog(path, entries = 8) {
  const out = [];
  let item = null;
  let n = 0;
  const flush = () => {
    if (item && nwords(item) >= 3) out.push({ kind: "item", label: "•", text: clean(item) });
    item = null;
  };
  for (const line of read(path).split("\n")) {
    const head = /^(\S+) \(([^)]*)\)[^;]*;/.exec(line);
    if (head) {
      flush();
      if (++n > entries) break;
      out.push({ kind: "heading", text: `${head[1]} ${head[2]}` });
      continue;
    }
    const date = /^ -- .*>\s+(.*)$/.exec(line);
    if (date) {
      flush();
      const h = [...out].reverse().find((b) => b.kind === "heading");
      if (h && !h.date) h.date = date[1].replace(/ [+-]\d{4}$/, "").replace(/ \d\d:\d\d:\d\d/, "");
      continue;
    }
    const bullet = /^\s+[*+-]\s+(.*)$/.exec(line);
    if (bullet) {
      flush();
      item = bullet[1];
    } else if (item !== null && /^\s{4,}\S/.test(line)) item += ` ${line.trim()}`;
    else flush();
  }
  flush();
  return out;
}

/**
 * An upstream NEWS file: "* ..." or underlined release lines headings, "** ..." sub-headings,
 * bulleted chunks items, other prose chunks paragraphs; chunks with code or aligned columns
 * (three spaces inside a line) are left out.
 */
export function news(path, most = 60) {
  const out = [];
  for (const chunk of read(path).split(/\n\s*\n/)) {
    const lines = chunk.split("\n").filter((l) => l.trim());
    if (!lines.length) continue;
    if (lines.some((l) => /\S {3,}\S/.test(l) || /^\t/.test(l) || /^\s{6,}/.test(l))) continue;
    if (lines.length === 2 && /^[-=]{4,}$/.test(lines[1].trim())) {
      out.push({ kind: "heading", text: clean(lines[0]) });
      continue;
    }
    const t = clean(chunk);
    if (/^\*{1,3} /.test(t) && nwords(t) <= 12 && !/[.:]$/.test(t)) {
      out.push({ kind: "heading", text: t.replace(/^\*+ /, "") });
      continue;
    }
    if (!/[a-z]{3}/.test(t) || nwords(t) < 5 || /https?:|[{}<>]/.test(t)) continue;
    const bullet = /^\s*[*•-] (.*)$/s.exec(chunk);
    if (bullet) out.push({ kind: "item", label: "•", text: clean(bullet[1]) });
    else out.push(...cut(t, 90).map((p) => ({ kind: "paragraph", text: p })));
    if (out.length >= most) break;
  }
  return out;
}

/** Blocks up to about `words` words, not ending on a heading. */
export function limit(blocks, words) {
  const out = [];
  let n = 0;
  for (const b of blocks) {
    if (n > words) break;
    out.push(b);
    n += nwords(b.text);
  }
  while (out.length && out[out.length - 1].kind === "heading") out.pop();
  return out;
}

/** Short one-line summaries of installed Debian packages (name, summary), from `start`. */
export function summaries(start, n) {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format placeholders
  const rows = execFileSync("dpkg-query", ["-W", "-f", "${Package}\t${binary:Summary}\n"], {
    encoding: "utf8",
  })
    .split("\n")
    .filter((r) => r.includes("\t"))
    .map((r) => r.split("\t"))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const seen = new Set();
  const out = [];
  for (const [pkg, s0] of rows) {
    const s = clean(s0);
    if (nwords(s) < 2 || nwords(s) > 8 || seen.has(s.toLowerCase()) || !/[A-Za-z]{3}/.test(s)) continue;
    seen.add(s.toLowerCase());
    out.push([pkg, s[0].toUpperCase() + s.slice(1)]);
  }
  return out.slice(start, start + n);
}

/** A seeded random generator (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
