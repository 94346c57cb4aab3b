#!/usr/bin/python3
"""The cairo invoice tuning set (bench/invoices/corpus-cairo): pages drawn with pycairo and Pango
text, no HTML engine, in party layouts real invoices use: "Bill to" and "Ship to" side by side, a
DIN 5008 letter (sender line over the window, information block beside it), labels above values
in small capitals, labels in the corner of ruled boxes, a shaded side column holding the vendor,
a letterhead with the address on one line, the vendor repeated in a footer with its tax id and
bank. Customers carry contact lines ("Attn:", "z. Hd.", a department), c/o lines, country lines,
names long enough to wrap; the customer number stands by the customer or in the meta block.

Run with Debian's python: /usr/bin/python3 bench/invoices/generate-cairo.py [--seed N] [--out DIR].
The same seed makes the same truth and pages. The check set's maker is generate-cairo-check.py.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cairo_facts import A4, LETTER, MM, Page, date_text, make_facts, money, out_dir, write_truth  # noqa: E402

FONTS = ["DejaVu Sans", "Liberation Sans", "Liberation Serif", "Noto Sans", "DejaVu Serif", "Noto Serif"]

L = {
    "en": {
        "bill": ["Bill to", "Billed to", "Invoice to", "Customer", "Sold to", "Bill To:"],
        "ship": ["Ship to", "Deliver to", "Delivery address"],
        "from": ["From", "Supplier", "Vendor"],
        "title": ["INVOICE", "Invoice", "TAX INVOICE"],
        "no": ["Invoice No.", "Invoice #", "Invoice number"],
        "date": ["Invoice date", "Date", "Date of issue"],
        "due": ["Due date", "Payment due", "Due by"],
        "cust": ["Customer No.", "Customer ID", "Account No.", "Account"],
        "vat": ["VAT No.", "VAT Reg No.", "Tax ID", "EIN"],
        "head": ["Description", "Qty", "Unit price", "Amount"],
        "sub": ["Subtotal", "Net total"], "tax": ["Tax", "VAT", "Sales tax"], "total": ["Total", "Invoice total"],
        "dueamt": ["Amount due", "Balance due"], "terms": ["Payment terms", "Terms"],
        "bank": "Bank", "iban": "IBAN",
    },
    "de": {
        "bill": ["Rechnungsempfänger", "Rechnung an", "Kunde", "Rechnungsadresse"],
        "ship": ["Lieferadresse", "Lieferanschrift"],
        "from": ["Absender", "Lieferant"],
        "title": ["RECHNUNG", "Rechnung"],
        "no": ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr."],
        "date": ["Rechnungsdatum", "Datum"],
        "due": ["Fällig am", "Zahlbar bis"],
        "cust": ["Kunden-Nr.", "Kundennummer", "Kd.-Nr."],
        "vat": ["USt-IdNr.", "USt-ID", "UID-Nr."],
        "head": ["Bezeichnung", "Menge", "Einzelpreis", "Betrag"],
        "sub": ["Zwischensumme", "Nettobetrag"], "tax": ["MwSt.", "USt."], "total": ["Gesamtbetrag", "Rechnungsbetrag"],
        "dueamt": ["Zahlbetrag", "Offener Betrag"], "terms": ["Zahlungsbedingungen", "Zahlungsziel"],
        "bank": "Bank", "iban": "IBAN",
    },
    "fr": {
        "bill": ["Facturé à", "Client", "Adresse de facturation", "Destinataire"],
        "ship": ["Livré à", "Adresse de livraison"],
        "from": ["Émetteur", "Fournisseur", "Vendeur"],
        "title": ["FACTURE", "Facture"],
        "no": ["Facture n°", "N° de facture", "Numéro de facture"],
        "date": ["Date de facture", "Date d'émission", "Date"],
        "due": ["Échéance", "Date d'échéance"],
        "cust": ["N° client", "Code client", "Référence client"],
        "vat": ["N° TVA intracommunautaire", "TVA intracom.", "N° TVA"],
        "head": ["Désignation", "Qté", "Prix unitaire", "Montant"],
        "sub": ["Total HT", "Sous-total"], "tax": ["TVA", "Montant TVA"], "total": ["Total TTC", "Montant total"],
        "dueamt": ["Net à payer", "Reste à payer"], "terms": ["Conditions de paiement", "Règlement"],
        "bank": "Banque", "iban": "IBAN",
    },
    "nl": {
        "bill": ["Factuuradres", "Klant", "Aan"],
        "ship": ["Afleveradres"],
        "from": ["Van"],
        "title": ["FACTUUR", "Factuur"],
        "no": ["Factuurnummer", "Factuurnr."],
        "date": ["Factuurdatum", "Datum"],
        "due": ["Vervaldatum"],
        "cust": ["Klantnummer", "Debiteurnummer"],
        "vat": ["BTW-nummer", "Btw-nr."],
        "head": ["Omschrijving", "Aantal", "Prijs", "Bedrag"],
        "sub": ["Subtotaal"], "tax": ["BTW"], "total": ["Totaal"],
        "dueamt": ["Te betalen"], "terms": ["Betalingstermijn"],
        "bank": "Bank", "iban": "IBAN",
    },
}


def pick(rng, f, key):
    return rng.choice(L[f["lang"]][key])


def party_lines(p, with_contact=True):
    """The lines of a party block as printed: name, contact lines, address lines."""
    return [p["name"], *(p["contact"] if with_contact else []), *p["address"]]


def meta_rows(rng, f, with_cust=True):
    d = rng.choice(["short", "long"])
    rows = [(pick(rng, f, "no"), f["inv_id"]), (pick(rng, f, "date"), date_text(f["issued"], f["locale"], d)),
            (pick(rng, f, "due"), date_text(f["due"], f["locale"], d))]
    if with_cust and f["cust_id"]:
        rows.insert(1, (pick(rng, f, "cust"), f["cust_id"]))
    return rows


def draw_pairs(pg, x, y, rows, lw=80, vw=110, size=9, colon=True):
    lw = max(lw, max(pg.measure(k + ":", size) for k, _ in rows) + 10)
    for k, v in rows:
        pg.text(x, y, k + (":" if colon else ""), size=size)
        pg.text(x + lw, y, v, size=size, bold=True)
        y += size * 1.6
    return y


def draw_items(pg, rng, f, x, y, w, size=9, boxed=False):
    """The item table and totals; returns y under them."""
    h = L[f["lang"]]["head"]
    cols = [x, x + w * 0.56, x + w * 0.72, x + w]
    if boxed:
        pg.box(x - 4, y - 3, w + 8, size * 1.8, fill=(0.88, 0.88, 0.88), line=0)
    pg.text(cols[0], y, h[0], size=size, bold=True)
    pg.text(cols[1], y, h[1], size=size, bold=True)
    pg.text(cols[2] + w * 0.12, y, h[2], size=size, bold=True, align="right")
    pg.text(cols[3], y, h[3], size=size, bold=True, align="right")
    y += size * 1.9
    pg.rule(x, y - 3, x + w, y - 3, 0.4)
    for it in f["items"]:
        pg.text(cols[0], y, it["description"], size=size)
        pg.text(cols[1], y, str(it["quantity"]), size=size)
        pg.text(cols[2] + w * 0.12, y, money(it["unit_price"], f["locale"], False), size=size, align="right")
        pg.text(cols[3], y, money(it["amount"], f["locale"], False), size=size, align="right")
        y += size * 1.7
    pg.rule(x, y, x + w, y, 0.4)
    y += 8
    rate = {"USD": "7.25%", "GBP": "20%", "CHF": "8.1%"}.get(f["truth"]["currency"], "")
    if not rate:
        rate = "19 %" if f["locale"] == "de-DE" else ("21 %" if f["locale"] in ("fr-BE", "nl-NL") else "20 %")
    lab = lambda k: pick(rng, f, k)  # noqa: E731
    for k, v in [(lab("sub"), f["sub"]), (f"{lab('tax')} {rate}", f["tax"]), (lab("total"), f["total"]),
                 (lab("dueamt"), f["total"])]:
        pg.text(x + w * 0.55, y, k, size=size, bold=k.startswith(L[f["lang"]]["dueamt"][0][:3]))
        pg.text(x + w, y, money(v, f["locale"]), size=size, align="right")
        y += size * 1.7
    y += 10
    pg.text(x, y, f"{lab('terms')}: {f['terms']}", size=size)
    return y + size * 2


def footer_vendor(pg, rng, f, y, size=7.5):
    """The vendor once more at the foot of the page: address, tax id, bank, in three columns."""
    v = f["vendor"]
    W = pg.size[0]
    pg.rule(40, y - 6, W - 40, y - 6, 0.4, 0.5)
    pg.text(40, y, "\n".join([v["name"], *v["address"]]), size=size, width=(W - 80) / 3 - 10)
    pg.text(40 + (W - 80) / 3, y, f"{pick(rng, f, 'vat')}: {f['vtax']}\nTel. +{rng.randint(10, 49)} {rng.randint(100, 999)} {rng.randint(100000, 999999)}",
            size=size)
    iban = "DE" + "".join(str(rng.randint(0, 9)) for _ in range(20))
    pg.text(40 + 2 * (W - 80) / 3, y, f"{L[f['lang']]['bank']}: Volksbank Mitte\n{L[f['lang']]['iban']}: {iban}", size=size)


# ---------------------------------------------------------------- layouts

def lay_billship(pg, rng, f):
    """Letterhead left, title and meta right, Bill to and Ship to side by side."""
    W = pg.size[0]
    v = f["vendor"]
    y = 40
    y += pg.text(40, y, v["name"], size=15, bold=True, width=260)
    pg.text(40, y + 4, "\n".join(v["address"]), size=9)
    pg.text(W - 40, 40, pick(rng, f, "title"), size=22, bold=True, align="right")
    draw_pairs(pg, W - 230, 80, meta_rows(rng, f), lw=95)
    y = 190
    ship = rng.random() < 0.6
    c = f["customer"]
    pg.text(40, y, pick(rng, f, "bill"), size=8.5, bold=True, color=(0.3, 0.3, 0.3))
    h = pg.text(40, y + 14, "\n".join(party_lines(c)), size=9.5, width=200)
    if ship:
        pg.text(300, y, pick(rng, f, "ship"), size=8.5, bold=True, color=(0.3, 0.3, 0.3))
        pg.text(300, y + 14, "\n".join([c["name"], *c["address"]]), size=9.5, width=200)
    y = y + 14 + h + 30
    y = draw_items(pg, rng, f, 40, y, W - 80, boxed=True)
    pg.text(40, y + 10, f"{pick(rng, f, 'vat')}: {f['vtax']}", size=8)


def lay_din(pg, rng, f):
    """DIN 5008 letter: small sender line over the window, information block beside it, footer."""
    W = pg.size[0]
    v = f["vendor"]
    pg.text(W - 20 * MM, 15 * MM, v["name"], size=14, bold=True, align="right")
    sep = rng.choice([" · ", " | ", " • "])
    sender = sep.join([v["name"], v["address"][0], *v["address"][1:]])
    pg.text(25 * MM, 47 * MM, sender, size=6.5)
    pg.rule(25 * MM, 47 * MM + 9, 110 * MM, 47 * MM + 9, 0.3)
    c = f["customer"]
    pg.text(25 * MM, 53 * MM, "\n".join(party_lines(c)), size=10, width=80 * MM)
    rows = meta_rows(rng, f)
    draw_pairs(pg, 125 * MM, 50 * MM, rows, lw=36 * MM, size=8.5, colon=rng.random() < 0.5)
    y = 105 * MM
    pg.text(25 * MM, y, f"{pick(rng, f, 'title')} {f['inv_id']}", size=12, bold=True)
    y += 30
    y = draw_items(pg, rng, f, 25 * MM, y, W - 45 * MM)
    footer_vendor(pg, rng, f, pg.size[1] - 70)


def lay_caps(pg, rng, f):
    """Labels above their values in small upper case: vendor and customer, number and dates."""
    W = pg.size[0]
    v = f["vendor"]
    pg.text(40, 40, pick(rng, f, "title").upper(), size=26, bold=True)
    lab = lambda s, x, y: pg.text(x, y, s.upper(), size=7, bold=True, color=(0.45, 0.45, 0.45))  # noqa: E731
    y = 95
    xs = [40, 200, 360]
    rows = meta_rows(rng, f, with_cust=False)
    for (k, val), x in zip(rows, xs):
        lab(k, x, y)
        pg.text(x, y + 11, val, size=10)
    y = 145
    from_label = rng.random() < 0.5
    if from_label:
        lab(pick(rng, f, "from"), 40, y)
    hv = pg.text(40, y + 11, "\n".join([v["name"], *v["address"]]), size=9.5, width=150)
    lab(pick(rng, f, "bill"), 240, y)
    h = pg.text(240, y + 11, "\n".join(party_lines(f["customer"])), size=9.5, width=150)
    if f["cust_id"]:
        lab(pick(rng, f, "cust"), 420, y)
        pg.text(420, y + 11, f["cust_id"], size=10)
    y = max(y + 11 + max(h, hv), 230) + 30
    y = draw_items(pg, rng, f, 40, y, W - 80)
    pg.text(40, y + 8, f"{pick(rng, f, 'vat')} {f['vtax']}", size=8)


def lay_boxes(pg, rng, f):
    """Ruled boxes, each with its label in its upper left corner."""
    W = pg.size[0]
    v = f["vendor"]
    hv = pg.text(40, 36, v["name"], size=16, bold=True, width=330)
    pg.text(W - 40, 36, pick(rng, f, "title"), size=18, bold=True, align="right")
    sep = rng.choice(["  ·  ", "  |  "])
    pg.text(40, 40 + hv, sep.join(v["address"]), size=8.5)
    y = 70 + hv
    top = y
    pg.text(45, y + 3, pick(rng, f, "bill"), size=7, color=(0.35, 0.35, 0.35))
    hc = pg.text(52, y + 18, "\n".join(party_lines(f["customer"])), size=9.5, width=230)
    pg.box(40, y, 250, hc + 26)
    rows = meta_rows(rng, f)
    bx = 310
    for k, val in rows:
        pg.box(bx, y, W - 40 - bx, 26)
        pg.text(bx + 4, y + 2, k, size=6.5, color=(0.35, 0.35, 0.35))
        pg.text(bx + 12, y + 12, val, size=9.5)
        y += 28
    y = max(y, top + hc + 26) + 30
    y = draw_items(pg, rng, f, 40, y, W - 80, boxed=True)
    pg.box(40, y + 4, W - 80, 24)
    pg.text(44, y + 6, f"{pick(rng, f, 'vat')}: {f['vtax']}", size=8)


def lay_sidebar(pg, rng, f):
    """A shaded column down the left holds the vendor; the customer and items on the right."""
    W, H = pg.size
    v = f["vendor"]
    pg.box(0, 0, 165, H, fill=(0.9, 0.92, 0.95), line=0)
    y = 50
    y += pg.text(20, y, v["name"], size=12, bold=True, width=130) + 8
    y += pg.text(20, y, "\n".join(v["address"]), size=8.5, width=130) + 14
    pg.text(20, y, f"{pick(rng, f, 'vat')}\n{f['vtax']}", size=8)
    x = 190
    pg.text(x, 45, pick(rng, f, "title"), size=24, bold=True)
    pg.text(x, 100, pick(rng, f, "bill"), size=8.5, bold=True)
    h = pg.text(x, 114, "\n".join(party_lines(f["customer"])), size=9.5, width=170)
    draw_pairs(pg, 390, 100, meta_rows(rng, f), lw=85, size=8.5)
    y = max(114 + h, 190) + 30
    draw_items(pg, rng, f, x, y, W - x - 35)


def lay_onelinehead(pg, rng, f):
    """The vendor only in a letterhead, its address on one line; the customer under a short label."""
    W = pg.size[0]
    v = f["vendor"]
    pg.text(W / 2, 36, v["name"], size=17, bold=True, align="center")
    sep = rng.choice([" · ", " | "])
    pg.text(W / 2, 60, sep.join(v["address"]), size=8.5, align="center")
    pg.rule(40, 76, W - 40, 76, 0.8)
    y = 100
    labelled = rng.random() < 0.6
    if labelled:
        pg.text(40, y, pick(rng, f, "bill") + ":", size=9, bold=True)
        y += 14
    h = pg.text(40, y, "\n".join(party_lines(f["customer"])), size=10, width=220)
    pg.text(W - 40, 100, pick(rng, f, "title"), size=16, bold=True, align="right")
    draw_pairs(pg, W - 250, 128, meta_rows(rng, f), lw=100, size=9)
    y = max(y + h, 200) + 30
    y = draw_items(pg, rng, f, 40, y, W - 80)
    pg.text(W / 2, pg.size[1] - 50, f"{v['name']} {sep} {pick(rng, f, 'vat')} {f['vtax']}", size=7.5, align="center")


def lay_footer_only(pg, rng, f):
    """The vendor's name at the top; its address, tax id and bank only in the footer."""
    W = pg.size[0]
    v = f["vendor"]
    hv = pg.text(40, 40, v["name"], size=18, bold=True, width=300)
    pg.text(W - 40, 44, pick(rng, f, "title"), size=14, align="right")
    y = max(120, 40 + hv + 24)
    pg.text(40, y, pick(rng, f, "bill"), size=8.5, color=(0.4, 0.4, 0.4))
    h = pg.text(40, y + 13, "\n".join(party_lines(f["customer"])), size=10, width=230)
    draw_pairs(pg, 330, y, meta_rows(rng, f), lw=95, size=9)
    y = max(y + 13 + h, 210) + 30
    draw_items(pg, rng, f, 40, y, W - 80)
    footer_vendor(pg, rng, f, pg.size[1] - 75)


LAYOUTS = {"billship": lay_billship, "din": lay_din, "caps": lay_caps, "boxes": lay_boxes,
           "sidebar": lay_sidebar, "onelinehead": lay_onelinehead, "footer": lay_footer_only}
PLAN = [
    ("billship", ["en-US", "en-GB", "en-US", "fr-FR", "de-DE", "nl-NL"]),
    ("din", ["de-DE", "de-DE", "de-CH", "fr-FR", "en-GB", "de-DE"]),
    ("caps", ["en-US", "en-GB", "fr-FR", "de-DE", "en-US", "fr-BE"]),
    ("boxes", ["en-GB", "de-DE", "fr-FR", "en-US", "de-CH", "fr-FR"]),
    ("sidebar", ["en-US", "de-DE", "fr-BE", "en-GB", "nl-NL", "fr-FR"]),
    ("onelinehead", ["en-GB", "de-DE", "fr-FR", "en-US", "de-CH", "en-US"]),
    ("footer", ["de-DE", "en-GB", "fr-FR", "en-US", "fr-BE", "de-DE"]),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3911)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-cairo"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = out_dir(a.out)
    n = 0
    for layout, locales in PLAN:
        for locale in locales:
            n += 1
            f = make_facts(rng, locale, n, rng.choice(["INV-", "RE-", "F", "", "R"]))
            name = f"cairo-{n:03d}-{layout}-{locale}"
            size = LETTER if locale == "en-US" else A4
            pg = Page(os.path.join(out, name + ".pdf"), size, rng.choice(FONTS))
            LAYOUTS[layout](pg, rng, f)
            pg.finish()
            meta = {"layout": layout, "lang": f["lang"], "locale": locale, "producer": "cairo", "scan": False}
            write_truth(os.path.join(out, name + ".json"), meta, f["truth"])
    print(f"{n} invoices in {out}")


if __name__ == "__main__":
    main()
