#!/usr/bin/python3
"""A prose corpus typeset by ConTeXt (MkIV, `context`): bench/layout/corpus-context.

Run with Debian's python (the text helpers of make-corpus-cairo.py need pycairo and Pango to
import): /usr/bin/python3 bench/layout/make-corpus-context.py [out dir]
Output: pairs <name>.pdf + <name>.json in the shared format (bench/layout/prose-corpus.ts).

ConTeXt breaks the lines and fills the columns itself (mixed columns, column sets, its own
balancing), so the layouts are not this script's: each block's first line carries a \\latelua
node that writes the page it is shipped on to the log, and that page is the truth's. Running
heads and folios are furniture (not in the truth).
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus-context")

_spec = importlib.util.spec_from_file_location("cairo_maker", os.path.join(HERE, "make-corpus-cairo.py"))
_cm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cm)
licence, changelog, take, sentences, nwords = _cm.licence, _cm.changelog, _cm.take, _cm.sentences, _cm.nwords

SPECIAL = {
    "\\": r"\letterbackslash{}", "{": r"\letterleftbrace{}", "}": r"\letterrightbrace{}",
    "$": r"\letterdollar{}", "&": r"\letterampersand{}", "#": r"\letterhash{}", "^": r"\letterhat{}",
    "_": r"\letterunderscore{}", "%": r"\letterpercent{}", "~": r"\lettertilde{}", "|": r"\letterbar{}",
}


def tex(s):
    return "".join(SPECIAL.get(c, c) for c in s)


class Doc:
    def __init__(self, name, source, describe, columns):
        self.name, self.source, self.describe, self.columns = name, source, describe, columns
        self.blocks = []  # (kind, text)
        self.body = []  # TeX source lines

    def mark(self, kind, text):
        """A block of the truth: its index, to be written with the page it is shipped on."""
        self.blocks.append((kind, text))
        k = len(self.blocks) - 1
        return r"\dontleavehmode\latelua{texio.write_nl('QBLOCK %d '..tex.count.realpageno)}" % k

    def add(self, s):
        self.body.append(s)

    def para(self, kind, text):
        if kind == "heading":
            self.add(r"\subject{%s%s}" % (self.mark(kind, text), tex(text)))
        elif kind == "list-item":
            self.add(r"\startitemize[packed]\item %s%s\stopitemize" % (self.mark(kind, text), tex(text)))
        else:
            self.add("%s%s\\par" % (self.mark(kind, text), tex(text)))

    def quote(self, text, width=r"\hsize"):
        self.add(r"\startframedtext[width=%s,frame=off,topframe=on,bottomframe=on,align={flushleft},style=\it\tfa]"
                 % width + self.mark("quote", text) + tex(text) + r"\stopframedtext")

    def sidebar(self, title, text, width=r"\hsize"):
        self.add(r"\startframedtext[width=%s,background=color,backgroundcolor=gray,frame=off]" % width
                 + r"{\bf %s%s}\par " % (self.mark("sidebar", title), tex(title))
                 + tex(text) + r"\stopframedtext")
        # The sidebar's text is one block with its title (the truth lists it apart, with its title).
        k = len(self.blocks) - 1
        self.blocks[k] = ("sidebar", title + " " + text)

    def footnote(self, text):
        return r"\footnote{%s%s}" % (self.mark("footnote", text), tex(text))

    def title(self, text):
        self.add(r"\startalignment[middle]{\bfc %s%s}\stopalignment\blank[big]" % (self.mark("title", text), tex(text)))


def preamble(paper, font, size, align, head, extra=""):
    lines = [
        r"\setuppapersize[%s]" % paper,
        r"\setuplayout[backspace=2cm,width=middle,topspace=1.5cm,header=1cm,footer=1cm,height=middle]",
        r"\setupbodyfont[%s,%spt]" % (font, size),
        r"\setupalign[%s]" % align,
        # Lines are let stretch rather than run over into the gutter.
        r"\setuptolerance[horizontal,verytolerant,stretch]",
        r"\setuphead[subject][align={flushleft,verytolerant},style=\bfa,before={\blank[medium]},after={\blank[small]}]",
        r"\setupwhitespace[small]",
        r"\definecolor[gray][s=.85]",
        r"\setuppagenumbering[location=]",
        r"\setupfootertexts[pagenumber]",
    ]
    if head:
        lines.append(r"\setupheadertexts[%s]" % tex(head))
    return "\n".join(lines) + "\n" + extra + "\n"


def render(d, pre):
    work = tempfile.mkdtemp(prefix="ctx-")
    src = os.path.join(work, "doc.tex")
    with open(src, "w", encoding="utf8") as f:
        f.write(pre + "\\starttext\n" + "\n".join(d.body) + "\n\\stoptext\n")
    subprocess.run(["context", "--batchmode", "--nostatistics", "doc.tex"], cwd=work,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=900)
    pdf = os.path.join(work, "doc.pdf")
    if not os.path.exists(pdf):
        raise SystemExit(f"{d.name}: ConTeXt made no PDF (see {work})")
    log = open(os.path.join(work, "doc.log"), encoding="utf8", errors="replace").read()
    over = len(re.findall(r"overfull \\hbox", log, re.I))
    if over:
        print(f"{d.name}: {over} overfull lines")
    pages = {}
    for k, p in re.findall(r"QBLOCK (\d+) (\d+)", log):
        pages.setdefault(int(k), int(p))  # the first line shipped (a later pass repeats it)
    missing = [k for k in range(len(d.blocks)) if k not in pages]
    if missing:
        raise SystemExit(f"{d.name}: blocks never shipped: {missing[:5]} (see {work})")
    n = int(subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout.split("Pages:")[1].split()[0])
    blocks = [{"page": pages[k], "kind": kind, "text": text} for k, (kind, text) in enumerate(d.blocks)]
    # Blocks in reading order: page by page (a footnote is read after its page's body), in
    # source order within a page.
    apart = ("footnote",)
    blocks.sort(key=lambda b: (b["page"], b["kind"] in apart))
    truth = {"source": d.source, "generator": "ConTeXt MkIV (context, LuaTeX): bench/layout/make-corpus-context.py; "
             + d.describe, "columns": d.columns, "pages": n, "blocks": blocks}
    shutil.copy(pdf, os.path.join(OUT, d.name + ".pdf"))
    with open(os.path.join(OUT, d.name + ".json"), "w", encoding="utf8") as f:
        json.dump(truth, f, indent=2, ensure_ascii=False)
        f.write("\n")
    shutil.rmtree(work)
    print(f"{d.name}: {n} pages, {len(blocks)} blocks")


def pour(d, texts, quotes=(), sidebars=(), every=260, notes=()):
    """The texts as paragraphs, with pull quotes, sidebars and footnotes spread through them."""
    extras = [("quote", q) for q in quotes] + [("sidebar", s) for s in sidebars]
    words, used, noted = 0, 0, 0
    for kind, text in texts:
        if noted < len(notes) and kind == "paragraph" and words > 150 * (noted + 1):
            d.add(d.mark(kind, text) + tex(text) + d.footnote(notes[noted]) + r"\par")
            noted += 1
        else:
            d.para(kind, text)
        words += nwords(text)
        if used < len(extras) and words > every * (used + 1) and kind == "paragraph":
            k, v = extras[used]
            if k == "quote":
                d.quote(v)
            else:
                d.sidebar(v[0], v[1])
            used += 1


def docs():
    gpl3, apache, mpl2, gfdl = licence("GPL-3"), licence("Apache-2.0"), licence("MPL-2.0"), licence("GFDL-1.3")
    lgpl21, artistic, gpl2, lgpl3 = licence("LGPL-2.1"), licence("Artistic"), licence("GPL-2"), licence("LGPL-3")
    mpl11, gfdl12 = licence("MPL-1.1"), licence("GFDL-1.2")
    out = []

    # 1. Two justified columns, ConTeXt's own narrow gap with a rule in it, title over the page.
    d = Doc("gpl3-two-rule-justified", "/usr/share/common-licenses/GPL-3 (verbatim copying permitted)",
            "A4, Palatino 10 pt justified, 2 mixed columns with a column rule, ConTeXt's default gap, "
            "title across, running head, pull quotes in the column", 2)
    d.title("The GNU General Public License")
    d.add(r"\startcolumns[n=2,separator=rule]")
    pour(d, take(gpl3, 2600), quotes=sentences(gpl3, 2))
    d.add(r"\stopcolumns")
    out.append((d, preamble("A4", "palatino", 10, "normal", "GPL Review")))

    # 2. Two ragged-right columns a narrow gap apart: long lines of the left column near the right one.
    d = Doc("apache-two-ragged-narrow", "/usr/share/common-licenses/Apache-2.0",
            "A4, Latin Modern Sans 10 pt ragged right, 2 columns 8 pt apart, no rule", 2)
    d.title("Apache License, Version 2.0")
    d.add(r"\startcolumns[n=2,distance=8pt]")
    pour(d, take(apache, 2400))
    d.add(r"\stopcolumns")
    out.append((d, preamble("A4", "modern,ss", 10, "flushleft", None)))

    # 3. Three columns, sidebars and a quote in the column, last page balanced.
    d = Doc("mpl2-three-sidebars", "/usr/share/common-licenses/MPL-2.0",
            "Letter, Termes 9 pt justified, 3 columns 10 pt apart, tinted sidebars and a pull quote in the column, "
            "balanced last page", 3)
    d.title("Mozilla Public License 2.0")
    d.add(r"\startcolumns[n=3,distance=10pt]")
    pool = sentences(mpl2, 6)
    pour(d, take(mpl2, 3200), quotes=pool[:1], sidebars=[("In short", pool[1] + " " + pool[2]),
                                                         ("Note", pool[3])], every=700)
    d.add(r"\stopcolumns")
    out.append((d, preamble("letter", "termes", 9, "normal", "MPL 2.0 · Annotated")))

    # 4. The column count switches mid-page: one column, two, three, two.
    d = Doc("lgpl21-switching", "/usr/share/common-licenses/LGPL-2.1",
            "A4, Pagella 9.5 pt justified, stretches of 1, 2 and 3 columns on one page (columns balanced "
            "above each switch), headings in the column", 3)
    d.title("GNU Lesser General Public License 2.1")
    parts = take(lgpl21, 3300)
    q = len(parts) // 6
    for i, n in enumerate([1, 2, 3, 2, 1, 3]):
        chunk = parts[i * q:(i + 1) * q] if i < 5 else parts[5 * q:]
        if n > 1:
            d.add(r"\startcolumns[n=%d,distance=12pt]" % n)
        pour(d, chunk)
        if n > 1:
            d.add(r"\stopcolumns")
    out.append((d, preamble("A4", "pagella", 9.5, "normal", "LGPL")))

    # 5. Footnotes across the foot of the page under two columns; unbalanced last page.
    d = Doc("gpl2-two-footnotes", "/usr/share/common-licenses/GPL-2",
            "A4, Bonum 9.5 pt justified, 2 columns 14 pt apart, footnotes, last page not balanced", 2)
    d.title("GNU General Public License, version 2")
    d.add(r"\startcolumns[n=2,distance=14pt,balance=no]")
    pour(d, take(gpl2, 2700), notes=sentences(gpl2, 3, 8, 20))
    d.add(r"\stopcolumns")
    out.append((d, preamble("A4", "bonum", 9.5, "normal", "GPL-2")))

    # 6. Four narrow columns on a landscape page, ragged.
    d = Doc("gfdl-four-landscape", "/usr/share/common-licenses/GFDL-1.3",
            "A4 landscape, DejaVu Sans 8.5 pt ragged right, 4 columns 9 pt apart", 4)
    d.title("GNU Free Documentation License 1.3")
    d.add(r"\startcolumns[n=4,distance=9pt]")
    pour(d, take(gfdl, 3300), quotes=sentences(gfdl, 1))
    d.add(r"\stopcolumns")
    out.append((d, preamble("A4,landscape", "dejavu,ss", 8.5, "flushleft", "FDL")))

    # 7. Two columns, wide apart, indented paragraphs without space, rule.
    d = Doc("artistic-two-indented", "/usr/share/common-licenses/Artistic",
            "A5, Schola 8.5 pt justified, 2 columns 6 pt apart with a rule, indented paragraphs, no space", 2)
    d.title("The Artistic License")
    d.add(r"\startcolumns[n=2,distance=6pt,separator=rule]")
    pour(d, take(artistic, 1700) + take(lgpl3, 900))
    d.add(r"\stopcolumns")
    out.append((d, preamble("A5", "schola", 8.5, "normal", None,
                            r"\setupindenting[yes,medium]\setupwhitespace[none]")))

    # 8. Changelogs: short list items in three columns, package headings in the column.
    d = Doc("changelogs-three", "changelogs of coreutils, grep, sed (/usr/share/doc)",
            "A4, Heros 9 pt ragged right, 3 columns 11 pt apart, headings and lists in the column", 3)
    d.title("Package News")
    d.add(r"\startcolumns[n=3,distance=11pt]")
    cl = ([("heading", "Coreutils")] + changelog("/usr/share/doc/coreutils/changelog.Debian.gz", 5)
          + [("heading", "Grep")] + changelog("/usr/share/doc/grep/changelog.Debian.gz", 5)
          + [("heading", "Sed")] + changelog("/usr/share/doc/sed/changelog.Debian.gz", 5))
    pour(d, cl)
    d.add(r"\stopcolumns")
    out.append((d, preamble("A4", "heros", 9, "flushleft", "Debian Digest")))

    # 9. Two columns under a one-column introduction, wider gap, Letter, MPL 1.1.
    d = Doc("mpl11-intro-two", "/usr/share/common-licenses/MPL-1.1",
            "Letter, Latin Modern Roman 10 pt justified, a one-column introduction then 2 columns 20 pt apart", 2)
    d.title("Mozilla Public License 1.1")
    t = take(mpl11, 2800)
    pour(d, t[:4])
    d.add(r"\startcolumns[n=2,distance=20pt]")
    pour(d, t[4:], quotes=sentences(mpl11, 1))
    d.add(r"\stopcolumns")
    out.append((d, preamble("letter", "modern", 10, "normal", "MPL 1.1")))

    # 10. Three ragged columns, narrow gap, with a rule.
    d = Doc("gfdl12-three-rule-ragged", "/usr/share/common-licenses/GFDL-1.2",
            "A4, Cursor-free Adventor 8.5 pt ragged right, 3 columns 7 pt apart with rules", 3)
    d.title("GNU Free Documentation License 1.2")
    d.add(r"\startcolumns[n=3,distance=7pt,separator=rule]")
    pour(d, take(gfdl12, 2600))
    d.add(r"\stopcolumns")
    out.append((d, preamble("A4", "adventor", 8.5, "flushleft", "FDL 1.2")))
    return out


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    for d, pre in docs():
        if only in d.name:
            render(d, pre)
