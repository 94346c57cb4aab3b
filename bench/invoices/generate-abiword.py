#!/usr/bin/python3
"""The header-grid TUNING set (bench/invoices/corpus-grid): 40 invoices in en-US, en-GB, de-DE,
fr-FR written as plain HTML (tables, inline styles) and set by AbiWord (`abiword --to=pdf`).
Shapes: a row of ruled boxes with labels over their values, grey small-capital labels above values
in a borderless grid, labels on a line of their own with the value on the next, a label/value table
beside the letterhead, number and dates run on one line ("No. 10234 Date ..."), a summary box with
the balance; totals ladders with discount, shipping, deposit and balance lines, set as a table of
their own or as the last rows of the items table; due dates as a date, as terms only, or both.
Facts from headers_facts.py (the check set, generate-chromium-check.py, shares only the facts).

Run: /usr/bin/python3 bench/invoices/generate-abiword.py [--seed N] [--n N] (needs apt `abiword`).
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
        "title": ["INVOICE", "Invoice", "Tax Invoice"],
        "no": ["Invoice No.", "No.", "#", "Ref.", "Invoice number", "Inv. No.", "Invoice Ref"],
        "date": ["Date", "Invoice date", "Date of issue", "Issued on"],
        "due": ["Due", "Due date", "Payment due", "Pay by"],
        "terms": ["Terms", "Payment terms"],
        "po": ["PO number", "Order no."], "cust": ["Customer no.", "Account no."],
        "bill": ["Bill to", "Invoice to", "Customer"],
        "sub": ["Subtotal", "Sub-total", "Net total"], "disc": ["Discount", "Less discount"],
        "ship": ["Shipping", "Delivery", "Postage"], "tax": {"en-US": "Sales tax", "en-GB": "VAT"},
        "total": ["Total", "Total amount", "Grand total"], "paid": ["Deposit", "Amount paid", "Less: deposit paid", "Paid"],
        "amt_due": ["Amount due", "Balance due", "Amount due ({cur})", "Total due", "Amount payable"],
        "head": ["Description", "Quantity", "Unit price", "Amount"],
    },
    "de": {
        "title": ["RECHNUNG", "Rechnung"],
        "no": ["Rechnungsnummer", "Rechnungs-Nr.", "Nr.", "Beleg-Nr."],
        "date": ["Rechnungsdatum", "Datum"],
        "due": ["Fällig", "Fälligkeitsdatum", "Zahlbar bis"],
        "terms": ["Zahlungsbedingungen", "Zahlungsziel"],
        "po": ["Bestell-Nr."], "cust": ["Kundennummer"],
        "bill": ["Rechnungsempfänger", "Kunde"],
        "sub": ["Zwischensumme", "Nettobetrag", "Summe netto"], "disc": ["Rabatt", "abzgl. Rabatt"],
        "ship": ["Versandkosten", "Porto", "Lieferkosten"], "tax": {"de-DE": "MwSt."},
        "total": ["Gesamtbetrag", "Rechnungsbetrag", "Endbetrag"], "paid": ["Anzahlung", "bereits bezahlt"],
        "amt_due": ["Zu zahlen", "Zahlbetrag", "Fälliger Betrag", "Offener Betrag"],
        "head": ["Beschreibung", "Menge", "Einzelpreis", "Betrag"],
    },
    "fr": {
        "title": ["FACTURE", "Facture"],
        "no": ["N° de facture", "Facture n°", "Numéro", "Réf."],
        "date": ["Date", "Date de facture", "Date d'émission"],
        "due": ["Échéance", "Date d'échéance", "À payer avant le"],
        "terms": ["Conditions de paiement", "Conditions"],
        "po": ["Bon de commande"], "cust": ["N° client"],
        "bill": ["Facturé à", "Client"],
        "sub": ["Sous-total", "Total HT"], "disc": ["Remise", "Rabais"],
        "ship": ["Frais de port", "Frais de livraison"], "tax": {"fr-FR": "TVA"},
        "total": ["Total TTC", "Montant total"], "paid": ["Acompte", "Acompte versé", "Déjà payé"],
        "amt_due": ["Montant dû", "Net à payer", "Reste à payer", "Solde à payer"],
        "head": ["Désignation", "Quantité", "Prix unitaire", "Montant"],
    },
}

GREY = "color:#808080;font-size:7pt"


def pick(rng, w, k, f=None):
    s = rng.choice(w[k])
    return s.replace("{cur}", f["truth"]["currency"]) if f else s


def party(p):
    return "<br>".join(e(x) for x in [p["name"], *p["address"]])


def meta_pairs(rng, f, w):
    style = rng.choice(["long", "num", "num"])
    out = [(pick(rng, w, "no"), e(f["inv_id"])), (pick(rng, w, "date"), date_text(f["issued"], f["locale"], style))]
    if f["due_mode"] in ("date", "both"):
        out.append((pick(rng, w, "due"), date_text(f["due"], f["locale"], style)))
    if f["due_mode"] in ("terms", "both"):
        out.append((pick(rng, w, "terms"), e(f["terms"])))
    if f["po"]:
        out.append((pick(rng, w, "po"), e(f["po"])))
    if f["cust_id"]:
        out.append((pick(rng, w, "cust"), e(f["cust_id"])))
    return out


def ladder_rows(rng, f, w):
    loc = f["locale"]
    m = lambda v: e(money(v, loc))  # noqa: E731
    rows = [(pick(rng, w, "sub"), m(f["sub"]))]
    if f["disc"]:
        rows.append((pick(rng, w, "disc"), "-" + m(f["disc"]) if rng.random() < 0.6 else m(f["disc"])))
    if f["ship"]:
        rows.append((pick(rng, w, "ship"), m(f["ship"])))
    pct = f"{f['rate'] * 100:g}"
    if f["lang"] != "en":
        pct = pct.replace(".", ",")
    rows.append((f"{w['tax'][loc]} ({pct}%)" if rng.random() < 0.5 else f"{w['tax'][loc]} {pct} %", m(f["tax"])))
    rows.append((pick(rng, w, "total"), m(f["total"])))
    if f["paid"]:
        rows.append((pick(rng, w, "paid"), "-" + m(f["paid"])))
    if f["paid"] or rng.random() < 0.4:
        rows.append((pick(rng, w, "amt_due", f), m(f["amount_due"])))
        f["printed_due"] = True
    return rows


def items(rng, f, w, ladder_inside=False):
    loc = f["locale"]
    h = w["head"]
    body = "".join(
        f"<tr><td>{e(i['description'])}</td><td align=right>{i['quantity']}</td>"
        f"<td align=right>{e(money(i['unit_price'], loc, False))}</td><td align=right>{e(money(i['amount'], loc, False))}</td></tr>"
        for i in f["items"])
    lad = ""
    if ladder_inside:
        lad = "".join(f"<tr><td></td><td colspan=2 align=right>{a}</td><td align=right>{b}</td></tr>"
                      for a, b in ladder_rows(rng, f, w))
    border = " border=1" if rng.random() < 0.5 else ""
    return (f"<p></p><table width=100%{border} cellpadding=3><tr><td><b>{h[0]}</b></td><td align=right><b>{h[1]}</b></td>"
            f"<td align=right><b>{h[2]}</b></td><td align=right><b>{h[3]}</b></td></tr>{body}{lad}</table>")


def totals(rng, f, w):
    r = rng.random()
    if r < 0.3:
        return ""  # set inside the items table by the caller
    if r < 0.55:
        # Labels in one cell and their amounts in the next, one a line (a word processor's tab stops).
        rows = ladder_rows(rng, f, w)
        labs = "<br>".join(a for a, _ in rows)
        vals = "<br>".join(b for _, b in rows)
        return f"<p></p><table width=100% cellpadding=2><tr><td width=50%></td><td align=right>{labs}</td><td align=right>{vals}</td></tr></table>"
    rows = "".join(f"<tr><td align=right>{a}</td><td align=right>{b}</td></tr>" for a, b in ladder_rows(rng, f, w))
    return f"<p></p><table width=45% align=right cellpadding=2>{rows}</table>"


def items_and_totals(rng, f, w):
    t = totals(rng, f, w)
    return items(rng, f, w, ladder_inside=not t) + t


def head(rng, f, w):
    return (f"<p><b><span style='font-size:13pt'>{e(f['vendor']['name'])}</span></b><br>"
            f"{'<br>'.join(e(x) for x in f['vendor']['address'])}<br>{e(f['vtax'])}</p>")


def bill(rng, f, w):
    return f"<p><b>{pick(rng, w, 'bill')}</b><br>{party(f['customer'])}</p>"


def amount_due_pair(rng, f, w, big=False):
    f["printed_due"] = True
    v = e(money(f["amount_due"], f["locale"]))
    return (pick(rng, w, "amt_due", f), f"<span style='font-size:16pt'><b>{v}</b></span>" if big else v)


def lay_boxrow(rng, f, w):
    every = meta_pairs(rng, f, w)
    pairs = every[:3] + [amount_due_pair(rng, f, w, big=rng.random() < 0.5)]
    rest = every[3:]
    labs = "".join(f"<td><b>{a}</b></td>" for a, _ in pairs)
    vals = "".join(f"<td>{b}</td>" for _, b in pairs)
    more = "".join(f"<p>{a}: {b}</p>" for a, b in rest)
    return (head(rng, f, w) + f"<h1>{pick(rng, w, 'title')}</h1>" + bill(rng, f, w)
            + f"<table width=100% border=1 cellpadding=4><tr>{labs}</tr><tr>{vals}</tr></table>{more}"
            + items_and_totals(rng, f, w))


def lay_greycaps(rng, f, w):
    pairs = meta_pairs(rng, f, w)
    cols = 3
    rows = ""
    for k in range(0, len(pairs), cols):
        chunk = pairs[k:k + cols]
        rows += "<tr>" + "".join(f"<td><span style='{GREY}'>{a.upper()}</span></td>" for a, _ in chunk) + "</tr>"
        rows += "<tr>" + "".join(f"<td>{b}</td>" for _, b in chunk) + "</tr>"
    return (f"<h1>{pick(rng, w, 'title')}</h1>" + head(rng, f, w) + f"<table width=80% cellpadding=2>{rows}</table>"
            + bill(rng, f, w) + items_and_totals(rng, f, w))


def lay_ownline(rng, f, w):
    pairs = meta_pairs(rng, f, w)
    block = "".join(f"<p><b>{a}:</b><br>{b}</p>" if rng.random() < 0.5 else f"<p><b>{a}:</b></p><p>{b}</p>"
                    for a, b in pairs)
    return head(rng, f, w) + f"<h2>{pick(rng, w, 'title')}</h2>" + block + bill(rng, f, w) + items_and_totals(rng, f, w)


def lay_lvtable(rng, f, w):
    pairs = meta_pairs(rng, f, w)
    rows = "".join(f"<tr><td>{a}</td><td>{b}</td></tr>" for a, b in pairs)
    border = " border=1" if rng.random() < 0.5 else ""
    return (f"<h1>{pick(rng, w, 'title')}</h1>" + head(rng, f, w) + bill(rng, f, w)
            + f"<table width=60%{border} cellpadding=2>{rows}</table>" + items_and_totals(rng, f, w))


def lay_inline(rng, f, w):
    pairs = meta_pairs(rng, f, w)
    sep = rng.choice(["&nbsp;&nbsp;&nbsp;", " | ", " · "])
    line = sep.join(f"{a} {b}" if a in ("#", "No.", "Nr.", "N°") or rng.random() < 0.5 else f"{a}: {b}" for a, b in pairs)
    return head(rng, f, w) + f"<h1>{pick(rng, w, 'title')}</h1><p>{line}</p>" + bill(rng, f, w) + items_and_totals(rng, f, w)


def lay_summary(rng, f, w):
    pairs = meta_pairs(rng, f, w)
    a, b = amount_due_pair(rng, f, w)
    box = (f"<table width=40% border=1 cellpadding=6 align=right><tr><td><span style='{GREY}'>{a.upper()}</span><br>"
           f"<span style='font-size:16pt'><b>{b}</b></span></td></tr></table>")
    rows = "".join(f"<tr><td>{x}</td><td>{y}</td></tr>" for x, y in pairs)
    return (head(rng, f, w) + box + f"<h1>{pick(rng, w, 'title')}</h1>" + f"<table width=50% cellpadding=1>{rows}</table>"
            + bill(rng, f, w) + items_and_totals(rng, f, w))


def lay_blocks(rng, f, w):
    """The letterhead left, a cell of labels and a cell of their values right of it, one a line."""
    pairs = meta_pairs(rng, f, w)
    colon = ":" if rng.random() < 0.5 else ""
    labs = "<br>".join(f"{a}{colon}" for a, _ in pairs)
    vals = "<br>".join(b for _, b in pairs)
    v = f["vendor"]
    left = f"<b>{e(v['name'])}</b><br>{'<br>'.join(e(x) for x in v['address'])}<br>{e(f['vtax'])}"
    return (f"<h1>{pick(rng, w, 'title')}</h1><table width=100% cellpadding=2><tr><td width=45%>{left}</td>"
            f"<td align=right>{labs}</td><td>{vals}</td></tr></table>" + bill(rng, f, w) + items_and_totals(rng, f, w))


def lay_bandbelow(rng, f, w):
    """Labels in a shaded header row over their values, the balance last, below the parties."""
    every = meta_pairs(rng, f, w)
    pairs = every[:4]
    rest = every[4:]
    if rng.random() < 0.6:
        pairs = pairs[:3] + [amount_due_pair(rng, f, w, big=rng.random() < 0.6)]
        rest = every[3:]
    labs = "".join(f"<td bgcolor='#d0d0d0'><span style='font-size:8pt'>{a.upper()}</span></td>" for a, _ in pairs)
    vals = "".join(f"<td>{b}</td>" for _, b in pairs)
    more = "".join(f"<p>{a} {b}</p>" for a, b in rest)
    return (head(rng, f, w) + bill(rng, f, w) + f"<h2>{pick(rng, w, 'title')}</h2>"
            + f"<table width=100% cellpadding=3><tr>{labs}</tr><tr>{vals}</tr></table>{more}" + items_and_totals(rng, f, w))


def lay_beside(rng, f, w):
    """Grey labels over their values, stacked down a narrow column, the letterhead beside them."""
    pairs = meta_pairs(rng, f, w)
    if rng.random() < 0.5:
        pairs.append(amount_due_pair(rng, f, w, big=True))
    stack = "<br>".join(f"<span style='{GREY}'>{a.upper()}</span><br>{b}" for a, b in pairs)
    v = f["vendor"]
    right = f"<b>{e(v['name'])}</b><br>{'<br>'.join(e(x) for x in v['address'])}<br>{e(f['vtax'])}"
    return (f"<table width=100% cellpadding=2><tr><td width=35%><h1>{pick(rng, w, 'title')}</h1>{stack}</td>"
            f"<td align=right>{right}<br><br>{bill(rng, f, w)}</td></tr></table>" + items_and_totals(rng, f, w))


LAYOUTS = [lay_beside, lay_boxrow, lay_greycaps, lay_ownline, lay_lvtable, lay_inline, lay_summary, lay_blocks, lay_bandbelow]
FONTS = ["Liberation Serif", "DejaVu Sans", "Liberation Sans", "Noto Serif", "DejaVu Serif"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=2611)
    ap.add_argument("--n", type=int, default=54)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-grid"))
    ap.add_argument("--chromium", action="store_true", help="print the same HTML with Chromium (corpus-grid-chromium)")
    a = ap.parse_args()
    if a.chromium:
        a.out = a.out.replace("corpus-grid", "corpus-grid-chromium")
        a.seed += 1
    pairs = []
    rng = random.Random(a.seed)
    out = out_dir(a.out)
    locales = ["en-US", "en-GB", "de-DE", "fr-FR", "en-US", "en-GB"]
    tmp = tempfile.mkdtemp(prefix="grid-abw-")
    for i in range(a.n):
        loc = locales[i % len(locales)]
        f = make_facts(rng, loc)
        lay = LAYOUTS[i % len(LAYOUTS)]
        w = W[f["lang"]]
        body = lay(rng, f, w)
        if not f.get("printed_due"):
            f["truth"]["amount_due"] = None  # not printed: null, as in the other corpora
        font = rng.choice(FONTS)
        doc = (f"<html><head><meta charset='utf-8'></head><body style=\"font-family:'{font}';font-size:10pt\">"
               f"{body}</body></html>")
        name = f"grid-{i + 1:03d}-{lay.__name__[4:]}-{loc}"
        src = os.path.join(tmp, name + ".html")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(doc)
        if a.chromium:
            pairs.append(f"{src}:{os.path.join(out, name + '.pdf')}")
        else:
            subprocess.run(["abiword", "--to=pdf", f"--to-name={os.path.join(out, name + '.pdf')}", src], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        producer = "chromium" if a.chromium else "abiword"
        meta = {"layout": lay.__name__[4:], "lang": f["lang"], "locale": loc, "producer": producer, "scan": False}
        write_truth(os.path.join(out, name + ".json"), meta, f["truth"])
    if pairs:
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run(["node", os.path.join(here, "html-to-pdf.mjs"), *pairs], check=True, cwd=here)


if __name__ == "__main__":
    main()
