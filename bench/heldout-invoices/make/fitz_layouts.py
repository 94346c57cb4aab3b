"""Two layouts placed glyph run by glyph run with PyMuPDF (fitz): a ruled form whose cells carry
small labels above their values (Noto Sans), and a page with a shaded sidebar holding the vendor
(DejaVu Serif). Fonts are embedded from the system's TrueType files and subset when fontTools is
installed."""

import os
import random

import fitz

from common import column_xs, contact, currency_note, item_cells, item_columns, label, tax_id_line, terms_line
from data import Spec

FONTS = {
    "noto": "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
    "noto-b": "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
    "dvs": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "dvs-b": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "nserif": "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf",
    "nserif-b": "/usr/share/fonts/truetype/noto/NotoSerif-Bold.ttf",
}
_measure = {k: fitz.Font(fontfile=v) for k, v in FONTS.items()}


class Pen:
    """Writes on the current page with named fonts; opens a new page when asked."""

    def __init__(self, doc, size):
        self.doc = doc
        self.size = size
        self.page = None
        self.new_page()

    def new_page(self):
        self.page = self.doc.new_page(width=self.size[0], height=self.size[1])

    def text(self, x, y, s, font="noto", size=9.0, align="L", color=(0, 0, 0)):
        if not s:
            return
        w = _measure[font].text_length(s, fontsize=size)
        if align == "R":
            x -= w
        elif align == "C":
            x -= w / 2
        self.page.insert_text((x, y), s, fontname=font, fontfile=FONTS[font], fontsize=size, color=color)

    def line(self, x0, y0, x1, y1, width=0.5):
        self.page.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=width)

    def rect(self, x0, y0, x1, y1, fill=None, width=0.5):
        self.page.draw_rect(fitz.Rect(x0, y0, x1, y1), color=(0, 0, 0) if width else None, fill=fill,
                            width=width)


def save(doc, path):
    # fitz names font subsets with six letters from the global random generator: seeded from the
    # file name so a rerun writes the same bytes.
    random.seed(os.path.basename(path))
    try:
        doc.subset_fonts()
    except Exception:  # noqa: BLE001 -- without fontTools the fonts stay whole: larger, same text
        pass
    doc.set_metadata({"producer": "PyMuPDF", "creator": "heldout-invoices", "creationDate": "", "modDate": ""})
    doc.save(path, garbage=4, deflate=True, no_new_id=True)


def sizes(spec: Spec):
    return (612, 792) if spec.locale == "en-US" else (595, 842)


def form(spec: Spec, path: str) -> None:
    """Noto Sans: the vendor top left, the title top right; a row of ruled cells, each with a
    small label in its top corner and the value under it; the customer (and ship-to) in boxes with
    the label inside; an item grid with column rules; the totals as a two-column grid."""
    r = spec.rng
    W, H = sizes(spec)
    doc = fitz.open()
    p = Pen(doc, (W, H))
    L, R = 40, W - 40
    fs = r.choice([8.5, 9])
    p.text(L, 60, spec.vendor.name, "noto-b", r.choice([15, 17]))
    y = 76
    for ln in [*spec.vendor.lines, tax_id_line(spec), contact(spec)]:
        if ln:
            p.text(L, y, ln, "noto", fs)
            y += fs + 3
    p.text(R, 64, spec.words["title"].upper(), "noto-b", 26, "R", (0.25, 0.25, 0.25))
    y = max(y, 100) + 14
    pairs = spec.meta_pairs()
    cw = (R - L) / len(pairs)
    for i, (lab, val) in enumerate(pairs):
        x = L + i * cw
        p.rect(x, y, x + cw, y + 30)
        p.text(x + 4, y + 9, lab, "noto", 6.5, color=(0.35, 0.35, 0.35))
        p.text(x + 4, y + 24, val, "noto", fs + 0.5)
    y += 44
    boxes = [(spec.words["bill"], [spec.customer.name, *spec.customer.lines])]
    if spec.customer_tax_id:
        boxes[0][1].append(f"{spec.words['taxid']} {spec.customer_tax_id}")
    if spec.ship_to:
        boxes.append((spec.words["ship"], [spec.ship_to.name, *spec.ship_to.lines]))
    bh = 16 + (fs + 3) * max(len(b[1]) for b in boxes)
    bw = (R - L) / 2 - 6
    for i, (lab, lines) in enumerate(boxes):
        x = L + i * (bw + 12)
        p.rect(x, y, x + bw, y + bh)
        p.text(x + 5, y + 10, lab, "noto", 6.5, color=(0.35, 0.35, 0.35))
        yy = y + 22
        for j, ln in enumerate(lines):
            p.text(x + 5, yy, ln, "noto-b" if j == 0 else "noto", fs + 0.5)
            yy += fs + 3
    y += bh + 18
    cols = item_columns(spec)
    xs = column_xs(spec, L, R, lambda s: _measure["noto-b"].text_length(s, fontsize=fs))
    row_h = fs + 7

    def head(y):
        p.rect(L, y, R, y + row_h, fill=(0.88, 0.88, 0.88))
        for j, (h, al, _) in enumerate(cols):
            p.text(xs[j + 1] - 4 if al == "R" else xs[j] + 4, y + row_h - 5, h, "noto-b", fs, al)
        return y + row_h

    top = y
    y = head(y)
    page_no = 1
    for it in spec.items:
        if y > H - 70:
            for x in xs:
                p.line(x, top, x, y)
            p.line(L, y, R, y)
            p.text(R, H - 30, spec.words["page"].split("{n}")[0].rstrip(" /ofvn").format(p=page_no), "noto", 7, "R")
            p.new_page()
            page_no += 1
            p.text(L, 50, f"{spec.vendor.name} · {label(spec, spec.words['no'])} {spec.invoice_id}", "noto", fs)
            top = y = 66
            y = head(y)
        for j, cell in enumerate(item_cells(spec, it)):
            al = cols[j][1]
            p.text(xs[j + 1] - 4 if al == "R" else xs[j] + 4, y + row_h - 5, cell, "noto", fs, al)
        y += row_h
        p.line(L, y, R, y, 0.3)
    for x in xs:
        p.line(x, top, x, y)
    p.line(L, y, R, y)
    totals = spec.totals()
    if y + 16 + row_h * len(totals) + 60 > H - 40:
        p.text(R, H - 30, spec.words["page"].split("{n}")[0].rstrip(" /ofvn").format(p=page_no), "noto", 7, "R")
        p.new_page()
        page_no += 1
        y = 50
    y += 12
    tx0, tx1 = R - 230, R - 100
    for lab, amt in totals:
        bold = lab in (spec.words["total"], spec.words["due_amt"])
        p.rect(tx0, y, R, y + row_h, fill=(0.93, 0.93, 0.93) if bold else None)
        p.line(tx1, y, tx1, y + row_h)
        p.text(tx0 + 4, y + row_h - 5, lab, "noto-b" if bold else "noto", fs)
        p.text(R - 4, y + row_h - 5, spec.money(amt), "noto-b" if bold else "noto", fs, "R")
        y += row_h
    y += 20
    for ln in [terms_line(spec), currency_note(spec), spec.words["bank"], spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            p.text(L, y, ln, "noto", fs)
            y += fs + 4
    if page_no > 1:
        p.text(R, H - 30, spec.words["page"].split("{n}")[0].rstrip(" /ofvn").format(p=page_no), "noto", 7, "R")
    save(doc, path)


def sidebar(spec: Spec, path: str) -> None:
    """DejaVu Serif: a shaded left column with the vendor's name, address, tax number and bank;
    the title with its number under it; the customer under its label; meta pairs one per line;
    items between hairlines; totals right-aligned; terms at the foot."""
    r = spec.rng
    W, H = sizes(spec)
    doc = fitz.open()
    p = Pen(doc, (W, H))
    SB = 165
    p.rect(0, 0, SB, H, fill=(0.92, 0.93, 0.95), width=0)
    fs = r.choice([8.5, 9, 9.5])
    # The sidebar is narrow: a long name goes on two lines at a word boundary.
    words = spec.vendor.name.split(" ")
    name_lines, cur = [], ""
    for w in words:
        cand = f"{cur} {w}".strip()
        if _measure["dvs-b"].text_length(cand, fontsize=12) > SB - 30 and cur:
            name_lines.append(cur)
            cur = w
        else:
            cur = cand
    name_lines.append(cur)
    y = 60
    for ln in name_lines:
        p.text(18, y, ln, "dvs-b", 12)
        y += 15
    y += 4
    for ln in spec.vendor.lines:
        p.text(18, y, ln, "dvs", 8)
        y += 11
    y += 10
    tl = tax_id_line(spec)
    if tl:
        lab, _, val = tl.partition(":")
        p.text(18, y, lab.strip(), "dvs", 6.5, color=(0.4, 0.4, 0.4))
        p.text(18, y + 10, val.strip(), "dvs", 8)
        y += 26
    for part in contact(spec).split(" · "):
        p.text(18, y, part, "dvs", 7.5)
        y += 10
    y += 10
    # Bank details broken after their label (IBAN, BIC, …) so they stay inside the sidebar.
    for part in spec.words["bank"].split(" · "):
        head, _, rest = part.partition(" ")
        for piece in ([head, rest] if _measure["dvs"].text_length(part, fontsize=6.5) > SB - 24 else [part]):
            p.text(18, y, piece, "dvs", 6.5)
            y += 9
    L, R = SB + 28, W - 36
    p.text(L, 70, spec.words["title"].upper(), "dvs-b", 22)
    no_lab, no_val = spec.meta_pairs()[0]
    p.text(L, 88, f"{label(spec, no_lab)} {no_val}", "dvs", fs + 1)
    y = 118
    p.text(L, y, spec.words["bill"], "dvs-b", fs)
    y += fs + 5
    for ln in [spec.customer.name, *spec.customer.lines]:
        p.text(L, y, ln, "dvs", fs + 0.5)
        y += fs + 3
    if spec.customer_tax_id:
        p.text(L, y, f"{spec.words['taxid']} : {spec.customer_tax_id}" if spec.lang == "fr" else
               f"{spec.words['taxid']}: {spec.customer_tax_id}", "dvs", fs)
        y += fs + 3
    my = 118
    for lab, val in spec.meta_pairs()[1:]:
        p.text(R - 95, my, label(spec, lab), "dvs", fs, "R")
        p.text(R - 88, my, val, "dvs", fs)
        my += fs + 4
    y = max(y, my) + 14
    if spec.ship_to:
        p.text(L, y, f"{label(spec, spec.words['ship'])} {spec.ship_to.name}, {', '.join(spec.ship_to.lines)}", "dvs", fs - 0.5)
        y += fs + 12
    cols = item_columns(spec)
    xs = column_xs(spec, L, R, lambda s: _measure["dvs-b"].text_length(s, fontsize=fs - 0.5), pad=8)
    row_h = fs + 6

    def head(y):
        p.line(L, y, R, y, 1)
        for j, (h, al, _) in enumerate(cols):
            p.text(xs[j + 1] - 2 if al == "R" else xs[j] + 2, y + row_h - 4, h, "dvs-b", fs - 0.5, al)
        y += row_h
        p.line(L, y, R, y, 0.6)
        return y

    y = head(y)
    for it in spec.items:
        if y > H - 60:
            p.new_page()
            p.rect(0, 0, SB, H, fill=(0.92, 0.93, 0.95), width=0)
            for k, ln in enumerate(name_lines):
                p.text(18, 60 + 15 * k, ln, "dvs-b", 12)
            p.text(L, 60, f"{label(spec, no_lab)} {no_val} ({spec.words['cont']})", "dvs", fs)
            y = head(80)
        for j, cell in enumerate(item_cells(spec, it)):
            al = cols[j][1]
            p.text(xs[j + 1] - 2 if al == "R" else xs[j] + 2, y + row_h - 4, cell, "dvs", fs - 0.5, al)
        y += row_h
    p.line(L, y, R, y, 0.6)
    totals = spec.totals()
    if y + 14 + (fs + 6) * len(totals) + 50 > H - 30:
        p.new_page()
        p.rect(0, 0, SB, H, fill=(0.92, 0.93, 0.95), width=0)
        y = 60
    y += 16
    for lab, amt in totals:
        bold = lab in (spec.words["total"], spec.words["due_amt"])
        p.text(R - 100, y, lab, "dvs-b" if bold else "dvs", fs, "R")
        p.text(R, y, spec.money(amt), "dvs-b" if bold else "dvs", fs, "R")
        y += fs + 6
    y += 16
    for ln in [terms_line(spec), currency_note(spec), spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            p.text(L, y, ln, "dvs", fs - 0.5)
            y += fs + 4
    save(doc, path)


LETTER_TEXT = {
    "en": ("Dear Sir or Madam,", "Thank you for your order. We invoice you for the following:", "Yours faithfully,",
           "Please pay {amount} by {due}."),
    "de": ("Sehr geehrte Damen und Herren,", "für unsere Lieferungen und Leistungen berechnen wir Ihnen:",
           "Mit freundlichen Grüßen", "Bitte überweisen Sie {amount} bis zum {due}."),
    "fr": ("Madame, Monsieur,", "Veuillez trouver ci-dessous le détail de notre facture :",
           "Veuillez agréer nos salutations distinguées.", "Merci de régler {amount} avant le {due}."),
}


def town(spec: Spec) -> str:
    """The vendor's town, for the place-and-date line of a letter."""
    lines = [ln for ln in spec.vendor.lines if ln not in ("USA", "United Kingdom", "Deutschland", "France")]
    last = lines[-1]
    if spec.lang == "en":
        return last.split(",")[0] if spec.locale == "en-US" else last.rsplit(" ", 2)[0]
    return last.split(" ", 1)[1]


def letter(spec: Spec, path: str) -> None:
    """Noto Serif business letter (DIN 5008 in spirit): letterhead right, a small return-address
    line over the recipient in the window, an information block beside it, the date as
    "Town, date" with no label, the number in the subject line, a salutation and a sentence before
    the items, payment asked in a sentence, a closing, and a three-column footer."""
    r = spec.rng
    W, H = sizes(spec)
    doc = fitz.open()
    p = Pen(doc, (W, H))
    L, R = 64, W - 48
    fs = r.choice([9, 9.5, 10])
    p.text(R, 58, spec.vendor.name, "nserif-b", r.choice([14, 16]), "R")
    y = 74
    for ln in [*spec.vendor.lines, contact(spec)]:
        p.text(R, y, ln, "nserif", 8, "R")
        y += 10
    ret = " · ".join([spec.vendor.name, *[x for x in spec.vendor.lines if x not in ("USA", "Deutschland", "France", "United Kingdom")]])
    p.text(L, 140, ret, "nserif", 6.5)
    p.line(L, 142, L + _measure["nserif"].text_length(ret, fontsize=6.5), 142, 0.3)
    y = 158
    for j, ln in enumerate([spec.customer.name, *spec.customer.lines]):
        p.text(L, y, ln, "nserif", fs + 0.5)
        y += fs + 4
    info = [(lab, val) for lab, val in spec.meta_pairs()[1:] if lab != spec.words["date"]]
    iy = 158
    for lab, val in info:
        p.text(R - 180, iy, label(spec, lab), "nserif", 7.5, color=(0.3, 0.3, 0.3))
        p.text(R - 80, iy, val, "nserif", 8)
        iy += 12
    y = max(y, iy) + 24
    when = spec.d(spec.invoice_date)
    place = {"en": f"{when}", "de": f"{town(spec)}, {when}", "fr": f"{town(spec)}, le {when}"}[spec.lang]
    p.text(R, y, place, "nserif", fs, "R")
    y += 26
    short = "#" if spec.words["no"] == "#" else {"en": "No.", "de": "Nr.", "fr": "n°"}[spec.lang]
    p.text(L, y, f"{spec.words['title'].capitalize()} {short} {spec.invoice_id}", "nserif-b", fs + 2)
    y += 24
    hello, intro, bye, pay = LETTER_TEXT[spec.lang]
    p.text(L, y, hello, "nserif", fs)
    y += fs + 8
    p.text(L, y, intro, "nserif", fs)
    y += fs + 12
    cols = item_columns(spec)
    xs = column_xs(spec, L, R, lambda s: _measure["nserif-b"].text_length(s, fontsize=fs - 0.5), pad=10)
    row_h = fs + 6
    p.line(L, y, R, y, 0.8)
    for j, (h, al, _) in enumerate(cols):
        p.text(xs[j + 1] - 3 if al == "R" else xs[j] + 3, y + row_h - 4, h, "nserif-b", fs - 0.5, al)
    y += row_h
    p.line(L, y, R, y, 0.4)
    for it in spec.items:
        for j, cell in enumerate(item_cells(spec, it)):
            al = cols[j][1]
            p.text(xs[j + 1] - 3 if al == "R" else xs[j] + 3, y + row_h - 4, cell, "nserif", fs - 0.5, al)
        y += row_h
    p.line(L, y, R, y, 0.4)
    y += 14
    for lab, amt in spec.totals():
        bold = lab in (spec.words["total"], spec.words["due_amt"])
        p.text(R - 110, y, lab, "nserif-b" if bold else "nserif", fs, "R")
        p.text(R, y, spec.money(amt), "nserif-b" if bold else "nserif", fs, "R")
        y += fs + 5
    y += 14
    payable = spec.due_amount if spec.due_amount is not None else spec.total
    if spec.due_date:
        p.text(L, y, pay.format(amount=spec.money(payable), due=spec.d(spec.due_date)), "nserif", fs)
        y += fs + 5
    for ln in [terms_line(spec), currency_note(spec)]:
        if ln:
            p.text(L, y, ln, "nserif", fs)
            y += fs + 5
    y += 12
    p.text(L, y, bye, "nserif", fs)
    p.text(L, y + 30, spec.vendor.name, "nserif", fs)
    p.line(L, H - 62, R, H - 62, 0.4)
    cols3 = [
        [spec.vendor.name, *spec.vendor.lines[:-1]] if len(spec.vendor.lines) > 1 else [spec.vendor.name],
        [x for x in [tax_id_line(spec), contact(spec).split(" · ")[0]] if x],
        spec.words["bank"].split(" · "),
    ]
    cw = (R - L) / 3
    for k, colx in enumerate(cols3):
        fy = H - 52
        for ln in colx:
            p.text(L + k * cw, fy, ln, "nserif", 6.5, color=(0.3, 0.3, 0.3))
            fy += 8
    save(doc, path)
