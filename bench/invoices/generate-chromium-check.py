#!/usr/bin/python3
"""The header-grid CHECK set (bench/invoices/corpus-grid-check): 20 invoices in en-US, en-GB, de-DE,
fr-FR written as HTML/CSS (flex bands, CSS grids, stacked blocks) and printed by Chromium
(playwright-core, /usr/bin/chromium, via html-to-pdf.mjs). Layout code and label wording of its
own, unlike the AbiWord tuning set (generate-abiword.py); facts from headers_facts.py. A check
set: run for aggregate figures only, never tuned on.

Run: /usr/bin/python3 bench/invoices/generate-chromium-check.py [--seed N] [--n N]
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from headers_facts import date_text, e, make_facts, money, out_dir, write_truth  # noqa: E402

W = {
    "en": {
        "title": ["Invoice", "INVOICE", "Sales invoice"],
        "no": ["Invoice #", "Document no.", "Our ref.", "Invoice no", "Reference"],
        "date": ["Issue date", "Invoice date", "Dated", "Date issued"],
        "due": ["Payment due", "Due by", "Please pay by", "Due date"],
        "terms": ["Terms", "Payment terms"],
        "po": "Your PO", "cust": "Account",
        "bill": ["Billed to", "Client", "To"], "from": "From",
        "sub": ["Net amount", "Items total", "Subtotal"], "disc": ["Discount", "Trade discount"],
        "ship": ["Freight", "Carriage", "Shipping & handling"], "tax": {"en-US": "Sales tax", "en-GB": "VAT"},
        "total": ["Invoice total", "Total", "Gross total"], "paid": ["Less deposit", "Deposit received", "Payments"],
        "amt_due": ["Total due", "Balance due", "Amount due", "Balance"],
        "head": ["Item", "Qty", "Price", "Line total"],
    },
    "de": {
        "title": ["Rechnung", "RECHNUNG"],
        "no": ["Belegnummer", "Rechnung Nr.", "Re.-Nr.", "Nummer"],
        "date": ["Belegdatum", "Datum", "Ausgestellt am"],
        "due": ["Fälligkeit", "Zahlbar bis", "Fällig am"],
        "terms": ["Zahlungsziel", "Konditionen"],
        "po": "Ihre Bestellung", "cust": "Kunden-Nr.",
        "bill": ["Rechnungsadresse", "Kunde", "An"], "from": "Von",
        "sub": ["Summe netto", "Warenwert", "Zwischensumme"], "disc": ["Rabatt", "Nachlass"],
        "ship": ["Frachtkosten", "Versand"], "tax": {"de-DE": "USt."},
        "total": ["Gesamtbetrag", "Summe brutto", "Rechnungsbetrag"], "paid": ["abzgl. Anzahlung", "Anzahlung"],
        "amt_due": ["Noch zu zahlen", "Zahlbetrag", "Offener Betrag"],
        "head": ["Leistung", "Anzahl", "Preis", "Gesamt"],
    },
    "fr": {
        "title": ["Facture", "FACTURE"],
        "no": ["Facture n°", "Numéro", "Réf. facture", "N°"],
        "date": ["Date d'émission", "Émise le", "Date"],
        "due": ["Échéance", "À régler avant le", "Date limite"],
        "terms": ["Conditions de paiement", "Règlement"],
        "po": "Votre commande", "cust": "Code client",
        "bill": ["Facturé à", "Client", "Destinataire"], "from": "Émetteur",
        "sub": ["Total HT", "Montant HT"], "disc": ["Remise"],
        "ship": ["Frais de port", "Livraison"], "tax": {"fr-FR": "TVA"},
        "total": ["Total TTC", "Montant TTC"], "paid": ["Acompte versé", "Déjà réglé"],
        "amt_due": ["Reste à payer", "Net à payer", "Solde dû"],
        "head": ["Désignation", "Qté", "P.U.", "Total"],
    },
}

CSS = """
@page { size: %s; margin: 16mm 15mm; }
body { font-family: '%s'; font-size: 9.5pt; color: #222; }
.cap { font-size: 7pt; letter-spacing: .08em; text-transform: uppercase; color: #888; }
.band { display: flex; gap: 0; border-top: 2px solid #333; border-bottom: 1px solid #bbb; margin: 14px 0; }
.band > div { flex: 1; padding: 6px 8px; border-right: 1px solid #ddd; }
.band > div:last-child { border-right: none; background: #f1f1f1; }
.big { font-size: 15pt; font-weight: bold; }
.grid2 { display: grid; grid-template-columns: auto auto; gap: 2px 14px; justify-content: end; }
.parties { display: flex; justify-content: space-between; margin: 10px 0; }
table.items { width: 100%%; border-collapse: collapse; margin-top: 12px; }
table.items th { text-align: left; border-bottom: 1px solid #333; font-weight: 600; padding: 3px 4px; }
table.items td { padding: 3px 4px; border-bottom: 1px solid #eee; }
.r { text-align: right; }
.sum { display: grid; grid-template-columns: 150px 110px; justify-content: end; gap: 3px 10px; margin-top: 10px; }
.sum .strong { font-weight: bold; border-top: 1px solid #333; padding-top: 2px; }
.stack div { margin-bottom: 6px; }
.box { border: 1.5px solid #333; padding: 8px 12px; width: 190px; margin-left: auto; }
h1 { font-size: 20pt; margin: 0 0 6px 0; font-weight: 300; }
"""


def lbl(rng, w, k):
    return rng.choice(w[k])


def party_html(p):
    return "<br>".join(e(x) for x in [p["name"], *p["address"]])


def items_html(f, w):
    loc = f["locale"]
    h = w["head"]
    rows = "".join(
        f"<tr><td>{e(i['description'])}</td><td class=r>{i['quantity']}</td>"
        f"<td class=r>{e(money(i['unit_price'], loc, False))}</td><td class=r>{e(money(i['amount'], loc, False))}</td></tr>"
        for i in f["items"])
    return (f"<table class=items><tr><th>{h[0]}</th><th class=r>{h[1]}</th><th class=r>{h[2]}</th>"
            f"<th class=r>{h[3]}</th></tr>{rows}</table>")


def ladder(rng, f, w, cls="sum"):
    loc = f["locale"]
    m = lambda v: e(money(v, loc))  # noqa: E731
    rows = [(lbl(rng, w, "sub"), m(f["sub"]))]
    if f["disc"]:
        rows.append((lbl(rng, w, "disc"), "-" + m(f["disc"])))
    if f["ship"]:
        rows.append((lbl(rng, w, "ship"), m(f["ship"])))
    pct = f"{f['rate'] * 100:g}".replace(".", "," if f["lang"] != "en" else ".")
    rows.append((f"{w['tax'][loc]} {pct} %", m(f["tax"])))
    rows.append((lbl(rng, w, "total"), m(f["total"])))
    if f["paid"]:
        rows.append((lbl(rng, w, "paid"), "-" + m(f["paid"])))
        rows.append((lbl(rng, w, "amt_due"), m(f["amount_due"])))
        f["printed_due"] = True
    out = "".join(f"<div{' class=strong' if k == len(rows) - 1 else ''}>{a}</div>"
                  f"<div class='r{' strong' if k == len(rows) - 1 else ''}'>{b}</div>" for k, (a, b) in enumerate(rows))
    return f"<div class={cls}>{out}</div>"


def dates(rng, f, w):
    """(label, value) pairs for the meta fields the facts print."""
    style = rng.choice(["long", "num"])
    out = [(lbl(rng, w, "no"), e(f["inv_id"])), (lbl(rng, w, "date"), date_text(f["issued"], f["locale"], style))]
    if f["due_mode"] in ("date", "both"):
        out.append((lbl(rng, w, "due"), date_text(f["due"], f["locale"], style)))
    if f["due_mode"] in ("terms", "both"):
        out.append((lbl(rng, w, "terms"), e(f["terms"])))
    if f["po"]:
        out.append((w["po"], e(f["po"])))
    if f["cust_id"]:
        out.append((w["cust"], e(f["cust_id"])))
    return out


def layout_band(rng, f, w):
    meta = dates(rng, f, w)
    cells = "".join(f"<div><div class=cap>{a}</div><div>{b}</div></div>" for a, b in meta[:4])
    due_lab = lbl(rng, w, "amt_due")
    if "(" not in due_lab and rng.random() < 0.5:
        due_lab += f" ({f['truth']['currency']})"
    f["printed_due"] = True
    cells += f"<div><div class=cap>{e(due_lab)}</div><div class=big>{e(money(f['amount_due'], f['locale']))}</div></div>"
    rest = "".join(f"<div><span class=cap>{a}</span> {b}</div>" for a, b in meta[4:])
    return (f"<div class=parties><div><b>{party_html(f['vendor'])}</b><br>{e(f['vtax'])}</div>"
            f"<h1>{lbl(rng, w, 'title')}</h1></div><div class=band>{cells}</div>{rest}"
            f"<div class=cap>{lbl(rng, w, 'bill')}</div><div>{party_html(f['customer'])}</div>"
            f"{items_html(f, w)}{ladder(rng, f, w)}")


def layout_dl(rng, f, w):
    meta = dates(rng, f, w)
    grid = "".join(f"<div>{a}:</div><div>{b}</div>" for a, b in meta)
    return (f"<h1>{lbl(rng, w, 'title')}</h1><div class=parties><div>{party_html(f['vendor'])}<br>{e(f['vtax'])}</div>"
            f"<div class=grid2>{grid}</div></div><div class=parties><div><i>{lbl(rng, w, 'bill')}</i><br>"
            f"{party_html(f['customer'])}</div></div>{items_html(f, w)}{ladder(rng, f, w)}")


def layout_stack(rng, f, w):
    meta = dates(rng, f, w)
    stack = "".join(f"<div><div class=cap>{a}</div><div>{b}</div></div>" for a, b in meta)
    return (f"<div class=parties><div><h1>{lbl(rng, w, 'title')}</h1><div class=stack>{stack}</div></div>"
            f"<div style='text-align:right'><b>{party_html(f['vendor'])}</b><br>{e(f['vtax'])}<br><br>"
            f"<span class=cap>{lbl(rng, w, 'bill')}</span><br>{party_html(f['customer'])}</div></div>"
            f"{items_html(f, w)}{ladder(rng, f, w)}")


def layout_summary(rng, f, w):
    meta = dates(rng, f, w)
    loc = f["locale"]
    head = " &nbsp;·&nbsp; ".join(f"{a} {b}" for a, b in meta[:2])
    rest = "".join(f"<div>{a}: {b}</div>" for a, b in meta[2:])
    f["printed_due"] = True
    box = (f"<div class=box><div class=cap>{lbl(rng, w, 'amt_due')}</div><div class=big>{e(money(f['amount_due'], loc))}</div>"
           f"{rest}</div>")
    return (f"<div class=parties><div><b>{party_html(f['vendor'])}</b><br>{e(f['vtax'])}</div>{box}</div>"
            f"<h1>{lbl(rng, w, 'title')}</h1><div>{head}</div><div class=parties><div><b>{lbl(rng, w, 'bill')}</b><br>"
            f"{party_html(f['customer'])}</div></div>{items_html(f, w)}{ladder(rng, f, w)}")


def layout_cols(rng, f, w):
    """Two text columns beside the sender: the labels, then their values, one a line; totals alike."""
    meta = dates(rng, f, w)
    labs = "".join(f"<div>{a}</div>" for a, _ in meta)
    vals = "".join(f"<div>{b}</div>" for _, b in meta)
    lad = ladder(rng, f, w)
    return (f"<div class=parties><div><b>{party_html(f['vendor'])}</b><br>{e(f['vtax'])}</div>"
            f"<div style='display:flex;gap:18px'><div style='text-align:right;color:#666'>{labs}</div><div>{vals}</div></div></div>"
            f"<h1>{lbl(rng, w, 'title')}</h1><div><b>{lbl(rng, w, 'bill')}</b><br>{party_html(f['customer'])}</div>"
            f"{items_html(f, w)}{lad}")


LAYOUTS = [layout_band, layout_dl, layout_stack, layout_summary, layout_cols]


# --tables: the shapes of hand-written HTML templates, tables whose cells stack lines with <br>
# (corpus-grid-check3).
def ladder_cells(rng, f, w):
    rows = []
    loc = f["locale"]
    m = lambda v: e(money(v, loc))  # noqa: E731
    rows.append((lbl(rng, w, "sub"), m(f["sub"])))
    if f["disc"]:
        rows.append((lbl(rng, w, "disc"), "-" + m(f["disc"])))
    if f["ship"]:
        rows.append((lbl(rng, w, "ship"), m(f["ship"])))
    pct = f"{f['rate'] * 100:g}".replace(".", "," if f["lang"] != "en" else ".")
    rows.append((f"{w['tax'][loc]} ({pct}%)", m(f["tax"])))
    rows.append((lbl(rng, w, "total"), m(f["total"])))
    if f["paid"] or rng.random() < 0.3:
        if f["paid"]:
            rows.append((lbl(rng, w, "paid"), "-" + m(f["paid"])))
        rows.append((lbl(rng, w, "amt_due"), m(f["amount_due"])))
        f["printed_due"] = True
    labs = "<br>".join(a for a, _ in rows)
    vals = "<br>".join(b for _, b in rows)
    return (f"<table style='width:100%;margin-top:10px'><tr><td style='width:55%'></td>"
            f"<td style='text-align:right;line-height:1.5'>{labs}</td><td style='text-align:right;line-height:1.5'>{vals}</td></tr></table>")


def table_cols(rng, f, w):
    meta = dates(rng, f, w)
    labs = "<br>".join(f"{a}:" for a, _ in meta)
    vals = "<br>".join(b for _, b in meta)
    return (f"<h1>{lbl(rng, w, 'title')}</h1><table style='width:100%'><tr><td style='width:50%'>"
            f"<b>{party_html(f['vendor'])}</b><br>{e(f['vtax'])}</td><td style='text-align:right'>{labs}</td>"
            f"<td>{vals}</td></tr></table><p><b>{lbl(rng, w, 'bill')}</b><br>{party_html(f['customer'])}</p>"
            f"{items_html(f, w)}{ladder_cells(rng, f, w)}")


def table_stackcell(rng, f, w):
    meta = dates(rng, f, w)
    stack = "<br>".join(f"<span class=cap>{a}</span><br>{b}" for a, b in meta)
    return (f"<table style='width:100%'><tr><td style='width:30%;vertical-align:top'><h1>{lbl(rng, w, 'title')}</h1>"
            f"{stack}</td><td style='text-align:right;vertical-align:top'><b>{party_html(f['vendor'])}</b><br>"
            f"{e(f['vtax'])}<br><br><b>{lbl(rng, w, 'bill')}</b><br>{party_html(f['customer'])}</td></tr></table>"
            f"{items_html(f, w)}{ladder_cells(rng, f, w)}")


def table_narrow(rng, f, w):
    meta = dates(rng, f, w)[:4]
    labs = "".join(f"<th style='width:70px;word-break:break-all;text-align:left;background:#e8e8e8'>{a.upper()}</th>"
                   for a, _ in meta)
    vals = "".join(f"<td>{b}</td>" for _, b in meta)
    rest = "".join(f"<div>{a}: {b}</div>" for a, b in dates(rng, f, w)[4:])
    return (f"<div class=parties><div><b>{party_html(f['vendor'])}</b><br>{e(f['vtax'])}</div><h1>{lbl(rng, w, 'title')}</h1></div>"
            f"<p><b>{lbl(rng, w, 'bill')}</b><br>{party_html(f['customer'])}</p>"
            f"<table style='border-collapse:collapse' border=1 cellpadding=4><tr>{labs}</tr><tr>{vals}</tr></table>{rest}"
            f"{items_html(f, w)}{ladder_cells(rng, f, w)}")


TABLE_LAYOUTS = [table_cols, table_stackcell, table_narrow]
FONTS = ["DejaVu Sans", "Liberation Serif", "Noto Sans", "Liberation Sans"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3917)
    ap.add_argument("--n", type=int, default=25)
    ap.add_argument("--tables", action="store_true", help="the HTML-table layouts (corpus-grid-check3)")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-grid-check"))
    a = ap.parse_args()
    if a.tables and "corpus-grid-check3" not in a.out:
        a.out = a.out.replace("corpus-grid-check", "corpus-grid-check3")
    rng = random.Random(a.seed + (1 if a.tables else 0))
    layouts = TABLE_LAYOUTS if a.tables else LAYOUTS
    out = out_dir(a.out)
    locales = ["en-US", "en-GB", "de-DE", "fr-FR", "en-US"]
    tmp = tempfile.mkdtemp(prefix="grid-check-")
    pairs = []
    for i in range(a.n):
        loc = locales[i % len(locales)]
        f = make_facts(rng, loc)
        lay = layouts[i % len(layouts)]
        w = W[f["lang"]]
        size = "letter" if loc == "en-US" else "A4"
        body = lay(rng, f, w)
        if not f.get("printed_due"):
            f["truth"]["amount_due"] = None  # not printed: null, as in the other corpora
        doc = f"<html><head><meta charset=utf-8><style>{CSS % (size, rng.choice(FONTS))}</style></head><body>{body}</body></html>"
        kind = lay.__name__.split("_", 1)[1]
        name = f"{'gridt' if a.tables else 'gridc'}-{i + 1:03d}-{kind}-{loc}"
        src = os.path.join(tmp, name + ".html")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(doc)
        pairs.append(f"{src}:{os.path.join(out, name + '.pdf')}")
        meta = {"layout": kind, "lang": f["lang"], "locale": loc, "producer": "chromium", "scan": False}
        write_truth(os.path.join(out, name + ".json"), meta, f["truth"])
    subprocess.run(["node", os.path.join(os.path.dirname(os.path.abspath(__file__)), "html-to-pdf.mjs"), *pairs],
                   check=True, cwd=os.path.dirname(os.path.abspath(__file__)))


if __name__ == "__main__":
    main()
