"""Two layouts drawn directly on a ReportLab canvas: a serif letterhead and a monospaced print
from an old accounting system. Both break pages by hand when the items run over."""

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from common import column_xs, contact, currency_note, item_cells, item_columns, label, tax_id_line, terms_line
from data import Spec


def page_size(spec: Spec):
    return LETTER if spec.locale == "en-US" else A4


def letterhead(spec: Spec, path: str) -> None:
    """Times: the vendor's name and address top left, title and meta pairs (label column, value
    column) top right, the customer block under a small label, a ruled item table, totals as
    right-aligned label/value pairs, terms and bank at the foot."""
    r = spec.rng
    W, H = page_size(spec)
    c = canvas.Canvas(path, pagesize=(W, H), invariant=1)
    c.setTitle(f"{spec.words['title']} {spec.invoice_id}")
    L, R = 54, W - 54
    body = r.choice([9, 9.5, 10])
    c.setFont("Times-Bold", r.choice([18, 20, 22]))
    c.drawString(L, H - 70, spec.vendor.name)
    c.setFont("Times-Roman", body)
    y = H - 86
    for ln in spec.vendor.lines:
        c.drawString(L, y, ln)
        y -= body + 2
    c.drawString(L, y, contact(spec))
    y -= body + 2
    tl = tax_id_line(spec)
    if tl:
        c.drawString(L, y, tl)
        y -= body + 2
    c.setFont("Times-Bold", 24)
    c.drawRightString(R, H - 70, spec.words["title"].upper())
    c.setFont("Times-Roman", body)
    my = H - 94
    lx, vx = R - 190, R - 90
    for lab, val in spec.meta_pairs():
        c.drawString(lx, my, label(spec, lab))
        c.drawString(vx, my, val)
        my -= body + 3
    y = min(y, my) - 22
    c.setFont("Times-Bold", body)
    c.drawString(L, y, spec.words["bill"])
    if spec.ship_to:
        c.drawString(L + 250, y, spec.words["ship"])
    c.setFont("Times-Roman", body + 1)
    yy = y - (body + 4)
    for ln in [spec.customer.name, *spec.customer.lines]:
        c.drawString(L, yy, ln)
        yy -= body + 3
    if spec.customer_tax_id:
        c.drawString(L, yy, f"{spec.words['taxid']}: {spec.customer_tax_id}")
        yy -= body + 3
    if spec.ship_to:
        sy = y - (body + 4)
        for ln in [spec.ship_to.name, *spec.ship_to.lines]:
            c.drawString(L + 250, sy, ln)
            sy -= body + 3
        yy = min(yy, sy)
    y = yy - 18

    cols = item_columns(spec)
    xs = column_xs(spec, L, R, lambda s: stringWidth(s, "Times-Bold", body), pad=14)
    row_h = body + 6
    rows = [item_cells(spec, it) for it in spec.items]
    totals = spec.totals()
    # Rows that fit: page one below the header blocks, later pages from the top; the totals and
    # footer need room under the last row.
    first_cap = int((y - 90) / row_h) - 1
    later_cap = int((H - 150) / row_h) - 1
    pages = 1
    left = len(rows) + len(totals) + 5
    cap = first_cap
    while left > cap:
        left -= cap
        pages += 1
        cap = later_cap
    page = 1

    def header(y):
        c.setLineWidth(0.8)
        c.line(L, y + row_h - 2, R, y + row_h - 2)
        c.setFont("Times-Bold", body)
        for i, (h, al, _) in enumerate(cols):
            if al == "R":
                c.drawRightString(xs[i + 1] - 4, y + 3, h)
            else:
                c.drawString(xs[i] + 2, y + 3, h)
        c.line(L, y - 2, R, y - 2)
        c.setFont("Times-Roman", body)
        return y - row_h

    def footer():
        c.setFont("Times-Italic", 8)
        c.drawCentredString(W / 2, 30, spec.words["page"].format(p=page, n=pages))

    y = header(y)
    for i, row in enumerate(rows):
        if y < 70:
            c.setFont("Times-Italic", body)
            c.drawRightString(R, y, f"{spec.words['cont']} …")
            footer()
            c.showPage()
            page += 1
            c.setFont("Times-Roman", body)
            c.drawString(L, H - 50, f"{spec.vendor.name} · {spec.words['title']} {spec.invoice_id}")
            y = header(H - 80)
        for j, cell in enumerate(row):
            if cols[j][1] == "R":
                c.drawRightString(xs[j + 1] - 4, y + 3, cell)
            else:
                c.drawString(xs[j] + 2, y + 3, cell)
        c.setLineWidth(0.2)
        c.line(L, y - 2, R, y - 2)
        y -= row_h
    if y < 60 + row_h * (len(totals) + 5):
        footer()
        c.showPage()
        page += 1
        y = H - 80
    y -= 6
    for lab, amt in totals:
        bold = lab in (spec.words["total"], spec.words["due_amt"])
        c.setFont("Times-Bold" if bold else "Times-Roman", body + (1 if bold else 0))
        c.drawRightString(R - 100, y, lab)
        c.drawRightString(R, y, spec.money(amt))
        y -= row_h
    y -= 10
    c.setFont("Times-Roman", body)
    for ln in [terms_line(spec), currency_note(spec), spec.words["bank"], spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            c.drawString(L, y, ln)
            y -= body + 3
    footer()
    c.showPage()
    c.save()


def typewriter(spec: Spec, path: str) -> None:
    """Courier throughout, as a line printer's form: several label/value pairs on one line,
    sold-to and ship-to side by side, columns padded with spaces, dashes for rules."""
    r = spec.rng
    W, H = page_size(spec)
    size = r.choice([8.5, 9])
    cw = size * 0.6
    width = int((W - 72) / cw)
    c = canvas.Canvas(path, pagesize=(W, H), invariant=1)
    lines: list[str] = []
    upper = r.random() < 0.5
    name = spec.vendor.name.upper() if upper else spec.vendor.name
    lines.append(name.center(width).rstrip())
    for ln in spec.vendor.lines:
        lines.append(ln.center(width).rstrip())
    tl = tax_id_line(spec)
    if tl:
        lines.append(tl.center(width).rstrip())
    lines.append("")
    lines.append(f"*** {spec.words['title'].upper()} ***".center(width).rstrip())
    lines.append("")
    pairs = [f"{label(spec, lab).upper() if upper else label(spec, lab)} {val}" for lab, val in spec.meta_pairs()]
    if spec.terms:
        t = spec.words["terms"]
        pairs.append(f"{label(spec, t.upper() if upper else t)} {spec.terms}")
    cur = ""
    for p in pairs:
        if cur and len(cur) + 4 + len(p) > width:
            lines.append(cur)
            cur = p
        else:
            cur = f"{cur}    {p}" if cur else p
    lines.append(cur)
    lines.append("")
    bill = spec.words["bill"].upper() + ":"
    left = [bill, spec.customer.name, *spec.customer.lines]
    right = [spec.words["ship"].upper() + ":", spec.ship_to.name, *spec.ship_to.lines] if spec.ship_to else []
    col = width // 2 + 2
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        lines.append(f"{a:<{col}}{b}".rstrip())
    lines.append("")
    cols = item_columns(spec)
    widths = []
    fixed = 0
    for h, al, _ in cols:
        wdt = max(len(h), 10 if al == "R" else 6)
        widths.append(wdt)
        fixed += wdt + 1
    di = 1 if spec.show_code else 0
    if spec.show_code:
        widths[0] = max(widths[0], max(len(it.product_code) for it in spec.items))
        fixed = sum(widths) + len(widths)
    widths[di] = max(10, width - (fixed - widths[di]))
    for j, (h, al, _) in enumerate(cols):
        if al == "R":
            widths[j] = max(widths[j], max(len(item_cells(spec, it)[j]) for it in spec.items))
    widths[di] = max(10, width - (sum(widths) - widths[di]) - len(widths))

    def fmt_row(cells):
        out = []
        for j, cell in enumerate(cells):
            out.append(cell.rjust(widths[j]) if cols[j][1] == "R" else cell.ljust(widths[j]))
        return " ".join(out).rstrip()

    head = fmt_row([h.upper() if upper else h for h, _, _ in cols])
    lines.append("-" * width)
    lines.append(head)
    lines.append("-" * width)
    for it in spec.items:
        lines.append(fmt_row(item_cells(spec, it)))
    lines.append("-" * width)
    for lab, amt in spec.totals():
        val = spec.money(amt)
        lab2 = lab.upper() if upper else lab
        lines.append(f"{lab2:>{width - 18}} {val:>17}")
    lines.append("")
    for ln in [currency_note(spec), spec.words["bank"], spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            lines.append(ln)
    lead = size + 2.2
    per_page = int((H - 100) / lead)
    chunks = [lines[i:i + per_page] for i in range(0, len(lines), per_page)]
    for p, chunk in enumerate(chunks, start=1):
        c.setFont("Courier", size)
        y = H - 50
        if p > 1:
            c.drawString(36, y, f"{spec.words['no'].upper() if upper else spec.words['no']} {spec.invoice_id}  ({spec.words['cont']})")
            y -= 2 * lead
        for ln in chunk:
            c.drawString(36, y, ln)
            y -= lead
        c.drawRightString(W - 36, 30, spec.words["page"].format(p=p, n=len(chunks)))
        c.showPage()
    c.save()
