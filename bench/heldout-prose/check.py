#!/usr/bin/python3
"""Checks the held-out prose corpus against the PDFs, with pdftotext as an independent reader.

For each document:
- the JSON has the fields and kinds of the prose format, and its page count is the PDF's;
- body blocks come in page order (a block never starts on an earlier page than the one before);
- every word of a block is found in the pdftotext words of its page range (its page and the
  two after, since a paragraph may run on), and its first words are on its own page;
- the body blocks of a page start in the order of the content stream (pdftotext -raw), which
  is the order in which these generators set them (groff column by column, ReportLab frame by
  frame, our PyMuPDF setter column by column);
- every word pdftotext finds on a page belongs to some block, except running heads, running
  feet and page numbers, which are listed so a person can see they are nothing else.
Exit status 1 if a block is wrong; the furniture list is informational.

Usage: check.py [name ...]   (default: every <name>.json in this folder)
"""

import collections
import glob
import json
import os
import re
import subprocess
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = {"title", "heading", "paragraph", "list-item", "quote", "caption", "footnote", "sidebar"}
APART = {"quote", "caption", "footnote", "sidebar"}
DASHES = dict.fromkeys(map(ord, "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u00ad"), "-")
QUOTES = dict.fromkeys(map(ord, "\u2018\u2019\u201a\u201b\u2032`"), "'")
QUOTES.update(dict.fromkeys(map(ord, "\u201c\u201d\u201e\u201f\u2033"), '"'))


def norm(text):
    text = unicodedata.normalize("NFKC", text).translate(DASHES).translate(QUOTES).lower()
    # bidi embedding marks that pdftotext puts around right-to-left runs
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def words(text):
    """Word tokens: letters and digits, split at hyphens and punctuation."""
    return re.findall(r"[^\W_]+", norm(text))


def page_text(pdf, page, mode):
    """mode -raw keeps the content stream order, in which these generators write each column
    line by line; the default mode rebuilds words from glyphs set one by one (MuPDF's RTL)."""
    args = ["pdftotext"] + ([mode] if mode else []) + ["-f", str(page), "-l", str(page), "-enc", "UTF-8"]
    out = subprocess.run(args + [pdf, "-"], capture_output=True, text=True, check=True).stdout
    return norm(out)


def page_words(raw):
    """Words of a page, with words hyphenated at a line end also joined back."""
    joined = re.sub(r"(\w)-\n\s*(\w)", r"\1\2", raw)
    return words(joined), set(words(joined)) | set(words(raw))


def pdf_pages(pdf):
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def find(seq, needle, start=0):
    """Index of needle as a run of words in seq from start, or -1."""
    n = len(needle)
    for i in range(start, len(seq) - n + 1):
        if seq[i:i + n] == needle:
            return i
    return -1


def check(name):
    problems, notes = [], []
    doc = json.load(open(os.path.join(HERE, name + ".json"), encoding="utf-8"))
    pdf = os.path.join(HERE, name + ".pdf")
    for key in ("source", "generator", "columns", "pages", "blocks"):
        if key not in doc:
            problems.append(f"missing field {key}")
    pages = pdf_pages(pdf)
    if doc["pages"] != pages:
        problems.append(f"pages {doc['pages']} in JSON, {pages} in PDF")
    if doc["columns"] not in (2, 3):
        problems.append(f"columns {doc['columns']}")
    texts = {p: page_text(pdf, p, "-raw") for p in range(1, pages + 1)}
    plain = {p: page_text(pdf, p, None) for p in range(1, pages + 1)}
    seqs, sets, plain_seqs = {}, {}, {}
    for p, raw in texts.items():
        seqs[p], sets[p] = page_words(raw)
        plain_seqs[p], more = page_words(plain[p])
        sets[p] |= more
    last_body = 1
    cursor = {}
    covered = set()
    missing_total = 0
    for i, b in enumerate(doc["blocks"]):
        where = f"block {i} ({b.get('kind')}, p{b.get('page')}): {b.get('text', '')[:50]!r}"
        if b.get("kind") not in KINDS:
            problems.append(f"{where}: kind {b.get('kind')!r}")
        if not isinstance(b.get("page"), int) or not 1 <= b["page"] <= pages:
            problems.append(f"{where}: page out of range")
            continue
        if not b.get("text", "").strip() or b["text"] != re.sub(r"\s+", " ", b["text"]).strip():
            problems.append(f"{where}: empty text or unjoined white space")
        if b["kind"] not in APART:
            if b["page"] < last_body:
                problems.append(f"{where}: starts before the previous body block (page {last_body})")
            last_body = b["page"]
        ws = words(b["text"])
        covered.update(ws)
        span = set().union(*(sets[p] for p in range(b["page"], min(pages, b["page"] + 2) + 1)))
        missing = [w for w in ws if w not in span]
        if missing:
            missing_total += len(missing)
            problems.append(f"{where}: {len(missing)} of {len(ws)} words not in pdftotext: {missing[:6]}")
        head = ws[:4]
        if head and not all(w in sets[b["page"]] for w in head):
            problems.append(f"{where}: first words not on page {b['page']}")
        elif head and b["kind"] not in APART:
            # body blocks of one page come in the content stream's order, which is the order
            # in which these generators set them
            at = find(seqs[b["page"]], head, cursor.get(b["page"], 0))
            if at < 0:
                if find(plain_seqs[b["page"]], head) >= 0:
                    pass  # glyphs set one by one: only pdftotext's default mode has the words
                elif find(seqs[b["page"]], head) < 0:
                    notes.append(f"{where}: first words not contiguous in pdftotext -raw")
                else:
                    problems.append(f"{where}: set before the body block that precedes it")
            else:
                cursor[b["page"]] = at + 1
    furniture = collections.Counter()
    for p in range(1, pages + 1):
        # a word is furniture if pdftotext sees it both with and without line-end hyphens joined
        # (a joined real hyphen, or half of a hyphenated word, is the joining's artefact)
        raw = set(words(texts[p])) | set(words(plain[p]))
        for w in seqs[p] + plain_seqs[p]:
            if w not in covered and w in raw:
                furniture[w] += 1
    return doc, pages, problems, notes, furniture


def main():
    names = sys.argv[1:] or sorted(os.path.basename(f)[:-5] for f in glob.glob(os.path.join(HERE, "*.json")))
    bad = 0
    total_pages = 0
    for name in names:
        doc, pages, problems, notes, furniture = check(name)
        total_pages += pages
        kinds = collections.Counter(b["kind"] for b in doc["blocks"])
        print(f"{name}: {pages} pages, {doc['columns']} columns, {len(doc['blocks'])} blocks "
              f"({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})")
        for p in problems:
            print(f"  PROBLEM {p}")
        for n in notes:
            print(f"  note {n}")
        if furniture:
            print(f"  words on the pages in no block (running heads, feet, page numbers): "
                  f"{' '.join(sorted(furniture))}")
        bad += bool(problems)
    print(f"{len(names)} documents, {total_pages} pages, {bad} with problems")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
