"""Two layouts flowed by ReportLab's platypus: labels inside boxed table cells (Helvetica), and
labels printed small above their values (DejaVu Sans). Item tables repeat their header row when
they run onto a second page."""

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from common import contact, currency_note, item_cells, item_columns, label, tax_id_line, terms_line
from data import Spec

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
pdfmetrics.registerFont(TTFont("DejaVu", DEJAVU + "DejaVuSans.ttf"))
pdfmetrics.registerFont(TTFont("DejaVu-Bold", DEJAVU + "DejaVuSans-Bold.ttf"))
pdfmetrics.registerFont(TTFont("DejaVuCond", DEJAVU + "DejaVuSansCondensed.ttf"))


def esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def lines_html(lines) -> str:
    return "<br/>".join(esc(x) for x in lines if x)


def doc_for(spec: Spec, path: str, font: str, size: float):
    ps = LETTER if spec.locale == "en-US" else A4
    page_no = spec.words["page"].split("{n}")[0].rstrip(" /of von")

    def on_page(c, d):
        c.saveState()
        c.setFont(font, 7)
        c.drawRightString(ps[0] - 18 * mm, 10 * mm, page_no.format(p=d.page).strip())
        c.restoreState()

    d = SimpleDocTemplate(path, pagesize=ps, leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                          bottomMargin=18 * mm, title=f"{spec.words['title']} {spec.invoice_id}",
                          author=spec.vendor.name, invariant=1)
    return d, on_page


def item_table(spec: Spec, width: float, font: str, bold: str, size: float, grid: bool, zebra: bool):
    cols = item_columns(spec)
    tw = sum(wt for _, _, wt in cols)
    widths = [width * wt / tw for _, _, wt in cols]
    data = [[h for h, _, _ in cols]] + [item_cells(spec, it) for it in spec.items]
    t = Table(data, colWidths=widths, repeatRows=1)
    st = [("FONT", (0, 0), (-1, 0), bold, size), ("FONT", (0, 1), (-1, -1), font, size),
          ("VALIGN", (0, 0), (-1, -1), "TOP"), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
          ("TOPPADDING", (0, 0), (-1, -1), 2)]
    for j, (_, al, _) in enumerate(cols):
        if al == "R":
            st.append(("ALIGN", (j, 0), (j, -1), "RIGHT"))
    if grid:
        st.append(("GRID", (0, 0), (-1, -1), 0.4, colors.black))
        st.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#d9d9d9")))
    else:
        st.append(("LINEBELOW", (0, 0), (-1, 0), 1, colors.black))
        st.append(("LINEBELOW", (0, -1), (-1, -1), 0.5, colors.black))
    if zebra:
        for i in range(2, len(data), 2):
            st.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor("#f0f0f0")))
    t.setStyle(TableStyle(st))
    return t


def boxed_cells(spec: Spec, path: str) -> None:
    """Helvetica: meta fields as "Label: value" inside the cells of a ruled grid, "From" and the
    customer's label as the heads of two boxed columns, a gridded item table, a boxed totals grid."""
    r = spec.rng
    size = r.choice([8.5, 9, 9.5])
    d, on_page = doc_for(spec, path, "Helvetica", size)
    W = d.width
    st = ParagraphStyle("b", fontName="Helvetica", fontSize=size, leading=size + 3)
    big = ParagraphStyle("t", fontName="Helvetica-Bold", fontSize=20, leading=24, alignment=2)
    name_st = ParagraphStyle("n", fontName="Helvetica-Bold", fontSize=13, leading=16)
    flow = []
    top = Table([[Paragraph(esc(spec.vendor.name), name_st), Paragraph(esc(spec.words["title"]), big)]],
                colWidths=[W * 0.6, W * 0.4])
    flow += [top, Spacer(1, 8)]
    cells = [f"{label(spec, lab)} {val}" for lab, val in spec.meta_pairs()]
    while len(cells) % 3:
        cells.append("")
    grid = [cells[i:i + 3] for i in range(0, len(cells), 3)]
    mt = Table(grid, colWidths=[W / 3] * 3)
    mt.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("FONT", (0, 0), (-1, -1), "Helvetica", size),
                            ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    flow += [mt, Spacer(1, 10)]
    vend = [spec.vendor.name, *spec.vendor.lines, tax_id_line(spec), contact(spec)]
    cust = [spec.customer.name, *spec.customer.lines]
    if spec.customer_tax_id:
        cust.append(tax_id_line(spec, type(spec.vendor)(spec.customer.name, [], spec.customer_tax_id)))
    heads = [spec.words["from"], spec.words["bill"]]
    bodies = [Paragraph(lines_html(vend), st), Paragraph(lines_html(cust), st)]
    if spec.ship_to:
        heads.append(spec.words["ship"])
        bodies.append(Paragraph(lines_html([spec.ship_to.name, *spec.ship_to.lines]), st))
    pt = Table([heads, bodies], colWidths=[W / len(heads)] * len(heads))
    pt.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.5, colors.black), ("INNERGRID", (0, 0), (-1, -1), 0.5, colors.black),
                            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", size), ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")),
                            ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    flow += [pt, Spacer(1, 12)]
    flow.append(item_table(spec, W, "Helvetica", "Helvetica-Bold", size, grid=True, zebra=r.random() < 0.5))
    flow.append(Spacer(1, 8))
    tot = [[lab, spec.money(amt)] for lab, amt in spec.totals()]
    tt = Table(tot, colWidths=[W * 0.25, W * 0.18], hAlign="RIGHT")
    tst = [("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("FONT", (0, 0), (-1, -1), "Helvetica", size),
           ("ALIGN", (1, 0), (1, -1), "RIGHT")]
    for i, (lab, _) in enumerate(tot):
        if lab in (spec.words["total"], spec.words["due_amt"]):
            tst.append(("FONT", (0, i), (-1, i), "Helvetica-Bold", size))
    tt.setStyle(TableStyle(tst))
    flow += [tt, Spacer(1, 14)]
    for ln in [terms_line(spec), currency_note(spec), spec.words["bank"], spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            flow.append(Paragraph(esc(ln), st))
    d.build(flow, onFirstPage=on_page, onLaterPages=on_page)


def stacked_labels(spec: Spec, path: str) -> None:
    """DejaVu Sans: the vendor as a letterhead with its address below, the meta fields as a row of
    small grey labels over their values, the customer under an upper-case label, a borderless item
    table with a rule under the head, totals in a right-hand panel, the vendor again in a footer."""
    r = spec.rng
    size = r.choice([8, 8.5, 9])
    d, on_page = doc_for(spec, path, "DejaVu", size)
    W = d.width
    st = ParagraphStyle("b", fontName="DejaVu", fontSize=size, leading=size + 3)
    small = ParagraphStyle("s", fontName="DejaVu", fontSize=6.5, leading=8, textColor=colors.HexColor("#666666"))
    name_st = ParagraphStyle("n", fontName="DejaVu-Bold", fontSize=r.choice([14, 16, 18]), leading=21)
    title_st = ParagraphStyle("t", fontName="DejaVu", fontSize=22, leading=26, alignment=2,
                              textColor=colors.HexColor("#2f5d8a"))
    flow = []
    head = Table([[Paragraph(esc(spec.vendor.name), name_st), Paragraph(esc(spec.words["title"].upper()), title_st)],
                  [Paragraph(lines_html([*spec.vendor.lines, contact(spec)]), st), ""]],
                 colWidths=[W * 0.62, W * 0.38])
    head.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    flow += [head, Spacer(1, 14)]
    pairs = spec.meta_pairs()
    labels = [Paragraph(esc(lab.upper()), small) for lab, _ in pairs]
    values = [Paragraph(esc(val), st) for _, val in pairs]
    mt = Table([labels, values], colWidths=[W / len(pairs)] * len(pairs))
    mt.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("LINEABOVE", (0, 0), (-1, 0), 0.6, colors.HexColor("#2f5d8a")),
                            ("TOPPADDING", (0, 0), (-1, 0), 5)]))
    flow += [mt, Spacer(1, 14)]
    cust = [Paragraph(esc(spec.words["bill"].upper()), small), Paragraph(esc(spec.customer.name), st),
            Paragraph(lines_html(spec.customer.lines), st)]
    if spec.customer_tax_id:
        cust.append(Paragraph(esc(f"{spec.words['taxid']} {spec.customer_tax_id}"), st))
    right = []
    if spec.ship_to:
        right = [Paragraph(esc(spec.words["ship"].upper()), small),
                 Paragraph(lines_html([spec.ship_to.name, *spec.ship_to.lines]), st)]
    ct = Table([[cust, right]], colWidths=[W * 0.5, W * 0.5])
    ct.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    flow += [ct, Spacer(1, 16)]
    flow.append(item_table(spec, W, "DejaVu", "DejaVu-Bold", size, grid=False, zebra=False))
    flow.append(Spacer(1, 10))
    tot = [[lab, spec.money(amt)] for lab, amt in spec.totals()]
    tt = Table(tot, colWidths=[W * 0.28, W * 0.2], hAlign="RIGHT")
    tst = [("FONT", (0, 0), (-1, -1), "DejaVu", size), ("ALIGN", (1, 0), (1, -1), "RIGHT")]
    for i, (lab, _) in enumerate(tot):
        if lab == spec.words["total"]:
            tst += [("FONT", (0, i), (-1, i), "DejaVu-Bold", size + 1), ("LINEABOVE", (0, i), (-1, i), 0.8, colors.black)]
    tt.setStyle(TableStyle(tst))
    flow += [tt, Spacer(1, 18)]
    for ln in [terms_line(spec), currency_note(spec), spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            flow.append(Paragraph(esc(ln), st))
    flow.append(Spacer(1, 10))
    foot = " · ".join(x for x in [spec.vendor.name, tax_id_line(spec), spec.words["bank"]] if x)
    flow.append(Paragraph(esc(foot), ParagraphStyle("f", parent=small, fontName="DejaVuCond", fontSize=7)))
    d.build(flow, onFirstPage=on_page, onLaterPages=on_page)
