# /usr/bin/python3 bench/layout/make-corpus-rtl2.py: a second right-to-left tuning set, made unlike
# corpus-rtl (Chromium shaping its text): ReportLab drawing each line as its glyphs stand, Arabic
# and Persian shaped by arabic_reshaper into presentation forms and every line put in visual order
# by python-bidi (Debian: python3-reportlab, python3-bidi, python3-arabic-reshaper), as simple PDF
# writers do. Prose goes to bench/layout/corpus-rtl2 (the prose corpus format), tables with known
# cells to bench/tables-rtl2 (bench/tables.ts's manifest, `npm run bench:tables -- --corpus
# bench/tables-rtl2`). The texts are written for this set. What varies: script and typeface, one
# or two columns, Latin words and figures inside the lines, a numbered list, ruled and unruled
# tables with a header row.
import json
import os
import sys

import arabic_reshaper
from bidi.algorithm import get_display
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

HERE = os.path.dirname(os.path.abspath(__file__))
PROSE = os.path.join(HERE, "corpus-rtl2")
TABLES = os.path.join(HERE, "..", "tables-rtl2")
NOTO = "/usr/share/fonts/truetype/noto/"
FONTS = {
    "naskh": NOTO + "NotoNaskhArabic-Regular.ttf",
    "naskh-bold": NOTO + "NotoNaskhArabic-Bold.ttf",
    "sans-ar": NOTO + "NotoSansArabic-Regular.ttf",
    "sans-ar-bold": NOTO + "NotoSansArabic-Bold.ttf",
    "hebrew": NOTO + "NotoSerifHebrew-Regular.ttf",
    "hebrew-bold": NOTO + "NotoSerifHebrew-Bold.ttf",
    "latin": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "latin-bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
}
for name, file in FONTS.items():
    pdfmetrics.registerFont(TTFont(name, file))

W, H = A4
MARGIN = 56


def is_rtl(ch):
    return "\u0590" <= ch <= "\u08ff" or "\ufb1d" <= ch <= "\ufdff" or "\ufe70" <= ch <= "\ufefc"


def visual(text, script):
    """A logical line as drawn: shaped (Arabic script) and in visual order, base right to left."""
    shaped = arabic_reshaper.reshape(text) if script != "hebrew" else text
    return get_display(shaped, base_dir="R")


def runs(line, script, bold):
    """A visual line cut into runs of one font: the script's face for its letters, Latin's for the rest."""
    face = script + ("-bold" if bold else "")
    latin = "latin" + ("-bold" if bold else "")
    out = []
    for ch in line:
        f = face if (is_rtl(ch) or (ch == " " and out and out[-1][0] == face)) else latin
        if out and out[-1][0] == f:
            out[-1][1] += ch
        else:
            out.append([f, ch])
    return out


def width(line, script, bold, size):
    return sum(pdfmetrics.stringWidth(t, f, size) for f, t in runs(line, script, bold))


def draw_line(c, text, script, bold, size, right, y):
    """One logical line, right-aligned at `right`."""
    v = visual(text, script)
    x = right - width(v, script, bold, size)
    for f, t in runs(v, script, bold):
        c.setFont(f, size)
        c.drawString(x, y, t)
        x += pdfmetrics.stringWidth(t, f, size)


def wrap(text, script, bold, size, measure):
    lines, cur = [], []
    for word in text.split():
        trial = " ".join(cur + [word])
        if cur and width(visual(trial, script), script, bold, size) > measure:
            lines.append(" ".join(cur))
            cur = [word]
        else:
            cur.append(word)
    if cur:
        lines.append(" ".join(cur))
    return lines


SIZES = {"title": 18, "heading": 13.5, "paragraph": 11, "list-item": 11}


def prose(doc):
    """Blocks flowed into 1 or 2 columns (the right one first), page after page."""
    script, cols, gap = doc["script"], doc["columns"], doc.get("gap", 24)
    col_w = (W - 2 * MARGIN - (cols - 1) * gap) / cols
    path = os.path.join(PROSE, doc["name"] + ".pdf")
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    c.setTitle(doc["name"])
    page, col, y = 1, 0, H - MARGIN
    top_of_columns = y
    # Where a column ends on the first page: set so a short text fills both columns.
    foot = doc.get("foot", MARGIN)
    truth = []

    def right_edge():
        return W - MARGIN - col * (col_w + gap)

    for kind, text in doc["blocks"]:
        size = SIZES[kind]
        bold = kind in ("title", "heading")
        lead = size * 1.45
        indent = 14 if kind == "list-item" else 0
        lines = wrap(text, script, bold, size, col_w - indent)
        space = 10 if kind in ("paragraph", "list-item") else 14
        if kind == "title":
            # The title spans the columns, centred.
            v = visual(text, script)
            draw_line(c, text, script, True, size, W / 2 + width(v, script, True, size) / 2, y - size)
            y -= lead + 18
            top_of_columns = y
            truth.append({"page": page, "kind": kind, "text": text})
            continue
        # A block's first two lines are not left alone at a column's foot.
        if y - lead * min(len(lines), 2) - size < foot:
            col += 1
            y = top_of_columns
            if col >= cols:
                c.showPage()
                page, col, y = page + 1, 0, H - MARGIN
                top_of_columns, foot = y, MARGIN
        for line in lines:
            if y - size < foot:
                col += 1
                y = top_of_columns
                if col >= cols:
                    c.showPage()
                    page, col, y = page + 1, 0, H - MARGIN
                    top_of_columns, foot = y, MARGIN
            draw_line(c, line, script, bold, size, right_edge() - indent, y - size)
            y -= lead
        y -= space
        truth.append({"page": page, "kind": kind, "text": text})
    c.save()
    meta = {
        "source": "Texts written for this corpus (Quire project), public domain.",
        "generator": (
            f"ReportLab canvas, A4, {doc['face']} {SIZES['paragraph']} pt body, {cols} column(s)"
            + (f", gap {gap} pt" if cols > 1 else "")
            + ", ragged left (right-aligned); Arabic shaped by arabic_reshaper into presentation"
            " forms, each line in visual order by python-bidi; Latin runs in DejaVu Sans"
        ),
        "columns": cols,
        "pages": page,
        "blocks": truth,
    }
    with open(os.path.join(PROSE, doc["name"] + ".json"), "w", encoding="utf8") as f:
        json.dump(meta, f, ensure_ascii=False, indent=2)
        f.write("\n")


def table(spec):
    """A table with a header row, right-to-left (first column at the right), ruled or not."""
    script, size, ruled = spec["script"], 10.5, spec["ruled"]
    rows = spec["rows"]
    widths = spec["widths"]
    path = os.path.join(TABLES, spec["pdf"])
    c = canvas.Canvas(path, pagesize=A4, invariant=1)
    y = H - MARGIN
    draw_line(c, spec["title"], script, True, 13.5, W - MARGIN, y - 13.5)
    y -= 40
    # Paragraph above the table, as in a report.
    for line in wrap(spec["intro"], script, False, 11, W - 2 * MARGIN):
        draw_line(c, line, script, False, 11, W - MARGIN, y - 11)
        y -= 16
    y -= 14
    row_h = 22
    top = y
    right = W - MARGIN
    edges = [right]
    for w_ in widths:
        edges.append(edges[-1] - w_)
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if not cell:
                continue
            bold = i == 0
            v = visual(cell, script)
            cw = width(v, script, bold, size)
            # Text right-aligned in its cell, figures too (as right-to-left tables set them).
            draw_line(c, cell, script, bold, size, edges[j] - 6, y - 15)
            assert cw < widths[j] - 8, (cell, cw, widths[j])
        y -= row_h
    if ruled:
        c.setLineWidth(0.6)
        for k in range(len(rows) + 1):
            c.line(edges[-1], top - k * row_h, edges[0], top - k * row_h)
        for e in edges:
            c.line(e, top, e, top - len(rows) * row_h)
    else:
        # Unruled: a rule under the header only (booktabs style).
        c.setLineWidth(0.6)
        c.line(edges[-1], top - row_h + 2, edges[0], top - row_h + 2)
    c.save()
    # Expected cells as the tables corpus holds them: left to right on the page.
    return {
        "id": spec["id"],
        "pdf": spec["pdf"],
        "page": 1,
        "area": None,
        "expected": {"rows": [list(reversed(r)) for r in rows]},
        "source": "Made for Quire by bench/layout/make-corpus-rtl2.py (texts written for it, public domain)",
        "method": "lattice" if ruled else "stream",
        "notes": spec["notes"],
    }


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    from corpus_rtl2_texts import DOCS, TABLE_SPECS

    os.makedirs(PROSE, exist_ok=True)
    os.makedirs(TABLES, exist_ok=True)
    for d in DOCS:
        prose(d)
    manifest = [table(t) for t in TABLE_SPECS]
    with open(os.path.join(TABLES, "manifest.json"), "w", encoding="utf8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=2)
        f.write("\n")
