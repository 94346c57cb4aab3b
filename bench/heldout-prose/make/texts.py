"""Real texts cut into typed blocks (kind, text) before any typesetting.

The block list made here is the truth: generators typeset exactly these blocks in this
order, so the JSON is written from it and never read back from a PDF.
"""

import gzip
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
LICENSES = "/usr/share/common-licenses"


def squash(lines, markup=False):
    """Lines of one block joined as a reader reads them: single spaces (and, in Gutenberg
    texts, without the underscores that mark italics)."""
    text = " ".join(line.strip() for line in lines if line.strip())
    if markup:
        text = text.replace("_", "")
    return re.sub(r"\s+", " ", text).strip()


def chunks(raw):
    """Blank-line separated groups of lines."""
    out, cur = [], []
    for line in raw.split("\n"):
        if line.strip():
            cur.append(line)
        elif cur:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def gutenberg(name):
    """A Project Gutenberg excerpt kept in texts/: chapter lines become headings."""
    raw = open(os.path.join(HERE, "texts", name), encoding="utf-8").read()
    blocks = []
    for group in chunks(raw):
        text = squash(group, markup=True)
        if text.startswith(("[Illustration", "[Copyright")) or text == "]":
            continue
        text = text.rstrip("]").strip()
        if re.match(r"^(chapter|letter)\b", text, re.I) and len(text) < 40:
            blocks.append(("heading", text))
        else:
            blocks.append(("paragraph", text))
    return blocks


LIST_START = re.compile(r"^\s*(\([a-z0-9]+\)|[a-z]\)|[*+-] |o )")
# a label that starts a lettered or numbered item inside a chunk: (a) a) A. a. iv.
ITEM = re.compile(r"^\s*(\([a-z0-9]+\)|[a-z]\)|[A-Za-z]\.|[ivx]+\.)\s")


def label_of(text):
    """The item label a list item starts with, or None for a bulleted item."""
    m = ITEM.match(text)
    return m.group(1) if m else None


def split_items(group):
    """A chunk whose lines start two or more lettered items is one item per label."""
    if not ITEM.match(group[0]) or sum(bool(ITEM.match(line)) for line in group) < 2:
        return [group]
    out = []
    for line in group:
        if ITEM.match(line) or not out:
            out.append([line])
        else:
            out[-1].append(line)
    return out


def licence(name):
    """A licence from /usr/share/common-licenses: centred lines and short numbered lines are headings."""
    raw = open(os.path.join(LICENSES, name), encoding="utf-8").read()
    # MPL frames two sections in a box of asterisks: keep the text, drop the box and underlines
    lines = []
    for line in raw.split("\n"):
        if re.match(r"^\*+$", line.strip()):
            line = ""
        elif line.startswith("*") and line.rstrip().endswith("*"):
            line = line.rstrip()[1:-1]
            if re.match(r"^\s*-+\s*$", line):
                continue
        lines.append(line.rstrip())
    raw = "\n".join(lines)
    blocks = []
    groups = [g for group in chunks(raw) for g in split_items(group)]
    for i, group in enumerate(groups):
        if all(set(line.strip()) <= set("=-") for line in group[1:]) and len(group) == 2:
            group = group[:1]  # a markdown-style underline
        text = squash(group)
        first = group[0]
        indent = min(len(line) - len(line.lstrip()) for line in group)
        if i == 0:
            blocks.append(("title", text))
        elif len(group) == 1 and re.match(r"^\d+(\.\d+)*\.? [A-Z]", text) and len(text) < 70:
            blocks.append(("heading", text))
        elif (indent > 8 or text.upper() == text) and len(text) < 110 and re.search("[A-Z]", text):
            # centred lines, or lines of capitals
            blocks.append(("heading", text))
        elif len(group) == 1 and len(text) < 40 and not text.endswith((".", ",", ";")):
            blocks.append(("heading", text))  # a short line of its own: Preamble, Definitions:
        elif LIST_START.match(first) or ITEM.match(first):
            blocks.append(("list-item", text))
        else:
            blocks.append(("paragraph", text))
    return blocks


def changelog(package, entries):
    """The first entries of a Debian changelog: version line as heading, '*' items as list items."""
    path = f"/usr/share/doc/{package}/changelog.Debian.gz"
    raw = gzip.open(path, "rt", encoding="utf-8").read()
    blocks, cur, seen = [], None, 0

    def flush():
        nonlocal cur
        if cur:
            blocks.append((cur[0], squash(cur[1])))
        cur = None

    for line in raw.split("\n"):
        if re.match(r"^\S.*\(.*\).*urgency=", line):
            flush()
            seen += 1
            if seen > entries:
                break
            blocks.append(("heading", line.strip()))
        elif line.startswith(" -- "):
            flush()
            blocks.append(("paragraph", squash([line.strip()[3:]])))
        elif re.match(r"^\s+\[ .* \]$", line):
            flush()
            blocks.append(("paragraph", line.strip()))
        elif re.match(r"^\s{2,4}[*+-] ", line):
            flush()
            cur = ["list-item", [line.strip()[2:]]]
        elif line.strip() and cur:
            cur[1].append(line)
        elif line.strip():
            flush()
            cur = ["paragraph", [line]]
        else:
            flush()
    flush()
    return blocks


GUTENBERG = (
    "Project Gutenberg eBook {n} ({title}), public domain in the USA; "
    "text as crawled in github.com/Tahsan-Alam/Word-Ladder ({file}), excerpt kept in make/texts/"
)
