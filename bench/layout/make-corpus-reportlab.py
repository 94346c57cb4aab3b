#!/usr/bin/python3
"""A third prose corpus, set by ReportLab platypus (bench/layout/corpus-reportlab).

Run with Debian's python (it has reportlab): /usr/bin/python3 bench/layout/make-corpus-reportlab.py
Output: pairs <name>.pdf + <name>.json in the shared format (/work/briefs/prose-format.md).

Unlike the Chromium (CSS columns) and pdf-lib (drawn line by line) corpora, text here flows
through platypus frames: several frames a page (2-4 columns, unequal widths, a full-width title
and abstract over the columns, a figure over two of three columns, a sidebar box beside the
columns), or balanced columns inside one frame with headings across all columns between them.
Pull quotes stand between paragraphs, captions under drawn figures, footnotes at the foot of the
page; running heads and folios are furniture (not in the truth). The truth's page of a block is
the page where its first line is drawn, recorded as platypus draws it.
"""

import gzip
import json
import os
import re
import sys

import fitz

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.pagesizes import A3, A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BalancedColumns,
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    FrameBreak,
    NextPageTemplate,
    PageTemplate,
    Paragraph,
)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-reportlab")
LICENCES = "/usr/share/common-licenses"

for name, file in [
    ("DejaVuSerif", "dejavu/DejaVuSerif.ttf"),
    ("DejaVuSerif-Bold", "dejavu/DejaVuSerif-Bold.ttf"),
    ("DejaVuSerif-Italic", "dejavu/DejaVuSerif-Italic.ttf"),
    ("LiberationSans", "liberation/LiberationSans-Regular.ttf"),
    ("LiberationSans-Bold", "liberation/LiberationSans-Bold.ttf"),
    ("LiberationSans-Italic", "liberation/LiberationSans-Italic.ttf"),
    ("LiberationSerif", "liberation/LiberationSerif-Regular.ttf"),
    ("LiberationSerif-Bold", "liberation/LiberationSerif-Bold.ttf"),
    ("LiberationSerif-Italic", "liberation/LiberationSerif-Italic.ttf"),
]:
    pdfmetrics.registerFont(TTFont(name, f"/usr/share/fonts/truetype/{file}"))

FACES = {
    "Times": ("Times-Roman", "Times-Bold", "Times-Italic"),
    "Helvetica": ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique"),
    "DejaVuSerif": ("DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"),
    "LiberationSans": ("LiberationSans", "LiberationSans-Bold", "LiberationSans-Italic"),
    "LiberationSerif": ("LiberationSerif", "LiberationSerif-Bold", "LiberationSerif-Italic"),
}


# ---- texts (the same cutting rules as bench/layout/corpus-texts.ts) ----

def clean(s):
    return re.sub(r"\s+", " ", s).strip()


def nwords(s):
    return len(s.split())


def cut(text):
    if nwords(text) <= 170:
        return [text]
    out, cur = [], ""
    for s in re.findall(r"[^.!?]+[.!?]+(?:\s|$)|[^.!?]+$", text):
        if cur and nwords(cur) + nwords(s) > 150:
            out.append(clean(cur))
            cur = ""
        cur += s
    if clean(cur):
        out.append(clean(cur))
    return out


def licence(file):
    out = []
    for chunk in re.split(r"\n\s*\n", open(os.path.join(LICENCES, file), encoding="utf8").read()):
        # Rules of = or - under a title are typewriter underlining, not words.
        text = clean(re.sub(r"[=_*-]{4,}", " ", chunk))
        if not text or re.fullmatch(r"[-=_*\s]+", text) or not re.search(r"[A-Za-z]{2}", text):
            continue
        if nwords(text) <= 9 and not re.search(r"[.,;:]$", text):
            out.append(("heading", text))
        elif re.match(r"^(\(?[a-z0-9]{1,2}\)|\d{1,2}(\.\d{1,2})*\.)\s", text) and nwords(text) > 9:
            out.append(("list-item", text))
        elif re.match(r"^\d{1,2}(\.\d{1,2})*\.\s", text) and nwords(text) <= 12:
            out.append(("heading", text))
        else:
            out.extend(("paragraph", t) for t in cut(text))
    return out


def changelog(file, entries):
    out, item, n = [], None, 0
    text = gzip.open(file, "rt", encoding="utf8", errors="replace").read()

    def flush():
        nonlocal item
        if item:
            out.append(("list-item", clean(item)))
        item = None

    for line in text.split("\n"):
        if re.match(r"^\S.*\(.*\)", line):
            flush()
            n += 1
            if n > entries:
                break
            out.append(("heading", clean(line)))
        elif re.match(r"^\s{2,4}\*\s", line):
            flush()
            item = re.sub(r"^\s*\*\s", "", line)
        elif line.startswith(" -- "):
            flush()
            out.append(("paragraph", clean("Uploaded by " + line[4:])))
        elif re.match(r"^\s+\S", line) and item is not None and not re.match(r"^\s*\[", line):
            item += " " + line.strip()
        else:
            flush()
    flush()
    return [b for b in out if re.search(r"[A-Za-z]{2}", b[1])]


def take(blocks, max_words):
    """The first blocks up to about max_words words, not ending on a heading."""
    out, n = [], 0
    for b in blocks:
        if n >= max_words:
            break
        out.append(b)
        n += nwords(b[1])
    while out and out[-1][0] == "heading":
        out.pop()
    return out


def sentences(blocks, count, lo=10, hi=28):
    """Whole sentences of a middling length from other text, for pull quotes, notes and sidebars."""
    out = []
    for kind, text in blocks:
        if kind != "paragraph":
            continue
        for s in re.findall(r"[A-Z][^.!?]+[.!?]", text):
            if lo <= nwords(s) <= hi:
                out.append(clean(s))
    step = max(1, len(out) // max(1, count))
    return out[::step][:count]


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ---- truth kept as platypus draws ----

class Recorder:
    def __init__(self):
        self.first_page = {}

    def seen(self, tid, page):
        self.first_page.setdefault(tid, page)


class TP(Paragraph):
    """A paragraph that notes the page where its first line is drawn (its parts keep its id)."""

    def split(self, aw, ah):
        parts = Paragraph.split(self, aw, ah)
        for i, p in enumerate(parts):
            p.tid, p.rec = self.tid, self.rec
        return parts

    def draw(self):
        self.rec.seen(self.tid, self.canv.getPageNumber())
        Paragraph.draw(self)


class Figure(Flowable):
    """A drawn figure without words: axes and bars, or a framed grey plate."""

    def __init__(self, width, height, seed):
        Flowable.__init__(self)
        self.width, self.height, self.seed = width, height, seed

    def wrap(self, aw, ah):
        self.width = min(self.width, aw)
        return self.width, self.height

    def draw(self, c=None):
        draw_figure(c or self.canv, 0, 0, self.width, self.height, self.seed)


def draw_figure(c, x, y, w, h, seed):
    c.saveState()
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.6)
    if seed % 2:
        c.line(x + 6, y + 6, x + 6, y + h - 4)
        c.line(x + 6, y + 6, x + w - 4, y + 6)
        n = 5 + seed % 4
        bw = (w - 20) / n
        for i in range(n):
            bh = (h - 16) * (0.3 + 0.7 * ((i * 37 + seed * 11) % 10) / 10)
            c.setFillColor(colors.Color(0.35, 0.45, 0.6))
            c.rect(x + 10 + i * bw, y + 7, bw * 0.7, bh, stroke=0, fill=1)
    else:
        c.setFillColor(colors.Color(0.85, 0.85, 0.85))
        c.rect(x, y, w, h, stroke=1, fill=1)
        c.setStrokeColor(colors.Color(0.4, 0.4, 0.4))
        for i in range(1, 6):
            c.line(x + w * i / 6, y + 4, x + w * i / 6 - 10, y + h - 4)
    c.restoreState()


class Doc:
    """One document: its page templates, story and the truth of what it draws."""

    def __init__(self, name, size, face, fs, align):
        self.name = name
        self.size = size
        self.fonts = FACES[face]
        self.face = face
        self.fs = fs
        self.rec = Recorder()
        self.story = []
        self.body = []  # (tid, kind, text) in reading order
        self.apart = []  # (page, kind, text) drawn on the page
        self.tid = 0
        r, b, i = self.fonts
        lead = fs * 1.22
        self.styles = {
            "paragraph": ParagraphStyle("p", fontName=r, fontSize=fs, leading=lead, alignment=align, spaceAfter=fs * 0.5, allowWidows=0, allowOrphans=0),
            "list-item": ParagraphStyle("li", fontName=r, fontSize=fs, leading=lead, alignment=align, leftIndent=fs * 1.2, bulletIndent=0, spaceAfter=fs * 0.35),
            "heading": ParagraphStyle("h", fontName=b, fontSize=fs * 1.2, leading=fs * 1.45, spaceBefore=fs * 0.8, spaceAfter=fs * 0.4, keepWithNext=1),
            # A heading across balanced columns: kept with them by a conditional page break instead.
            "span-heading": ParagraphStyle("hs", fontName=b, fontSize=fs * 1.35, leading=fs * 1.6, spaceBefore=fs * 0.6, spaceAfter=fs * 0.6),
            "title": ParagraphStyle("t", fontName=b, fontSize=fs * 2.1, leading=fs * 2.5, spaceAfter=fs, alignment=TA_LEFT),
            "quote": ParagraphStyle("q", fontName=i, fontSize=fs * 1.35, leading=fs * 1.7, alignment=TA_CENTER, spaceBefore=fs, spaceAfter=fs, leftIndent=fs, rightIndent=fs),
            "caption": ParagraphStyle("c", fontName=i, fontSize=fs * 0.85, leading=fs * 1.05, spaceBefore=3, spaceAfter=fs),
            "abstract": ParagraphStyle("a", fontName=i, fontSize=fs * 1.05, leading=fs * 1.35, alignment=TA_JUSTIFY, spaceAfter=fs),
            "footnote": ParagraphStyle("f", fontName=r, fontSize=fs * 0.78, leading=fs * 0.95),
            "sidebar": ParagraphStyle("s", fontName=r, fontSize=fs * 0.9, leading=fs * 1.12, spaceAfter=3),
            "sidebar-head": ParagraphStyle("sh", fontName=b, fontSize=fs, leading=fs * 1.25, spaceAfter=3),
        }

    def para(self, kind, text, style=None, number=None):
        """A block of the story; body blocks and story quotes and captions are in the truth."""
        self.tid += 1
        st = self.styles[style or kind]
        if kind == "list-item":
            m = re.match(r"^(\(?[a-z0-9]{1,2}\)|\d{1,2}(\.\d{1,2})*\.)\s+(.*)$", text)
            p = TP(esc(m.group(3)), st, bulletText=m.group(1)) if m else TP(esc(text), st, bulletText="\u2022")
        else:
            p = TP(esc(text), st)
        p.tid, p.rec = self.tid, self.rec
        self.body.append((self.tid, kind, text))
        return p

    def flow(self, blocks, quotes=(), every=0):
        """The blocks as flowables; a pull quote after every `every` paragraphs."""
        out, n, qi = [], 0, 0
        for kind, text in blocks:
            out.append(self.para(kind, text))
            if kind == "paragraph":
                n += 1
                if every and n % every == 0 and qi < len(quotes):
                    out.append(self.para("quote", quotes[qi]))
                    qi += 1
        return out

    def draw_box(self, c, kind, x, y, w, h, texts, page, fill=None, head=None):
        """Paragraphs drawn straight on the page (footnotes, sidebars, captions) from the top of a box."""
        c.saveState()
        if fill:
            c.setFillColor(fill)
            c.setStrokeColor(colors.Color(0.5, 0.5, 0.5))
            c.rect(x - 4, y - 4, w + 8, h + 8, stroke=1, fill=1)
        top = y + h
        for k, t in enumerate(texts):
            st = self.styles["sidebar-head" if head and k == 0 else kind]
            p = Paragraph(esc(t), st)
            _, ph = p.wrap(w, h)
            top -= ph
            p.drawOn(c, x, top)
            top -= st.spaceAfter
            if not (head and k == 0):
                self.apart.append((page, kind, t))
            else:
                self.apart.append((page, "sidebar", t))
        c.restoreState()

    def build(self, templates, meta):
        path = os.path.join(OUT, self.name + ".pdf")
        doc = BaseDocTemplate(path, pagesize=self.size, title=meta["title"], author="bench/layout", pageTemplates=templates)
        doc.build(self.story)
        pages = doc.page
        blocks = []
        texts = None
        for k, (tid, kind, text) in enumerate(self.body):
            page = self.rec.first_page.get(tid)
            if page is None:
                # Balanced columns draw some split paragraphs through copies that lose the id:
                # the block's first words are looked for on the pages between its neighbours'.
                if texts is None:
                    texts = [clean(pg.get_text()) for pg in fitz.open(path)]
                prev = blocks[-1]["page"] if blocks else 1
                start = " ".join(text.split()[:6])
                page = next((n + 1 for n in range(prev - 1, pages) if start in texts[n]), None)
                if page is None:
                    raise SystemExit(f"{self.name}: block {tid} not found: {start}")
            blocks.append({"page": page, "kind": kind, "text": text})
        # Things drawn on the page go after that page's last story block (footnotes after the body).
        for page, kind, text in self.apart:
            at = max([i for i, b in enumerate(blocks) if b["page"] <= page] or [-1]) + 1
            blocks.insert(at, {"page": page, "kind": kind, "text": text})
        truth = {"source": meta["source"], "generator": meta["generator"], "columns": meta["columns"], "pages": pages, "blocks": blocks}
        with open(os.path.join(OUT, self.name + ".json"), "w", encoding="utf8") as f:
            json.dump(truth, f, indent=2, ensure_ascii=False)
            f.write("\n")
        print(f"{self.name}: {pages} pages, {len(blocks)} blocks")


def columns(x0, width, y0, height, widths, gap, prefix="c"):
    """Frames side by side: widths are shares of the width left after the gaps."""
    free = width - gap * (len(widths) - 1)
    total = sum(widths)
    out, x = [], x0
    for k, share in enumerate(widths):
        w = free * share / total
        out.append(Frame(x, y0, w, height, id=f"{prefix}{k}", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0))
        x += w + gap
    return out


def furniture(d, head, folio_at, rule_between=None):
    """A page callback: running head, folio, and optionally rules in the gutters."""
    W, H = d.size
    r = d.fonts[0]

    def on_page(c, doc):
        c.saveState()
        c.setFont(d.fonts[2], d.fs * 0.85)
        n = c.getPageNumber()
        if n > 1:
            c.drawString(54, H - 36, head)
            c.setLineWidth(0.4)
            c.line(54, H - 40, W - 54, H - 40)
        c.setFont(r, d.fs * 0.85)
        label = str(n)
        if folio_at == "centre":
            c.drawCentredString(W / 2, 28, label)
        elif n % 2:
            c.drawRightString(W - 54, 28, label)
        else:
            c.drawString(54, 28, label)
        if rule_between:
            c.setLineWidth(0.5)
            for x, y0, y1 in rule_between(n):
                c.line(x, y0, x, y1)
        c.restoreState()

    return on_page


def chain(*fs):
    def on_page(c, doc):
        for f in fs:
            f(c, doc)

    return on_page


# ---- the documents ----

def gpl3_two_abstract():
    """A4, Times 10 justified, full-width title and abstract over two columns, footnotes."""
    d = Doc("gpl3-rl-two-times-abstract", A4, "Times", 10, TA_JUSTIFY)
    W, H = d.size
    m, gap, foot = 54, 18, 58
    blocks = take(licence("GPL-3"), 2300)
    notes = sentences(licence("GPL-2"), 6)
    title_h = 150
    first = [Frame(m, H - m - title_h, W - 2 * m, title_h, id="top", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)]
    first += columns(m, W - 2 * m, m + foot, H - 2 * m - title_h - foot - 8, [1, 1], gap)
    rest = columns(m, W - 2 * m, m + foot, H - 2 * m - foot - 4, [1, 1], gap)
    note_of = {}

    def notes_cb(c, doc):
        n = c.getPageNumber()
        if n % 2 == 1 and n // 2 < len(notes):
            t = f"{n // 2 + 1}. {notes[n // 2]}"
            c.setLineWidth(0.4)
            c.line(m, m + foot - 10, m + 120, m + foot - 10)
            d.draw_box(c, "footnote", m, m, W - 2 * m, foot - 16, [t], n)
            note_of[n] = t

    head = furniture(d, "GNU General Public License, version 3", "outer")
    d.story.append(d.para("title", blocks[0][1]))
    abstract = [b for b in blocks if b[0] == "paragraph"][0]
    d.story.append(d.para("paragraph", abstract[1], style="abstract"))
    d.story.append(NextPageTemplate("rest"))
    d.story.append(FrameBreak())
    d.story += d.flow([b for b in blocks[1:] if b is not abstract])
    d.build(
        [PageTemplate("first", first, onPage=chain(head, notes_cb)), PageTemplate("rest", rest, onPage=chain(head, notes_cb))],
        {"title": "GPL 3", "source": "/usr/share/common-licenses/GPL-3: GPL text, copyright the Free Software Foundation (verbatim copying permitted); footnotes from GPL-2", "generator": "ReportLab platypus (bench/layout/make-corpus-reportlab.py): A4, Times-Roman 10 pt justified, 2 frames, 18 pt gutter, full-width title and abstract frame on page 1, footnotes at the foot of odd pages, running head, folio outer", "columns": 2},
    )


def apache_three_figure():
    """Letter, Helvetica 9 ragged, three columns; a figure and caption over columns 1-2 on page 2; pull quotes."""
    d = Doc("apache2-rl-three-helvetica-figure", LETTER, "Helvetica", 9, TA_LEFT)
    W, H = d.size
    m, gap = 50, 14
    blocks = take(licence("Apache-2.0"), 3000)
    quotes = sentences(licence("MPL-2.0"), 4)
    plain = columns(m, W - 2 * m, m, H - 2 * m - 10, [1, 1, 1], gap)
    fig_h = 210
    cw = (W - 2 * m - 2 * gap) / 3
    fig = columns(m, W - 2 * m, m, H - 2 * m - 10, [1, 1, 1], gap, prefix="f")
    for f in fig[:2]:
        f.__init__(f._x1, m, f._width, H - 2 * m - 10 - fig_h - 8, id=f.id, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    caption = "Figure 1. Contributions received by the licensor in each year of the project, counted by the month in which the work was first submitted."

    def fig_cb(c, doc):
        n = c.getPageNumber()
        top = H - m - 10
        draw_figure(c, m, top - fig_h + 34, 2 * cw + gap, fig_h - 34, 1)
        d.draw_box(c, "caption", m, top - fig_h, 2 * cw + gap, 30, [caption], n)

    head = furniture(d, "Apache License 2.0", "centre")
    d.story.append(d.para("title", blocks[0][1]))
    body = d.flow(blocks[1:], quotes, every=7)
    # Only the second page carries the figure.
    d.story += [NextPageTemplate(["figure", "*", "plain"])] + body
    d.build(
        [PageTemplate("plain", plain, onPage=head), PageTemplate("figure", fig, onPage=chain(head, fig_cb))],
        {"title": "Apache 2.0", "source": "/usr/share/common-licenses/Apache-2.0: Apache License 2.0 (redistribution permitted); pull quotes from MPL-2.0", "generator": "ReportLab platypus (bench/layout/make-corpus-reportlab.py): US Letter, Helvetica 9 pt ragged right, 3 frames, 14 pt gutter, a drawn figure with its caption over columns 1-2 on page 2, pull quotes in the column, running head, folio centred", "columns": 3},
    )


def balanced(name, size, face, fs, align, ncols, text, max_words, head_text, source, gen, quotes_from=None, rules=False):
    """Balanced columns in one frame: a title, then sections whose headings run across all columns."""
    d = Doc(name, size, face, fs, align)
    W, H = d.size
    m = 44
    blocks = take(text, max_words)
    quotes = sentences(quotes_from, 5) if quotes_from else []
    frame = Frame(m, m, W - 2 * m, H - 2 * m - 8, id="all", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
    d.story.append(d.para("title", blocks[0][1]))
    section, qi, npara = [], 0, 0

    def close():
        if section:
            d.story.append(BalancedColumns(list(section), nCols=ncols, innerPadding=fs * 1.4, spaceAfter=fs, vLinesStrokeWidth=0.5 if rules else None, vLinesStrokeColor=colors.grey if rules else None))
            section.clear()

    for kind, text_ in blocks[1:]:
        if kind == "heading" and nwords(text_) >= 2 and section and sum(1 for _ in section) >= 4:
            close()
            d.story.append(CondPageBreak(fs * 8))
            d.story.append(d.para("heading", text_, style="span-heading"))
            continue
        section.append(d.para(kind, text_))
        if kind == "paragraph":
            npara += 1
            if quotes and npara % 6 == 0 and qi < len(quotes):
                section.append(d.para("quote", quotes[qi]))
                qi += 1
    close()
    d.build([PageTemplate("all", [frame], onPage=furniture(d, head_text, "outer"))], {"title": head_text, "source": source, "generator": gen, "columns": ncols})


def mpl2_unequal_sidebar():
    """A4, DejaVu Serif 9: a narrow and a wide column; a boxed sidebar over the narrow column on every odd page."""
    d = Doc("mpl2-rl-unequal-sidebar", A4, "DejaVuSerif", 9, TA_JUSTIFY)
    W, H = d.size
    m, gap = 50, 16
    blocks = take(licence("MPL-2.0"), 2600)
    side = sentences(licence("LGPL-2.1"), 12, lo=12, hi=30)
    free = W - 2 * m - gap
    nw = free * 0.36
    box_h = 230
    odd = [
        Frame(m, m, nw, H - 2 * m - 10 - box_h - 20, id="n", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0),
        Frame(m + nw + gap, m, free - nw, H - 2 * m - 10, id="w", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0),
    ]
    even = columns(m, W - 2 * m, m, H - 2 * m - 10, [0.36, 0.64], gap)

    def side_cb(c, doc):
        n = c.getPageNumber()
        k = (n // 2) * 3
        if n % 2 and k < len(side):
            d.draw_box(c, "sidebar", m + 4, H - m - 10 - box_h + 4, nw - 8, box_h - 8, ["About this licence"] + side[k:k + 3], n, fill=colors.Color(0.92, 0.92, 0.88), head=True)

    head = furniture(d, "Mozilla Public License Version 2.0", "outer")
    d.story.append(d.para("heading", blocks[0][1], style="title"))
    d.story.append(NextPageTemplate(["even", "odd"]))
    d.story += d.flow(blocks[1:])
    d.build(
        [PageTemplate("odd", odd, onPage=chain(head, side_cb)), PageTemplate("even", even, onPage=head)],
        {"title": "MPL 2.0", "source": "/usr/share/common-licenses/MPL-2.0: Mozilla Public License 2.0; sidebar sentences from LGPL-2.1 (verbatim copying permitted)", "generator": "ReportLab platypus (bench/layout/make-corpus-reportlab.py): A4, DejaVu Serif 9 pt justified, 2 unequal frames (36% / 64%), 16 pt gutter, a boxed grey sidebar over the narrow column on odd pages, running head, folio outer", "columns": 2},
    )


def gpl2_three_sidebar():
    """A4, Liberation Sans 8.5 ragged, three columns; the lower half of the third column a boxed sidebar on page 1 and 3."""
    d = Doc("gpl2-rl-three-sans-sidebar", A4, "LiberationSans", 8.5, TA_LEFT)
    W, H = d.size
    m, gap = 42, 12
    blocks = take(licence("GPL-2"), 2700)
    side = sentences(licence("Artistic"), 10, lo=10, hi=30)
    cols = columns(m, W - 2 * m, m, H - 2 * m - 10, [1, 1, 1], gap)
    cw = cols[0]._width
    box_h = 300
    boxed = columns(m, W - 2 * m, m, H - 2 * m - 10, [1, 1, 1], gap, prefix="b")
    last = boxed[2]
    last.__init__(last._x1, m + box_h + 16, cw, H - 2 * m - 10 - box_h - 16, id="b2", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def side_cb(c, doc):
        n = c.getPageNumber()
        k = (n // 2) * 4
        d.draw_box(c, "sidebar", last._x1 + 5, m + 5, cw - 10, box_h - 10, ["The Artistic License"] + side[k:k + 4], n, fill=colors.Color(0.9, 0.93, 0.97), head=True)

    head = furniture(d, "GNU General Public License, version 2", "outer", rule_between=lambda n: [(m + cw + gap / 2, m, H - m - 12), (m + 2 * cw + 1.5 * gap, m, H - m - 12)])
    d.story.append(d.para("title", blocks[0][1]))
    d.story.append(NextPageTemplate(["plain", "boxed"]))
    d.story += d.flow(blocks[1:])
    d.build(
        [PageTemplate("boxed", boxed, onPage=chain(head, side_cb)), PageTemplate("plain", cols, onPage=head)],
        {"title": "GPL 2", "source": "/usr/share/common-licenses/GPL-2: GPL text, copyright the Free Software Foundation (verbatim copying permitted); sidebar sentences from the Artistic License", "generator": "ReportLab platypus (bench/layout/make-corpus-reportlab.py): A4, Liberation Sans 8.5 pt ragged right, 3 frames, 12 pt gutter with rules, a boxed sidebar in the lower part of column 3 on odd pages, running head, folio outer", "columns": 3},
    )


def changelogs_three():
    """Letter, Liberation Serif 8.5, three columns of changelog entries: version headings inside the column, lists."""
    d = Doc("changelogs-rl-three-serif", LETTER, "LiberationSerif", 8.5, TA_LEFT)
    W, H = d.size
    m, gap = 46, 16
    blocks = changelog("/usr/share/doc/coreutils/changelog.Debian.gz", 30) + changelog("/usr/share/doc/cpp-12/changelog.Debian.gz", 20)
    blocks = take(blocks, 2600)
    cols = columns(m, W - 2 * m, m, H - 2 * m - 10, [1, 1, 1], gap)
    d.story.append(d.para("title", "Changes in coreutils and cpp-12"))
    d.story += d.flow(blocks)
    d.build(
        [PageTemplate("p", cols, onPage=furniture(d, "Debian changelogs", "centre"))],
        {"title": "Changelogs", "source": "/usr/share/doc/coreutils/changelog.Debian.gz and /usr/share/doc/cpp-12/changelog.Debian.gz: Debian changelogs (distributed with the packages' copyright files, GPL)", "generator": "ReportLab platypus (bench/layout/make-corpus-reportlab.py): US Letter, Liberation Serif 8.5 pt ragged right, 3 frames, 16 pt gutter, version headings inside the column, bulleted lists, running head, folio centred", "columns": 3},
    )


def artistic_two_figures():
    """A4, Times 10 ragged, two columns with a rule; figures in the column with captions under them."""
    d = Doc("artistic-lgpl2-rl-two-figures", A4, "Times", 10, TA_LEFT)
    W, H = d.size
    m, gap = 56, 20
    blocks = take(licence("Artistic") + licence("LGPL-2"), 2600)
    cols = columns(m, W - 2 * m, m, H - 2 * m - 10, [1, 1], gap)
    cw = cols[0]._width
    caps = [
        "Figure 1. Copies of the package distributed in each form, by the year in which they were made.",
        "Figure 2. A plate of the original package as received from the copyright holder.",
        "Figure 3. Modified versions counted by the kind of change made to the standard version.",
        "Figure 4. Libraries linked with the work, by the number of programs that use them.",
        "Figure 5. Requests for source code received in each quarter.",
    ]
    out, npara, fi = [], 0, 0
    for kind, text in blocks:
        out.append(d.para(kind, text))
        if kind == "paragraph":
            npara += 1
            if npara % 6 == 3 and fi < len(caps):
                out.append(Figure(cw, 110 + 20 * (fi % 3), fi + 1))
                out.append(d.para("caption", caps[fi]))
                fi += 1
    d.story += out
    d.build(
        [PageTemplate("p", cols, onPage=furniture(d, "The Artistic License; GNU Library General Public License", "outer", rule_between=lambda n: [(m + cw + gap / 2, m, H - m - 14)]))],
        {"title": "Artistic and LGPL 2", "source": "/usr/share/common-licenses/Artistic and LGPL-2 (verbatim copying permitted)", "generator": "ReportLab platypus (bench/layout/make-corpus-reportlab.py): A4, Times-Roman 10 pt ragged right, 2 frames, 20 pt gutter with a rule, drawn figures in the column with captions under them, running head, folio outer", "columns": 2},
    )


def gfdl_three_narrow():
    """A4, Liberation Serif 9 justified, three columns, 8 pt gutter, pull quotes, footnotes numbered under a rule."""
    d = Doc("gfdl13-rl-three-narrow-notes", A4, "LiberationSerif", 9, TA_JUSTIFY)
    W, H = d.size
    m, gap, foot = 46, 8, 70
    blocks = take(licence("GFDL-1.3"), 3200)
    quotes = sentences(licence("CC0-1.0"), 5)
    notes = sentences(licence("GPL-1"), 12)
    cols = columns(m, W - 2 * m, m + foot, H - 2 * m - 10 - foot, [1, 1, 1], gap)

    def notes_cb(c, doc):
        n = c.getPageNumber()
        ts = [f"{2 * n - 1 + k}. {t}" for k, t in enumerate(notes[2 * n - 2:2 * n])]
        if ts:
            c.setLineWidth(0.4)
            c.line(m, m + foot - 6, m + 90, m + foot - 6)
            d.draw_box(c, "footnote", m, m, W - 2 * m, foot - 14, ts, n)

    d.story.append(d.para("title", blocks[0][1]))
    d.story += d.flow(blocks[1:], quotes, every=8)
    d.build(
        [PageTemplate("p", cols, onPage=chain(furniture(d, "GNU Free Documentation License 1.3", "outer"), notes_cb))],
        {"title": "GFDL 1.3", "source": "/usr/share/common-licenses/GFDL-1.3 (verbatim copying permitted); pull quotes from CC0-1.0, footnotes from GPL-1", "generator": "ReportLab platypus (bench/layout/make-corpus-reportlab.py): A4, Liberation Serif 9 pt justified, 3 frames, 8 pt gutter, pull quotes in the column, two numbered footnotes under a short rule on every page, running head, folio outer", "columns": 3},
    )


def lgpl3_newsletter():
    """Letter, Helvetica 9.5: title and abstract over the page, then three unequal columns (wide, narrow, narrow); lists."""
    d = Doc("lgpl3-lgpl21-rl-unequal-three", LETTER, "Helvetica", 9, TA_JUSTIFY)
    W, H = d.size
    m, gap = 48, 14
    blocks = take(licence("LGPL-3") + licence("LGPL-2.1"), 3400)
    title_h = 120
    first = [Frame(m, H - m - title_h, W - 2 * m, title_h, id="top", leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)]
    first += columns(m, W - 2 * m, m, H - 2 * m - title_h - 12, [1.6, 1, 1], gap)
    rest = columns(m, W - 2 * m, m, H - 2 * m - 10, [1.6, 1, 1], gap)
    d.story.append(d.para("title", blocks[0][1]))
    abstract = [b for b in blocks if b[0] == "paragraph"][0]
    d.story.append(d.para("paragraph", abstract[1], style="abstract"))
    d.story += [NextPageTemplate("rest"), FrameBreak()]
    d.story += d.flow([b for b in blocks[1:] if b is not abstract])
    head = furniture(d, "GNU Lesser General Public License", "centre")
    d.build(
        [PageTemplate("first", first, onPage=head), PageTemplate("rest", rest, onPage=head)],
        {"title": "LGPL", "source": "/usr/share/common-licenses/LGPL-3 and LGPL-2.1: copyright the Free Software Foundation (verbatim copying permitted)", "generator": "ReportLab platypus (bench/layout/make-corpus-reportlab.py): US Letter, Helvetica 9 pt justified, full-width title and abstract, then 3 unequal frames (1.6 : 1 : 1), 14 pt gutter, clause lists, running head, folio centred", "columns": 3},
    )


def main():
    os.makedirs(OUT, exist_ok=True)
    gpl3_two_abstract()
    apache_three_figure()
    balanced(
        "lgpl21-rl-four-balanced-a3", landscape(A3), "Times", 9, TA_JUSTIFY, 4, licence("LGPL-2.1"), 4200,
        "GNU Lesser General Public License, version 2.1",
        "/usr/share/common-licenses/LGPL-2.1: copyright the Free Software Foundation (verbatim copying permitted); pull quotes from GPL-3",
        "ReportLab platypus (bench/layout/make-corpus-reportlab.py): A3 landscape, Times-Roman 9 pt justified, BalancedColumns of 4 in one frame, section headings across all columns between them, pull quotes in the column, running head, folio outer",
        quotes_from=licence("GPL-3"),
    )
    balanced(
        "mpl11-rl-two-balanced-rules", A4, "LiberationSans", 9, TA_LEFT, 2, licence("MPL-1.1"), 2600,
        "Mozilla Public License 1.1",
        "/usr/share/common-licenses/MPL-1.1: Mozilla Public License 1.1",
        "ReportLab platypus (bench/layout/make-corpus-reportlab.py): A4, Liberation Sans 9 pt ragged right, BalancedColumns of 2 with a rule between, section headings across both columns, running head, folio outer",
        rules=True,
    )
    mpl2_unequal_sidebar()
    gpl2_three_sidebar()
    changelogs_three()
    artistic_two_figures()
    gfdl_three_narrow()
    lgpl3_newsletter()


if __name__ == "__main__":
    sys.exit(main())
