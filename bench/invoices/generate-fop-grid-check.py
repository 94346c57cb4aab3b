#!/usr/bin/python3
"""A fourth header-grid CHECK set (bench/invoices/corpus-grid-check4): 12 invoices in en-US, en-GB,
de-DE, fr-FR set by Apache FOP from XSL-FO: table cells holding several blocks (labels in one cell
and their values in the next, as a word processor's tab stops set them; grey labels over values
down one cell beside the letterhead; totals ladders as two cells of stacked lines). Layout code and
label wording of its own; facts from headers_facts.py. A check set: run for aggregate figures only,
never looked at while tuning.

Run: /usr/bin/python3 bench/invoices/generate-fop-grid-check.py [--seed N] [--n N] (needs apt `fop`).
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from headers_facts import date_text, make_facts, money, out_dir, write_truth  # noqa: E402

W = {
    "en": {"no": ["Invoice no.", "Invoice #", "Number"], "date": ["Date", "Invoice date"], "due": ["Due date", "Pay before"],
           "terms": ["Terms"], "po": "PO #", "cust": "Client no.", "bill": ["Invoice to", "Bill to"],
           "sub": ["Subtotal", "Net"], "disc": ["Discount"], "ship": ["Shipping", "Carriage"],
           "tax": {"en-US": "Sales tax", "en-GB": "VAT"}, "total": ["Total", "Invoice total"],
           "paid": ["Deposit", "Amount paid"], "amt_due": ["Balance due", "Amount due"],
           "head": ["Item", "Qty", "Unit price", "Total"], "title": "INVOICE"},
    "de": {"no": ["Rechnungsnummer", "Rechnung Nr."], "date": ["Datum", "Rechnungsdatum"], "due": ["Fällig am", "Zahlbar bis"],
           "terms": ["Zahlungsbedingungen"], "po": "Ihre Bestellung", "cust": "Kunden-Nr.", "bill": ["Rechnung an", "Kunde"],
           "sub": ["Zwischensumme", "Netto"], "disc": ["Rabatt"], "ship": ["Versandkosten"], "tax": {"de-DE": "MwSt."},
           "total": ["Gesamtbetrag", "Rechnungsbetrag"], "paid": ["Anzahlung"], "amt_due": ["Zahlbetrag", "Offener Betrag"],
           "head": ["Position", "Menge", "Preis", "Betrag"], "title": "RECHNUNG"},
    "fr": {"no": ["Facture n°", "N° de facture"], "date": ["Date", "Date de facture"], "due": ["Échéance"],
           "terms": ["Conditions de paiement"], "po": "Votre commande", "cust": "N° client", "bill": ["Facturé à", "Client"],
           "sub": ["Total HT", "Sous-total"], "disc": ["Remise"], "ship": ["Frais de port"], "tax": {"fr-FR": "TVA"},
           "total": ["Total TTC"], "paid": ["Acompte"], "amt_due": ["Net à payer", "Reste à payer"],
           "head": ["Désignation", "Qté", "Prix", "Montant"], "title": "FACTURE"},
}


def blk(text, **a):
    attrs = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in a.items())
    # Base-14 fonts have no narrow no-break space: a no-break space stands for it.
    return f"<fo:block {attrs}>{escape(str(text).replace(chr(0x202F), chr(0xA0)))}</fo:block>"


def cell(content, **a):
    attrs = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in a.items())
    return f"<fo:table-cell {attrs}>{content or '<fo:block/>'}</fo:table-cell>"


def table(widths, rows):
    cols = "".join(f'<fo:table-column column-width="{w}"/>' for w in widths)
    body = "".join(f"<fo:table-row>{''.join(r)}</fo:table-row>" for r in rows)
    return f'<fo:table table-layout="fixed" width="100%" space-before="8pt">{cols}<fo:table-body>{body}</fo:table-body></fo:table>'


def meta(rng, f, w):
    style = rng.choice(["long", "num"])
    out = [(rng.choice(w["no"]), f["inv_id"]), (rng.choice(w["date"]), date_text(f["issued"], f["locale"], style))]
    if f["due_mode"] in ("date", "both"):
        out.append((rng.choice(w["due"]), date_text(f["due"], f["locale"], style)))
    if f["due_mode"] in ("terms", "both"):
        out.append((rng.choice(w["terms"]), f["terms"]))
    if f["po"]:
        out.append((w["po"], f["po"]))
    if f["cust_id"]:
        out.append((w["cust"], f["cust_id"]))
    return out


def ladder(rng, f, w):
    m = lambda v: money(v, f["locale"])  # noqa: E731
    rows = [(rng.choice(w["sub"]), m(f["sub"]))]
    if f["disc"]:
        rows.append((rng.choice(w["disc"]), "-" + m(f["disc"])))
    if f["ship"]:
        rows.append((rng.choice(w["ship"]), m(f["ship"])))
    pct = f"{f['rate'] * 100:g}" if f["lang"] == "en" else f"{f['rate'] * 100:g}".replace(".", ",")
    rows.append((f"{w['tax'][f['locale']]} {pct} %", m(f["tax"])))
    rows.append((rng.choice(w["total"]), m(f["total"])))
    if f["paid"] or rng.random() < 0.4:
        if f["paid"]:
            rows.append((rng.choice(w["paid"]), "-" + m(f["paid"])))
        rows.append((rng.choice(w["amt_due"]), m(f["amount_due"])))
        f["printed_due"] = True
    labs = "".join(blk(a, text_align="end") for a, _ in rows)
    vals = "".join(blk(b, text_align="end") for _, b in rows)
    return table(["9cm", "4.5cm", "3.5cm"], [[cell(""), cell(labs), cell(vals)]])


def items(f, w):
    h = w["head"]
    rows = [[cell(blk(x, font_weight="bold"), border_bottom="0.8pt solid black") for x in h]]
    for i in f["items"]:
        rows.append([cell(blk(i["description"])), cell(blk(i["quantity"], text_align="end")),
                     cell(blk(money(i["unit_price"], f["locale"], False), text_align="end")),
                     cell(blk(money(i["amount"], f["locale"], False), text_align="end"))])
    return table(["9cm", "2cm", "3cm", "3cm"], rows)


def vendor(f):
    v = f["vendor"]
    return blk(v["name"], font_weight="bold", font_size="12pt") + "".join(blk(x) for x in v["address"]) + blk(f["vtax"])


def bill(rng, f, w):
    c = f["customer"]
    return (blk(rng.choice(w["bill"]), font_weight="bold", space_before="10pt") + blk(c["name"])
            + "".join(blk(x) for x in c["address"]))


def lay_tabs(rng, f, w):
    pairs = meta(rng, f, w)
    labs = "".join(blk(a + ":") for a, _ in pairs)
    vals = "".join(blk(b) for _, b in pairs)
    return (blk(w["title"], font_size="18pt", space_after="6pt")
            + table(["8cm", "4.5cm", "4.5cm"], [[cell(vendor(f)), cell(labs), cell(vals)]]) + bill(rng, f, w)
            + items(f, w) + ladder(rng, f, w))


def lay_stack(rng, f, w):
    pairs = meta(rng, f, w)
    stack = "".join(blk(a.upper(), font_size="7pt", color="#777777") + blk(b, space_after="3pt") for a, b in pairs)
    right = vendor(f) + bill(rng, f, w)
    return (table(["6cm", "11cm"], [[cell(blk(w["title"], font_size="16pt") + stack), cell(right, text_align="end")]])
            + items(f, w) + ladder(rng, f, w))


def lay_rows(rng, f, w):
    pairs = meta(rng, f, w)
    rows = [[cell(blk(a)), cell(blk(b))] for a, b in pairs]
    return (vendor(f) + blk(w["title"], font_size="18pt", space_before="8pt") + table(["5cm", "6cm"], rows)
            + bill(rng, f, w) + items(f, w) + ladder(rng, f, w))


LAYOUTS = [lay_tabs, lay_stack, lay_rows]


def fo(body, font, letter):
    w, h = ("8.5in", "11in") if letter else ("210mm", "297mm")
    return (f'<?xml version="1.0" encoding="UTF-8"?><fo:root xmlns:fo="http://www.w3.org/1999/XSL/Format">'
            f'<fo:layout-master-set><fo:simple-page-master master-name="p" page-width="{w}" page-height="{h}" '
            f'margin="18mm"><fo:region-body/></fo:simple-page-master></fo:layout-master-set>'
            f'<fo:page-sequence master-reference="p"><fo:flow flow-name="xsl-region-body" font-family="{font}" '
            f'font-size="9.5pt">{body}</fo:flow></fo:page-sequence></fo:root>')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=7717)
    ap.add_argument("--n", type=int, default=12)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-grid-check4"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = out_dir(a.out)
    tmp = tempfile.mkdtemp(prefix="gridf-")
    locales = ["en-GB", "de-DE", "fr-FR", "en-US"]
    for i in range(a.n):
        loc = locales[i % len(locales)]
        f = make_facts(rng, loc)
        lay = LAYOUTS[i % len(LAYOUTS)]
        body = lay(rng, f, W[f["lang"]])
        if not f.get("printed_due"):
            f["truth"]["amount_due"] = None  # not printed: null, as in the other corpora
        name = f"gridf-{i + 1:03d}-{lay.__name__[4:]}-{loc}"
        src = os.path.join(tmp, name + ".fo")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(fo(body, rng.choice(["Helvetica", "Times"]), loc == "en-US"))
        subprocess.run(["fop", "-q", "-fo", src, "-pdf", os.path.join(out, name + ".pdf")], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        meta_ = {"layout": lay.__name__[4:], "lang": f["lang"], "locale": loc, "producer": "fop", "scan": False}
        write_truth(os.path.join(out, name + ".json"), meta_, f["truth"])


if __name__ == "__main__":
    main()
