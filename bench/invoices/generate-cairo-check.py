#!/usr/bin/python3
"""The cairo invoice check set (bench/invoices/corpus-cairo-check): the same facts as the tuning
set (cairo_facts.py) drawn by layout code of its own, in other fonts and label spellings, so a rule
tuned on corpus-cairo is measured on pages it was not written for. Only run it for figures.

Layouts: the address window on the right (Swiss and French letters), seller and buyer side by
side under small labels, a right-aligned letterhead over a "To:" block, a centred letterhead with
the customer's reference under its block, and a two-line vendor header with a rule under it.

Run with Debian's python: /usr/bin/python3 bench/invoices/generate-cairo-check.py [--seed N].
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cairo_facts import A4, LETTER, MM, Page, date_text, make_facts, money, out_dir, write_truth  # noqa: E402

FONTS = ["TeX Gyre Heros", "URW Bookman", "TeX Gyre Pagella", "P052", "TeX Gyre Schola", "Liberation Sans Narrow"]

W = {
    "en": {"to": ["To", "Invoice address", "Billing address", "Buyer", "Client"], "seller": ["Seller", "Issued by"],
           "no": ["Inv. No.", "Invoice Ref", "Number"], "date": ["Issued", "Issue date"], "due": ["Due", "Pay by"],
           "cust": ["Client #", "Customer number", "Cust. No.", "Account number"], "vat": ["VAT number", "Tax ID", "Federal Tax ID"],
           "title": "Invoice", "head": ["Item", "Quantity", "Price", "Line total"], "sub": "Sub-total", "tax": "VAT",
           "total": "Grand total", "due_amt": "Total due", "terms": "Terms"},
    "de": {"to": ["An", "Rechnungsanschrift", "Empfänger", "Auftraggeber"], "seller": ["Verkäufer", "Rechnungssteller"],
           "no": ["Rechnungsnr.", "Beleg-Nr."], "date": ["Belegdatum", "Ausgestellt am"], "due": ["Fälligkeit", "Fällig bis"],
           "cust": ["Ihre Kundennummer", "Kundennr.", "Debitor"], "vat": ["Umsatzsteuer-ID", "Steuernummer", "UID"],
           "title": "Rechnung", "head": ["Leistung", "Anzahl", "Preis", "Gesamt"], "sub": "Summe netto", "tax": "Umsatzsteuer",
           "total": "Summe brutto", "due_amt": "Zu zahlen", "terms": "Konditionen"},
    "fr": {"to": ["À", "Facturer à", "Acheteur", "Adressé à"], "seller": ["Vendeur", "Prestataire"],
           "no": ["N° facture", "Référence"], "date": ["Émise le", "Date de facturation"], "due": ["À payer avant le", "Échéance"],
           "cust": ["Numéro client", "Réf. client", "Compte client"], "vat": ["Numéro de TVA", "TVA intracommunautaire"],
           "title": "Facture", "head": ["Article", "Quantité", "P.U.", "Total"], "sub": "Sous-total", "tax": "TVA",
           "total": "Total TTC", "due_amt": "Solde dû", "terms": "Modalités de paiement"},
    "nl": {"to": ["Aan", "Factuur aan"], "seller": ["Leverancier"], "no": ["Nummer"], "date": ["Datum"], "due": ["Vervaldag"],
           "cust": ["Klantnr."], "vat": ["BTW-nr."], "title": "Factuur", "head": ["Artikel", "Aantal", "Prijs", "Totaal"],
           "sub": "Subtotaal", "tax": "BTW", "total": "Totaal", "due_amt": "Te voldoen", "terms": "Betaaltermijn"},
}


def w(rng, f, k):
    v = W[f["lang"]][k]
    return rng.choice(v) if isinstance(v, list) else v


def block(p, contact=True):
    return "\n".join([p["name"], *(p["contact"] if contact else []), *p["address"]])


def meta(rng, f, cust=True):
    rows = [(w(rng, f, "no"), f["inv_id"]), (w(rng, f, "date"), date_text(f["issued"], f["locale"], "short")),
            (w(rng, f, "due"), date_text(f["due"], f["locale"], "short"))]
    if cust and f["cust_id"]:
        rows.append((w(rng, f, "cust"), f["cust_id"]))
    return rows


def pairs(pg, x, y, rows, size=9):
    lw = max(pg.measure(k, size) for k, _ in rows) + 14
    for k, v in rows:
        pg.text(x, y, k, size=size, color=(0.3, 0.3, 0.3))
        pg.text(x + lw, y, v, size=size)
        y += size * 1.55
    return y


def items(pg, rng, f, x, y, wd, size=9):
    h = W[f["lang"]]["head"]
    pg.box(x, y - 2, wd, size * 1.9, fill=(0.15, 0.15, 0.15), line=0)
    for t, cx, al in [(h[0], x + 4, "left"), (h[1], x + wd * 0.62, "right"), (h[2], x + wd * 0.8, "right"),
                      (h[3], x + wd - 4, "right")]:
        pg.text(cx, y + 1, t, size=size, bold=True, color=(1, 1, 1), align=al)
    y += size * 2.2
    for it in f["items"]:
        pg.text(x + 4, y, it["description"], size=size)
        pg.text(x + wd * 0.62, y, str(it["quantity"]), size=size, align="right")
        pg.text(x + wd * 0.8, y, money(it["unit_price"], f["locale"], False), size=size, align="right")
        pg.text(x + wd - 4, y, money(it["amount"], f["locale"], False), size=size, align="right")
        y += size * 1.8
        pg.rule(x, y - 3, x + wd, y - 3, 0.2, 0.6)
    y += 6
    for k, v, b in [(w(rng, f, "sub"), f["sub"], False), (w(rng, f, "tax"), f["tax"], False),
                    (w(rng, f, "total"), f["total"], False), (w(rng, f, "due_amt"), f["total"], True)]:
        pg.text(x + wd * 0.6, y, k, size=size, bold=b)
        pg.text(x + wd - 4, y, money(v, f["locale"]), size=size, bold=b, align="right")
        y += size * 1.6
    pg.text(x, y + 10, f"{w(rng, f, 'terms')}: {f['terms']}", size=size)
    return y + 30


def lay_window_right(pg, rng, f):
    """Vendor top left with its address lines; the customer in a window on the right."""
    v, c = f["vendor"], f["customer"]
    Wd = pg.size[0]
    h = pg.text(20 * MM, 18 * MM, v["name"], size=13, bold=True, width=80 * MM)
    pg.text(20 * MM, 18 * MM + h + 3, "\n".join(v["address"]), size=8.5)
    pg.text(118 * MM, 50 * MM, block(c), size=10, width=75 * MM)
    y = pairs(pg, 20 * MM, 95 * MM, meta(rng, f))
    pg.text(20 * MM, y + 12, w(rng, f, "title"), size=15, bold=True)
    y = items(pg, rng, f, 20 * MM, y + 45, Wd - 40 * MM)
    pg.text(20 * MM, y, f"{w(rng, f, 'vat')}: {f['vtax']}", size=8)


def lay_seller_buyer(pg, rng, f):
    """Seller and buyer side by side, each under a small label, the title over them."""
    Wd = pg.size[0]
    pg.text(Wd / 2, 40, w(rng, f, "title").upper(), size=20, bold=True, align="center")
    y = pairs(pg, Wd / 2 - 80, 75, meta(rng, f, cust=False), size=8.5)
    y += 16
    pg.text(45, y, w(rng, f, "seller"), size=8, bold=True)
    h1 = pg.text(45, y + 13, block(f["vendor"], False), size=9, width=220)
    pg.text(310, y, w(rng, f, "to"), size=8, bold=True)
    h2 = pg.text(310, y + 13, block(f["customer"]), size=9, width=220)
    y = y + 13 + max(h1, h2) + 8
    if f["cust_id"]:
        pg.text(310, y, f"{w(rng, f, 'cust')}: {f['cust_id']}", size=8.5)
    y = items(pg, rng, f, 45, y + 35, Wd - 90)
    pg.text(45, y, f"{w(rng, f, 'vat')} {f['vtax']}", size=8)


def lay_right_head(pg, rng, f):
    """The letterhead set right; a "To:" style label over the customer on the left."""
    Wd = pg.size[0]
    v = f["vendor"]
    h = pg.text(Wd - 50, 40, v["name"], size=14, bold=True, align="right")
    pg.text(Wd - 50, 40 + h + 2, "\n".join(v["address"]), size=8.5, align="right")
    pg.text(50, 40, w(rng, f, "title"), size=28)
    y = 150
    pg.text(50, y, w(rng, f, "to") + ":", size=9, bold=True)
    hc = pg.text(95, y, block(f["customer"]), size=9.5, width=200)
    pairs(pg, 330, y, meta(rng, f), size=9)
    y = items(pg, rng, f, 50, max(y + hc, 230) + 30, Wd - 100)
    pg.text(50, y, f"{w(rng, f, 'vat')}: {f['vtax']}", size=8)


def lay_centred(pg, rng, f):
    """A centred letterhead, the customer's block under a label and its reference under it."""
    Wd = pg.size[0]
    v = f["vendor"]
    pg.text(Wd / 2, 36, v["name"].upper(), size=14, bold=True, align="center")
    pg.text(Wd / 2, 56, "\n".join(v["address"]), size=8, align="center")
    y = 130
    pg.text(50, y, w(rng, f, "to"), size=8, color=(0.4, 0.4, 0.4))
    hc = pg.text(50, y + 12, block(f["customer"]), size=9.5, width=220)
    if f["cust_id"]:
        pg.text(50, y + 16 + hc, f"{w(rng, f, 'cust')}: {f['cust_id']}", size=8.5)
    pg.text(Wd - 50, y - 4, w(rng, f, "title"), size=14, bold=True, align="right")
    pairs(pg, 350, y + 18, meta(rng, f, cust=False), size=8.5)
    y = items(pg, rng, f, 50, max(y + hc + 30, 240) + 20, Wd - 100)
    pg.text(Wd / 2, pg.size[1] - 40, f"{v['name']} — {w(rng, f, 'vat')} {f['vtax']}", size=7, align="center")


LAYOUTS = {"window-right": lay_window_right, "seller-buyer": lay_seller_buyer, "right-head": lay_right_head,
           "centred": lay_centred}
PLAN = [("window-right", ["de-CH", "fr-FR", "de-DE"]), ("seller-buyer", ["en-US", "de-DE", "fr-BE"]),
        ("right-head", ["en-GB", "nl-NL", "en-US"]), ("centred", ["fr-FR", "en-GB", "de-DE"])]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=8423)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-cairo-check"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = out_dir(a.out)
    n = 0
    for layout, locales in PLAN:
        for locale in locales:
            n += 1
            f = make_facts(rng, locale, n, rng.choice(["", "N-", "2026/"]))
            name = f"check-{n:03d}-{layout}-{locale}"
            pg = Page(os.path.join(out, name + ".pdf"), LETTER if locale == "en-US" else A4, rng.choice(FONTS))
            LAYOUTS[layout](pg, rng, f)
            pg.finish()
            meta_ = {"layout": layout, "lang": f["lang"], "locale": locale, "producer": "cairo", "scan": False}
            write_truth(os.path.join(out, name + ".json"), meta_, f["truth"])
    print(f"{n} invoices in {out}")


if __name__ == "__main__":
    main()
