"""WeasyPrint invoices for bench/heldout-invoices2: three HTML/CSS layouts (letterhead, side band,
boxed header with a sender line) and a long multi-page one with carried-forward rows."""
import html
from weasyprint import HTML
from data import fdate, fmoney, fnum, fqty, LOCALES
from labels import pick

e = html.escape

def css(s):
    # a CSS string (inside <style> nothing is HTML-escaped)
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")

def words(t, x, loc):
    rng, lang = x["rng"], x["lang"]
    w = {k: pick(rng, lang, k, loc) for k in ["title", "no", "date", "due", "po", "bill", "cust", "desc", "qty", "unit", "price", "amount",
                                              "code", "sub", "disc", "ship", "total", "paid", "due_amt", "terms", "from_", "cf", "bf", "page"]}
    w["rate_col"] = pick(rng, lang, "rate_col", loc)
    w["tax"] = pick(rng, lang, "tax", loc)
    w["taxid"] = pick(rng, lang, "taxid", loc)
    rate = fnum(x["rate"], loc, 0) if float(x["rate"]).is_integer() else fnum(x["rate"], loc, 3).rstrip("0")
    w["tax_line"] = f"{w['tax']} {rate}%" if lang == "en" else f"{w['tax']} {rate} %"
    w["date_long"] = rng.random() < 0.4
    w["money"] = rng.choice(["sym", "plain", "code"])
    w["unit_in_qty"] = rng.random() < 0.5
    return w

def money(v, loc, w, cell=False):
    if w["money"] == "plain" and cell:
        return fnum(v, loc)
    return fmoney(v, loc, "code" if w["money"] == "code" else "sym")

def item_rows(items, loc, w, x, show_code):
    rows = []
    for it in items:
        q = fqty(it["quantity"], loc)
        if it["unit"] and w["unit_in_qty"]:
            q = f"{q} {it['unit']}"
        cells = []
        if show_code: cells.append(e(it["product_code"] or ""))
        cells.append(e(it["description"]))
        cells.append(q)
        if not w["unit_in_qty"]: cells.append(e(it["unit"] or ""))
        cells.append(money(it["unit_price"], loc, w, True))
        if x["per_item_rate"]: cells.append((f"{fnum(it['tax_rate'], loc, 0)}%" if float(it['tax_rate']).is_integer() else f"{fnum(it['tax_rate'], loc, 3).rstrip('0')}%"))
        cells.append(money(it["amount"], loc, w, True))
        rows.append("<tr>" + "".join(f'<td class="{"l" if i == (1 if show_code else 0) else "r"}">{c}</td>' for i, c in enumerate(cells)) + "</tr>")
    return rows

def head_row(loc, w, x, show_code):
    h = ([w["code"]] if show_code else []) + [w["desc"], w["qty"]] + ([] if w["unit_in_qty"] else [w["unit"]]) + [w["price"]] + ([w["rate_col"]] if x["per_item_rate"] else []) + [w["amount"]]
    return "<tr>" + "".join(f"<th>{e(c)}</th>" for c in h) + "</tr>", len(h)

def totals(t, loc, w):
    rows = [(w["sub"], t["subtotal"])]
    if t["total_discount"]: rows.append((w["disc"], -t["total_discount"]))
    if t["shipping"]: rows.append((w["ship"], t["shipping"]))
    if t["total_tax"] is not None: rows.append((w["tax_line"], t["total_tax"]))
    rows.append((w["total"], t["invoice_total"]))
    if t["amount_paid"]:
        rows.append((w["paid"], -t["amount_paid"]))
        rows.append((w["due_amt"], t["amount_due"]))
    return '<table class="tot">' + "".join(f'<tr class="{"grand" if lab in (w["total"], w["due_amt"]) else ""}"><td>{e(lab)}</td><td class="r">{money(v, loc, w)}</td></tr>' for lab, v in rows) + "</table>"

def meta_pairs(t, loc, w, x):
    d = lambda iso: fdate(iso, loc, w["date_long"])
    p = [(w["no"], t["invoice_id"]), (w["date"], d(t["invoice_date"]))]
    if t["due_date"]: p.append((w["due"], d(t["due_date"])))
    if t["purchase_order"]: p.append((w["po"], t["purchase_order"]))
    if t["customer_id"]: p.append((w["cust"], t["customer_id"]))
    return p

def terms_line(t, w):
    return f'<p class="terms"><b>{e(w["terms"])}:</b> {e(t["payment_terms"])}</p>' if t["payment_terms"] else ""

BASE = """@page { size: %s; margin: 16mm 15mm }
body { font-family: "%s"; font-size: %spt; color: #111 }
table.items { width: 100%%; border-collapse: collapse; margin-top: 14pt }
table.items th { text-align: right; border-bottom: 1pt solid #333; padding: 3pt 4pt; font-size: 90%% }
table.items th:first-child, table.items td.l { text-align: left }
table.items td { padding: 3pt 4pt; border-bottom: 0.4pt solid #ccc; text-align: right; vertical-align: top }
table.tot { margin-left: auto; margin-top: 10pt; border-collapse: collapse }
table.tot td { padding: 2pt 6pt } table.tot td.r { text-align: right; min-width: 80pt } tr.grand td { font-weight: bold; border-top: 1pt solid #000 }
p.terms { margin-top: 14pt } .small { font-size: 80%%; color: #444 }
"""

def letterhead(t, x, loc, w):
    v, c = x["vaddr"], x["caddr"]
    show_code = any(i["product_code"] for i in t["items"])
    hr, _ = head_row(loc, w, x, show_code)
    tax = f'<div class="small">{e(w["taxid"])}: {e(t["vendor_tax_id"])}</div>' if t["vendor_tax_id"] else ""
    meta = "".join(f"<tr><td class='lab'>{e(a)}</td><td>{e(b)}</td></tr>" for a, b in meta_pairs(t, loc, w, x))
    return f"""<style>.lh {{ text-align: center; border-bottom: 2pt solid #2a4d69; padding-bottom: 8pt }} .lh h1 {{ margin: 0; font-size: 20pt; letter-spacing: 1pt }}
.row {{ display: flex; justify-content: space-between; margin-top: 18pt }} .lab {{ color: #555; padding-right: 10pt }} h2 {{ font-size: 16pt; margin: 18pt 0 0; color: #2a4d69 }}</style>
<div class="lh"><h1>{e(t["vendor_name"])}</h1><div>{e(v[0])} · {e(v[1])}</div>{tax}</div>
<h2>{e(w["title"])}</h2>
<table style="width:100%; margin-top: 12pt"><tr><td style="vertical-align:top; width:55%"><b>{e(w["bill"])}</b><br>{e(t["customer_name"])}<br>{e(c[0])}<br>{e(c[1])}</td>
<td style="vertical-align:top"><table>{meta}</table></td></tr></table>
<table class="items"><thead>{hr}</thead><tbody>{"".join(item_rows(t["items"], loc, w, x, show_code))}</tbody></table>
{totals(t, loc, w)}{terms_line(t, w)}"""

def band(t, x, loc, w):
    v, c = x["vaddr"], x["caddr"]
    show_code = any(i["product_code"] for i in t["items"])
    hr, _ = head_row(loc, w, x, show_code)
    meta = "".join(f'<div class="k">{e(a)}</div><div class="v">{e(b)}</div>' for a, b in meta_pairs(t, loc, w, x))
    tax = f'<div class="k">{e(w["taxid"])}</div><div class="v">{e(t["vendor_tax_id"])}</div>' if t["vendor_tax_id"] else ""
    return f"""<style>.wrap {{ display: flex }} .side {{ width: 48mm; background: #f1ede4; padding: 8pt; margin-right: 12pt }} .main {{ flex: 1 }}
.k {{ font-size: 75%; text-transform: uppercase; color: #776; margin-top: 7pt }} .v {{ font-weight: bold }} h1 {{ font-size: 26pt; font-weight: 300; margin: 0 0 10pt }}</style>
<div class="wrap"><div class="side"><div class="k">{e(w["from_"])}</div><div class="v">{e(t["vendor_name"])}</div><div>{e(v[0])}<br>{e(v[1])}</div>{tax}{meta}</div>
<div class="main"><h1>{e(w["title"])}</h1><div class="k">{e(w["bill"])}</div><div class="v">{e(t["customer_name"])}</div><div>{e(c[0])}<br>{e(c[1])}</div>
<table class="items"><thead>{hr}</thead><tbody>{"".join(item_rows(t["items"], loc, w, x, show_code))}</tbody></table>{totals(t, loc, w)}{terms_line(t, w)}</div></div>"""

def boxed(t, x, loc, w, items_html=None):
    v, c = x["vaddr"], x["caddr"]
    show_code = any(i["product_code"] for i in t["items"])
    hr, _ = head_row(loc, w, x, show_code)
    boxes = "".join(f'<td><div class="k">{e(a)}</div><div class="v">{e(b)}</div></td>' for a, b in meta_pairs(t, loc, w, x))
    foot_tax = f' · {w["taxid"]} {t["vendor_tax_id"]}' if t["vendor_tax_id"] else ""
    return f"""<style>.sender {{ font-size: 7pt; text-decoration: underline; margin-top: 30mm }} .addr {{ margin-top: 4pt; height: 25mm }}
.logo {{ position: absolute; top: 0; right: 0; text-align: right; font-size: 13pt; font-weight: bold }} .logo div {{ font-size: 8pt; font-weight: normal }}
table.boxes {{ width: 100%; border-collapse: collapse; margin-top: 10pt }} table.boxes td {{ border: 0.6pt solid #555; padding: 3pt 5pt }}
.k {{ font-size: 70%; color: #555 }} .v {{ font-weight: bold }} h1 {{ font-size: 15pt; margin: 8pt 0 0 }}
@page {{ @bottom-left {{ content: "{css(t["vendor_name"] + " · " + v[0] + " · " + v[1] + foot_tax)}"; font-size: 7pt }} }}</style>
<div class="logo">{e(t["vendor_name"])}<div>{e(v[0])}<br>{e(v[1])}</div></div>
<div class="sender">{e(t["vendor_name"])} · {e(v[0])} · {e(v[1])}</div>
<div class="addr">{e(t["customer_name"])}<br>{e(c[0])}<br>{e(c[1])}</div>
<h1>{e(w["title"])}</h1><table class="boxes"><tr>{boxes}</tr></table>
{items_html or f'<table class="items"><thead>{hr}</thead><tbody>{"".join(item_rows(t["items"], loc, w, x, show_code))}</tbody></table>'}
{totals(t, loc, w)}{terms_line(t, w)}"""

def multipage(t, x, loc, w, per_page=18):
    show_code = any(i["product_code"] for i in t["items"])
    hr, ncols = head_row(loc, w, x, show_code)
    rows = item_rows(t["items"], loc, w, x, show_code)
    parts, run = [], 0.0
    for p in range(0, len(rows), per_page):
        chunk = rows[p:p + per_page]
        body = ""
        if p > 0:
            body += f'<tr class="cf"><td class="l" colspan="{ncols - 1}">{e(w["bf"])}</td><td class="r">{money(run, loc, w, True)}</td></tr>'
        body += "".join(chunk)
        run = round(run + sum(i["amount"] for i in t["items"][p:p + per_page]), 2)
        if p + per_page < len(rows):
            body += f'<tr class="cf"><td class="l" colspan="{ncols - 1}">{e(w["cf"])}</td><td class="r">{money(run, loc, w, True)}</td></tr>'
        parts.append(f'<table class="items" style="{"break-after: page" if p + per_page < len(rows) else ""}"><thead>{hr}</thead><tbody>{body}</tbody></table>')
    return boxed(t, x, loc, w, "".join(parts)) + "<style>tr.cf td { font-style: italic; background: #eee }</style>"

LAYOUTS = {"letterhead": letterhead, "band": band, "boxed": boxed, "multipage": multipage}

def render(t, x, loc, layout, pdf):
    w = words(t, x, loc)
    rng = x["rng"]
    font = rng.choice(["DejaVu Sans", "Liberation Sans", "Noto Sans", "Nimbus Sans", "Liberation Serif", "C059"])
    size = rng.choice([8.5, 9, 9.5, 10])
    page = "Letter" if loc == "en-US" else "A4"
    body = LAYOUTS[layout](t, x, loc, w)
    HTML(string=f'<html lang="{loc}"><head><meta charset="utf-8"><style>{BASE % (page, font, size)}</style></head><body>{body}</body></html>').write_pdf(pdf)
    return f"WeasyPrint 57 {layout} {page} {font} {size}pt"
