"""Texts and truth helpers shared by the word-processor (AbiWord) and XSL-FO (Apache FOP) prose makers.

Real texts found offline on a Debian machine: licences (/usr/share/common-licenses), Debian
changelogs and README files, cut into the blocks a reader sees. The page of each block is read
back from the rendered PDF (pdftotext, page by page), since the tools break pages themselves.
"""

import gzip
import re
import subprocess


def clean(s):
    return re.sub(r"\s+", " ", s).strip()


def nwords(s):
    return len(s.split())


CLAUSE = re.compile(r"^(\(?[a-z0-9]{1,2}\)|\d{1,2}(\.\d{1,2})*\.?)\s")


def licence(path):
    """(kind, text): short lines without a stop are headings, numbered paragraphs clauses."""
    out = []
    for chunk in open(path, encoding="utf8", errors="replace").read().split("\n\n"):
        t = clean(chunk)
        if not t or not re.search(r"[A-Za-z]{2}", t) or re.fullmatch(r"[-=_*\s]+", t):
            continue
        if nwords(t) <= 9 and not re.search(r"[.,;:]$", t):
            out.append(("heading", t))
        elif CLAUSE.match(t) and nwords(t) > 9:
            out.append(("clause", t))
        elif nwords(t) > 4:
            out.extend(("paragraph", p) for p in cut(t))
    return out


def cut(text, most=150):
    if nwords(text) <= most + 20:
        return [text]
    out, cur = [], ""
    for s in re.findall(r"[^.!?]+[.!?]+(?:\s|$)|[^.!?]+$", text):
        if cur and nwords(cur) + nwords(s) > most:
            out.append(clean(cur))
            cur = ""
        cur += s
    if clean(cur):
        out.append(clean(cur))
    return out


def changelog(path, entries):
    """A Debian changelog: version lines headings, changes bullet items, sign-offs paragraphs."""
    text = gzip.open(path, "rt", encoding="utf8", errors="replace").read()
    out, item, n = [], None, 0
    for line in text.split("\n"):
        if re.match(r"^\S.*\(.*\)", line):
            if item:
                out.append(("bullet", clean(item)))
            item = None
            n += 1
            if n > entries:
                break
            out.append(("heading", clean(line)))
        elif re.match(r"^\s{2,4}\*\s", line):
            if item:
                out.append(("bullet", clean(item)))
            item = re.sub(r"^\s*\*\s", "", line)
        elif line.startswith(" -- "):
            if item:
                out.append(("bullet", clean(item)))
            item = None
            out.append(("paragraph", "Uploaded by " + clean(line[4:])))
        elif re.match(r"^\s+\S", line) and item is not None and not re.match(r"^\s*\[", line):
            item += " " + line.strip()
        else:
            if item:
                out.append(("bullet", clean(item)))
            item = None
    if item:
        out.append(("bullet", clean(item)))
    return [(k, t) for k, t in out if re.search(r"[A-Za-z]{2}", t) and nwords(t) >= 2]


def readme(path):
    raw = gzip.open(path, "rt", errors="replace").read() if path.endswith(".gz") else open(path, errors="replace").read()
    out = []
    for chunk in re.split(r"\n\s*\n", raw):
        t = clean(re.sub(r"[=#*_`~-]{3,}", " ", chunk))
        if not re.search(r"[A-Za-z]{3}", t) or re.search(r"\s{4,}\S", chunk.strip("\n")) and nwords(t) < 8:
            continue
        if nwords(t) <= 7 and not t.endswith("."):
            out.append(("heading", t.strip("# ")))
        elif re.match(r"^\s*[-*o] ", chunk):
            out.append(("bullet", clean(re.sub(r"^\s*[-*o] ", "", chunk))))
        elif nwords(t) >= 8:
            out.extend(("paragraph", p) for p in cut(t))
    return out


def limit(blocks, words):
    out, n = [], 0
    for b in blocks:
        if n > words:
            break
        out.append(b)
        n += nwords(b[1])
    while out and out[-1][0] == "heading":
        out.pop()
    return out


def norm_words(text):
    import unicodedata

    return re.findall(r"[^\W_]+", unicodedata.normalize("NFKC", text).lower())


def pages_of(pdf, blocks):
    """Each block's page: where its first words stand in the PDF's text, page by page, in order."""
    n = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout).group(1))
    pages = [
        " ".join(norm_words(subprocess.run(["pdftotext", "-f", str(p), "-l", str(p), pdf, "-"], capture_output=True, text=True).stdout))
        for p in range(1, n + 1)
    ]
    out, cur = [], 1
    for b in blocks:
        start = " ".join(norm_words(b["text"])[:6])
        for p in range(cur, n + 1):
            if start and start in pages[p - 1]:
                cur = p
                break
        out.append(dict(b, page=cur))
    return out, n


def summaries(start, n):
    """Short lines: the one-line summaries of installed Debian packages, in name order."""
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Package}\t${binary:Summary}\n"], capture_output=True, text=True).stdout
    rows = sorted(r.split("\t", 1) for r in out.splitlines() if "\t" in r)
    seen, lines = set(), []
    for _, s in rows:
        s = clean(s)
        if 2 <= nwords(s) <= 8 and s.lower() not in seen and re.search(r"[A-Za-z]{3}", s):
            seen.add(s.lower())
            lines.append(s[0].upper() + s[1:])
    return lines[start : start + n]


def with_short_lists(blocks, items, every, run):
    """Blocks with a list of `run` short items ("short", text) after every `every` blocks."""
    out, k = [], 0
    for i, b in enumerate(blocks):
        out.append(b)
        if i % every == every - 1 and k < len(items) and b[0] != "heading":
            out.extend(("short", t) for t in items[k : k + run])
            k += run
    return out
