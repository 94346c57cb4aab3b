"""Documents typeset by ReportLab platypus: BaseDocTemplate with two or three column Frames
per page, a full-width frame for titles, and (frankenstein) a pull quote drawn across both
columns between an upper and a lower pair of frames.

Every block is a flowable tagged with its index; afterFlowable records the page and frame on
which its first part is drawn (a paragraph split over frames keeps the tag on its first part).
"""

import os

from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageTemplate,
    Paragraph,
    Spacer,
)

import texts
from common import OUT, footnotes_after_page_body, write_truth

FONTS = "/usr/share/fonts/truetype"
for name, file in [
    ("DejaVuSerif", "dejavu/DejaVuSerif.ttf"),
    ("DejaVuSerif-Bold", "dejavu/DejaVuSerif-Bold.ttf"),
    ("DejaVuSerif-Italic", "dejavu/DejaVuSerif-Italic.ttf"),
    ("LiberationSerif", "liberation/LiberationSerif-Regular.ttf"),
    ("LiberationSerif-Bold", "liberation/LiberationSerif-Bold.ttf"),
    ("LiberationSerif-Italic", "liberation/LiberationSerif-Italic.ttf"),
    ("LiberationSans", "liberation/LiberationSans-Regular.ttf"),
    ("LiberationSans-Bold", "liberation/LiberationSans-Bold.ttf"),
    ("LiberationSans-Italic", "liberation/LiberationSans-Italic.ttf"),
]:
    pdfmetrics.registerFont(TTFont(name, os.path.join(FONTS, file)))


def xml(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Tagged(Paragraph):
    """A paragraph that remembers which block it is; only its first part keeps the tag."""

    qid = None

    def split(self, availWidth, availHeight):
        parts = Paragraph.split(self, availWidth, availHeight)
        if len(parts) == 2:
            parts[0].qid = self.qid
            parts[1].qid = None
        return parts


class Doc(BaseDocTemplate):
    def __init__(self, path, **kw):
        super().__init__(path, **kw)
        self.blocks = []
        self.notes_here = []

    def afterFlowable(self, f):
        qid = getattr(f, "qid", None)
        if qid is not None and self.blocks[qid]["page"] is None:
            self.blocks[qid]["page"] = self.page
            self.blocks[qid]["frame"] = self.frame.id
            note = self.blocks[qid].get("note")
            if note is not None:
                self.notes_here.append(note)

    def block(self, kind, text, style, note=None, markup=None):
        p = Tagged(markup if markup is not None else xml(text), style)
        p.qid = len(self.blocks)
        self.blocks.append({"kind": kind, "text": text, "page": None, "note": note})
        return p


def draw_notes(canvas, doc, x, y, width, style):
    """Footnotes whose mark fell on this page, set at its foot under a short rule."""
    if not doc.notes_here:
        return
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.line(x, y + 4, x + 72, y + 4)
    top = y
    for note in doc.notes_here:
        p = Paragraph(xml(note), style)
        w, h = p.wrap(width, 200)
        p.drawOn(canvas, x, top - h)
        top -= h + 2
        doc.blocks.append({"kind": "footnote", "text": note, "page": doc.page})
    doc.notes_here = []
    canvas.restoreState()


def figure_box(width, height):
    d = Drawing(width, height)
    d.add(Rect(4, 4, width - 8, height - 8, strokeColor=colors.black, fillColor=colors.HexColor("#e8e8e8")))
    d.add(Rect(18, 18, width - 36, height - 36, strokeColor=colors.grey, fillColor=None))
    return d


def finish(doc, name, source, generator, columns):
    for b in doc.blocks:
        if b["page"] is None:
            raise RuntimeError(f"{name}: block never drawn: {b['text'][:50]}")
    write_truth(name, source, generator, columns, footnotes_after_page_body(doc.blocks))


def pride():
    """Newsletter: title frame across the top of page 1, three ragged columns below."""
    name = "pride-rl-newsletter-3col"
    W, H = A4
    m, gut, top, foot = 40, 10, 50, 70
    colw = (W - 2 * m - 2 * gut) / 3
    titleh = 90
    doc = Doc(os.path.join(OUT, name + ".pdf"), pagesize=A4, title="Pride and Prejudice")
    body = ParagraphStyle("b", fontName="LiberationSans", fontSize=9, leading=11.5, alignment=TA_LEFT,
                          spaceBefore=0, spaceAfter=5)
    head = ParagraphStyle("h", fontName="LiberationSans-Bold", fontSize=11, leading=14, spaceBefore=6,
                          spaceAfter=4, keepWithNext=1)
    title = ParagraphStyle("t", fontName="LiberationSerif-Bold", fontSize=26, leading=30, alignment=TA_CENTER)
    sub = ParagraphStyle("s", fontName="LiberationSerif-Italic", fontSize=12, leading=15, alignment=TA_CENTER)
    quote = ParagraphStyle("q", fontName="LiberationSerif-Italic", fontSize=12.5, leading=15.5,
                           alignment=TA_CENTER, borderColor=colors.black, borderWidth=1, borderPadding=6,
                           spaceBefore=10, spaceAfter=12, leftIndent=6, rightIndent=6)
    side = ParagraphStyle("sd", fontName="LiberationSans", fontSize=8.5, leading=10.5,
                          backColor=colors.HexColor("#dddddd"), borderPadding=5, spaceBefore=8, spaceAfter=10)
    cap = ParagraphStyle("c", fontName="LiberationSans-Italic", fontSize=8, leading=10, spaceAfter=8)
    note = ParagraphStyle("n", fontName="LiberationSans", fontSize=7.5, leading=9)

    def cols(y0, h, prefix):
        return [Frame(m + i * (colw + gut), y0, colw, h, id=f"{prefix}{i}", leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0) for i in range(3)]

    def decorate(canvas, d):
        canvas.saveState()
        canvas.setFont("LiberationSans", 7.5)
        canvas.drawString(m, H - 30, "THE LONGBOURN LETTER")
        canvas.drawRightString(W - m, H - 30, "Jane Austen, 1813")
        canvas.line(m, H - 34, W - m, H - 34)
        canvas.drawCentredString(W / 2, 28, f"{d.page}")
        canvas.restoreState()

    def notes(canvas, d):
        draw_notes(canvas, d, m, foot - 8, W - 2 * m, note)

    bodyh = H - top - foot
    first = [Frame(m, H - top - titleh, W - 2 * m, titleh, id="title")] + cols(foot, bodyh - titleh - 6, "c")
    doc.addPageTemplates([
        PageTemplate("first", first, onPage=decorate, onPageEnd=notes),
        PageTemplate("rest", cols(foot, bodyh, "c"), onPage=decorate, onPageEnd=notes),
    ])
    story = [
        doc.block("title", "Pride and Prejudice: the opening chapters", title),
        NextPageTemplate("rest"),
    ]
    from reportlab.platypus import FrameBreak
    story.append(FrameBreak())
    n = 0
    for kind, text in texts.gutenberg("pride-and-prejudice-ch1-3.txt"):
        if kind == "heading":
            story.append(doc.block("heading", text, head))
            continue
        n += 1
        if n == 4:
            marked = text.replace(" ", "* ", 1)
            story.append(doc.block("paragraph", marked, body,
                                   note="* Netherfield Park is the house let to Mr. Bingley; the "
                                   "text follows Project Gutenberg eBook 1342."))
        else:
            story.append(doc.block("paragraph", text, body))
        if n == 7:
            story.append(doc.block("quote", "“It is a truth universally acknowledged.”", quote))
        if n == 20:
            story.append(doc.block("sidebar", "About this text: the chapters are set as printed in "
                                   "the 1894 George Allen edition, with Hugh Thomson's illustrations "
                                   "left out.", side))
        if n == 30:
            story.append(KeepTogether([
                figure_box(colw, 110),
                doc.block("caption", "Figure 1. The assembly at Meryton, where an illustration "
                          "would stand.", cap),
            ]))
        if n == 48:
            story.append(doc.block("quote", "“She is tolerable; but not handsome enough to tempt me.”",
                                   quote))
    doc.build(story)
    finish(doc, name,
           texts.GUTENBERG.format(n=1342, title="Jane Austen, Pride and Prejudice", file="pg1342.txt")
           + "; chapters 1-3",
           "ReportLab 3.6.12 platypus: BaseDocTemplate, page 1 a full-width title frame over three "
           "column frames, later pages three frames; Liberation Sans 9/11.5 pt ragged right, 10 pt "
           "gutters, A4; boxed pull quotes inside a column, a shaded sidebar, a drawn figure with "
           "caption, a footnote at the page foot, running head and page number", 3)


def frankenstein():
    """Two justified columns; on some pages a pull quote crosses both columns mid-page."""
    name = "frankenstein-rl-2col-spanquote"
    W, H = letter
    m, gut, top, foot = 54, 30, 60, 60
    colw = (W - 2 * m - gut) / 2
    doc = Doc(os.path.join(OUT, name + ".pdf"), pagesize=letter, title="Frankenstein")
    body = ParagraphStyle("b", fontName="DejaVuSerif", fontSize=10, leading=13.5, alignment=TA_JUSTIFY,
                          firstLineIndent=14, spaceAfter=0)
    head = ParagraphStyle("h", fontName="DejaVuSerif-Bold", fontSize=12, leading=15, spaceBefore=12,
                          spaceAfter=6, keepWithNext=1)
    title = ParagraphStyle("t", fontName="DejaVuSerif-Bold", fontSize=22, leading=26, alignment=TA_CENTER)
    quote = ParagraphStyle("q", fontName="DejaVuSerif-Italic", fontSize=15, leading=19, alignment=TA_CENTER)
    quotes = [
        "“I shall kill no albatross; therefore do not be alarmed for my safety.”",
        "“I have no friend, Margaret: when I am glowing with the enthusiasm of success, "
        "there will be none to participate my joy.”",
        "“I am going to unexplored regions, to the land of mist and snow.”",
    ]
    qh = 80
    bodyh = H - top - foot

    def frames(page_has_quote, titleh=0):
        fs = []
        if titleh:
            fs.append(Frame(m, H - top - titleh, W - 2 * m, titleh, id="title"))
        avail = bodyh - titleh
        if not page_has_quote:
            return fs + [Frame(m + i * (colw + gut), foot, colw, avail, id=f"c{i}") for i in range(2)]
        up = (avail - qh) / 2
        fs += [Frame(m + i * (colw + gut), foot + avail - up, colw, up, id=f"u{i}") for i in range(2)]
        fs += [Frame(m + i * (colw + gut), foot, colw, avail - up - qh, id=f"l{i}") for i in range(2)]
        return fs

    def decorate(canvas, d):
        canvas.saveState()
        canvas.setFont("DejaVuSerif-Italic", 8)
        if d.page > 1:
            canvas.drawCentredString(W / 2, H - 36, "Frankenstein; or, the Modern Prometheus")
        canvas.setFont("DejaVuSerif", 8)
        canvas.drawCentredString(W / 2, 34, f"— {d.page} —")
        if d.pageTemplate.id.startswith("quote") and quotes:
            q = quotes.pop(0)
            up = (bodyh - qh) / 2
            ytop = foot + bodyh - up
            canvas.setLineWidth(1.2)
            canvas.line(m + 40, ytop - 8, W - m - 40, ytop - 8)
            canvas.line(m + 40, ytop - qh + 8, W - m - 40, ytop - qh + 8)
            p = Paragraph(xml(q), quote)
            w, h = p.wrap(W - 2 * m - 120, qh)
            p.drawOn(canvas, m + 60, ytop - qh / 2 - h / 2)
            d.blocks.append({"kind": "quote", "text": q, "page": d.page, "pending": True})
        canvas.restoreState()

    doc.addPageTemplates([
        PageTemplate("first", frames(False, 70), onPage=decorate, autoNextPageTemplate="quote"),
        PageTemplate("quote", frames(True), onPage=decorate, autoNextPageTemplate="quote2"),
        PageTemplate("quote2", frames(True), onPage=decorate, autoNextPageTemplate="quote3"),
        PageTemplate("quote3", frames(True), onPage=decorate, autoNextPageTemplate="plain"),
        PageTemplate("plain", frames(False), onPage=decorate),
    ])
    story = [doc.block("title", "Letters from the North", title)]
    from reportlab.platypus import FrameBreak
    story.append(FrameBreak())
    for kind, text in texts.gutenberg("frankenstein-letters.txt"):
        story.append(doc.block("heading" if kind == "heading" else "paragraph", text,
                               head if kind == "heading" else body))
    doc.build(story)
    # a crossing quote is read after what stands above it in both columns, before what is below
    body_blocks = [b for b in doc.blocks if not b.get("pending")]
    out = []
    for q in [b for b in doc.blocks if b.get("pending")]:
        del q["pending"]
    pending = [b for b in doc.blocks if b["kind"] == "quote"]
    for b in body_blocks:
        for q in list(pending):
            if b["page"] > q["page"] or (b["page"] == q["page"] and b["frame"].startswith("l")):
                out.append(q)
                pending.remove(q)
        out.append(b)
    out.extend(pending)
    doc.blocks = out
    finish(doc, name,
           texts.GUTENBERG.format(n=84, title="Mary Shelley, Frankenstein", file="pg84.txt")
           + "; letters 1-3 (the title 'Letters from the North' is ours)",
           "ReportLab 3.6.12 platypus: two justified columns (DejaVu Serif 10/13.5 pt, first-line "
           "indents, no space between paragraphs), 30 pt gutter, US Letter; pages 2 to 4 have a "
           "pull quote (15 pt italic between rules) drawn across both columns mid-page, the text "
           "flowing upper-left, upper-right, lower-left, lower-right (pages 2-4); running head and page number", 2)


def mpl():
    """Numbered clauses of MPL 2.0 in two narrow-gutter columns, sections headed in the column."""
    name = "mpl2-rl-2col-clauses"
    W, H = A4
    m, gut, top, foot = 50, 12, 56, 80
    colw = (W - 2 * m - gut) / 2
    doc = Doc(os.path.join(OUT, name + ".pdf"), pagesize=A4, title="Mozilla Public License 2.0")
    body = ParagraphStyle("b", fontName="LiberationSerif", fontSize=9.5, leading=11.5, alignment=TA_JUSTIFY,
                          spaceAfter=4)
    item = ParagraphStyle("i", parent=body, leftIndent=16, bulletIndent=2)
    head = ParagraphStyle("h", fontName="LiberationSans-Bold", fontSize=10, leading=13, spaceBefore=8,
                          spaceAfter=4, keepWithNext=1)
    title = ParagraphStyle("t", fontName="LiberationSans-Bold", fontSize=18, leading=22, alignment=TA_LEFT)
    note = ParagraphStyle("n", fontName="LiberationSerif", fontSize=7.5, leading=9)
    bodyh = H - top - foot

    def decorate(canvas, d):
        canvas.saveState()
        canvas.setFont("LiberationSans", 7.5)
        canvas.drawString(m, 40, "Mozilla Public License, v. 2.0")
        canvas.drawRightString(W - m, 40, f"Page {d.page}")
        canvas.restoreState()

    def notes(canvas, d):
        draw_notes(canvas, d, m, foot - 10, W - 2 * m, note)

    first = [Frame(m, H - top - 40, W - 2 * m, 40, id="title")] + [
        Frame(m + i * (colw + gut), foot, colw, bodyh - 46, id=f"c{i}") for i in range(2)]
    doc.addPageTemplates([
        PageTemplate("first", first, onPage=decorate, onPageEnd=notes),
        PageTemplate("rest", [Frame(m + i * (colw + gut), foot, colw, bodyh, id=f"c{i}") for i in range(2)],
                     onPage=decorate, onPageEnd=notes),
    ])
    from reportlab.platypus import FrameBreak
    blocks = texts.licence("MPL-2.0")
    story = [doc.block("title", blocks[0][1], title), NextPageTemplate("rest"), FrameBreak()]
    notes_left = {
        "1.1.": "* Definitions are numbered 1.1 to 1.14 in the licence itself.",
        "3.1.": "† Section 3 states the responsibilities of those who distribute Covered Software.",
    }
    for kind, text in blocks[1:]:
        if text.startswith("Exhibit A"):
            break
        if kind == "heading":
            story.append(doc.block("heading", text, head))
        elif kind == "list-item":
            label, rest = text.split(" ", 1)
            story.append(doc.block("list-item", text, item, markup=xml(rest)))
            story[-1].bulletText = label
        else:
            key = text.split(" ", 1)[0]
            if key in notes_left:
                nt = notes_left.pop(key)
                marked = text.replace(" ", nt[0] + " ", 1)
                story.append(doc.block("paragraph", marked, body, note=nt))
            else:
                story.append(doc.block("paragraph", text, body))
    doc.build(story)
    finish(doc, name,
           "Mozilla Public License 2.0, sections 1-10, from /usr/share/common-licenses/MPL-2.0 (the "
           "licence text; MPL 2.0 may be copied verbatim)",
           "ReportLab 3.6.12 platypus: full-width title frame, then two columns with a 12 pt gutter; "
           "Liberation Serif 9.5/11.5 pt justified (no hyphenation), A4; numbered clauses (1.1., "
           "1.2. ...) as paragraphs, (a)/(b) items with hanging labels, Liberation Sans headings in "
           "the column, two footnotes at page foot, running foot with page number", 2)


def gpl2():
    """GPL 2: two columns with a wide gutter, a pull quote set inside a column."""
    name = "gpl2-rl-2col-wide-gutter"
    W, H = letter
    m, gut, top, foot = 50, 44, 60, 76
    colw = (W - 2 * m - gut) / 2
    doc = Doc(os.path.join(OUT, name + ".pdf"), pagesize=letter, title="GNU GPL version 2")
    body = ParagraphStyle("b", fontName="DejaVuSerif", fontSize=8.5, leading=11, alignment=TA_JUSTIFY,
                          spaceAfter=5)
    head = ParagraphStyle("h", fontName="DejaVuSerif-Bold", fontSize=10, leading=13, spaceBefore=8,
                          spaceAfter=5, keepWithNext=1, alignment=TA_CENTER)
    title = ParagraphStyle("t", fontName="DejaVuSerif-Bold", fontSize=16, leading=20, alignment=TA_CENTER)
    quote = ParagraphStyle("q", fontName="DejaVuSerif-Italic", fontSize=12, leading=15, alignment=TA_LEFT,
                           leftIndent=10, spaceBefore=8, spaceAfter=10, textColor=colors.HexColor("#333333"))
    note = ParagraphStyle("n", fontName="DejaVuSerif", fontSize=7, leading=8.5)
    item = ParagraphStyle("i", parent=body, leftIndent=18, bulletIndent=4)
    bodyh = H - top - foot

    def decorate(canvas, d):
        canvas.saveState()
        canvas.setFont("DejaVuSerif", 7.5)
        canvas.drawRightString(W - m, H - 38, f"GNU GPL v2 — {d.page}")
        canvas.restoreState()

    def notes(canvas, d):
        draw_notes(canvas, d, m, foot - 12, W - 2 * m, note)

    colframes = lambda h: [Frame(m + i * (colw + gut), foot, colw, h, id=f"c{i}") for i in range(2)]
    from reportlab.platypus import FrameBreak
    doc.addPageTemplates([
        PageTemplate("first", [Frame(m, H - top - 50, W - 2 * m, 50, id="title")] + colframes(bodyh - 56),
                     onPage=decorate, onPageEnd=notes),
        PageTemplate("rest", colframes(bodyh), onPage=decorate, onPageEnd=notes),
    ])
    blocks = texts.licence("GPL-2")
    story = [doc.block("title", blocks[0][1], title), NextPageTemplate("rest"), FrameBreak()]
    n = 0
    for kind, text in blocks[1:]:
        if text.startswith("How to Apply"):
            break
        if kind == "heading":
            story.append(doc.block("heading", text, head))
            continue
        if kind == "list-item":
            label = texts.label_of(text) or "\u2022"
            story.append(doc.block("list-item", text, item, markup=xml(text[len(label):].strip()
                                                                        if label in text else text)))
            story[-1].bulletText = label
            continue
        n += 1
        if n == 3:
            nt = "* Version 2 dates from June 1991; the address given is the one printed in the file."
            story.append(doc.block("paragraph", text.replace(" ", "* ", 1), body, note=nt))
        else:
            story.append(doc.block("paragraph", text, body))
        if n == 6:
            story.append(doc.block("quote", "“You must make sure that they, too, receive or can get "
                                   "the source code.”", quote))
        if n == 17:
            story.append(doc.block("quote", "“The recipient automatically receives a license from the "
                                   "original licensor.”", quote))
    doc.build(story)
    finish(doc, name,
           "GNU General Public License version 2, from /usr/share/common-licenses/GPL-2 up to "
           "'END OF TERMS AND CONDITIONS' (verbatim copying permitted by the FSF)",
           "ReportLab 3.6.12 platypus: full-width title frame, two justified columns with a wide 44 pt "
           "gutter; DejaVu Serif 8.5/11 pt, US Letter; centred headings in the columns, numbered "
           "clauses as paragraphs, two pull quotes in larger grey italic inside a column, a footnote "
           "at the foot of page 1, running head with page number", 2)


if __name__ == "__main__":
    for make in (pride, frankenstein, mpl, gpl2):
        make()
