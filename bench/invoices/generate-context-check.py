#!/usr/bin/python3
"""A second header-grid CHECK set (bench/invoices/corpus-grid-check2): 16 invoices in en-US, en-GB,
de-DE, fr-FR typeset by ConTeXt MkIV (`context`, LuaTeX) with layout code and label wording of its
own: a tabulate band of small grey labels over their values with the balance set large, labels and
values stacked in two cells of a frameless natural table beside the letterhead, totals ladders set
as two stacked cells, labels on a line of their own over their values. Facts from
headers_facts.py. A check set: run for aggregate figures only, never looked at while tuning.

Run: /usr/bin/python3 bench/invoices/generate-context-check.py [--seed N] [--n N] (needs `context`).
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from headers_facts import date_text, make_facts, money, out_dir, write_truth  # noqa: E402

W = {
    "en": {
        "title": ["INVOICE", "Invoice"],
        "no": ["Invoice Number", "Invoice ID", "No."], "date": ["Invoice Date", "Date of invoice", "Billing date"],
        "due": ["Due Date", "Payable by", "Payment due date"], "terms": ["Payment Terms", "Terms"],
        "po": "Purchase order", "cust": "Customer ID", "bill": ["Bill To", "Sold To"],
        "sub": ["Subtotal", "Total net"], "disc": ["Discount", "Less discount"], "ship": ["Shipping", "Delivery charge"],
        "tax": {"en-US": "Tax", "en-GB": "VAT"}, "total": ["Total", "Total gross"],
        "paid": ["Paid", "Less amount paid"], "amt_due": ["Amount Due", "Balance Due", "Total to pay"],
        "head": ["Description", "Qty", "Rate", "Amount"],
    },
    "de": {
        "title": ["RECHNUNG", "Rechnung"],
        "no": ["Rechnungsnr.", "Rechnungs-Nr.", "Beleg-Nr."], "date": ["Rechnungsdatum", "Datum der Rechnung"],
        "due": ["Zahlbar bis", "Fällig bis"], "terms": ["Zahlungsbedingungen"], "po": "Bestellnummer",
        "cust": "Kundennummer", "bill": ["Rechnung an", "Empfänger"],
        "sub": ["Summe netto", "Nettosumme"], "disc": ["Rabatt", "Nachlass"], "ship": ["Versand", "Fracht"],
        "tax": {"de-DE": "USt"}, "total": ["Gesamtsumme", "Bruttobetrag"], "paid": ["Bezahlt", "Erhaltene Anzahlung"],
        "amt_due": ["Zahlbetrag", "Restbetrag"], "head": ["Bezeichnung", "Menge", "Preis", "Summe"],
    },
    "fr": {
        "title": ["FACTURE", "Facture"],
        "no": ["N° facture", "Numéro de facture"], "date": ["Date de facturation", "Date facture"],
        "due": ["Date limite de règlement", "Échéance"], "terms": ["Conditions de règlement"], "po": "N° de commande",
        "cust": "Code client", "bill": ["Adresse de facturation", "Client"],
        "sub": ["Sous-total HT", "Total hors taxes"], "disc": ["Remise commerciale"], "ship": ["Frais d'envoi"],
        "tax": {"fr-FR": "TVA"}, "total": ["Montant total TTC", "Total TTC"], "paid": ["Montant réglé", "Acompte reçu"],
        "amt_due": ["Total à payer", "Montant à payer"], "head": ["Désignation", "Qté", "Prix", "Total"],
    },
}

TEX = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}",
       "~": r"\lettertilde{}", "^": r"\letterhat{}"}


def x(s):
    return "".join(TEX.get(c, c) for c in str(s))


def pick(rng, w, k):
    return rng.choice(w[k])


def meta(rng, f, w):
    style = rng.choice(["long", "num"])
    out = [(pick(rng, w, "no"), x(f["inv_id"])), (pick(rng, w, "date"), x(date_text(f["issued"], f["locale"], style)))]
    if f["due_mode"] in ("date", "both"):
        out.append((pick(rng, w, "due"), x(date_text(f["due"], f["locale"], style))))
    if f["due_mode"] in ("terms", "both"):
        out.append((pick(rng, w, "terms"), x(f["terms"])))
    if f["po"]:
        out.append((w["po"], x(f["po"])))
    if f["cust_id"]:
        out.append((w["cust"], x(f["cust_id"])))
    return out


def ladder(rng, f, w):
    loc = f["locale"]
    m = lambda v: x(money(v, loc))  # noqa: E731
    rows = [(pick(rng, w, "sub"), m(f["sub"]))]
    if f["disc"]:
        rows.append((pick(rng, w, "disc"), "-" + m(f["disc"])))
    if f["ship"]:
        rows.append((pick(rng, w, "ship"), m(f["ship"])))
    pct = f"{f['rate'] * 100:g}" if f["lang"] == "en" else f"{f['rate'] * 100:g}".replace(".", ",")
    rows.append((f"{w['tax'][loc]} {pct}\\%", m(f["tax"])))
    rows.append((pick(rng, w, "total"), m(f["total"])))
    if f["paid"]:
        rows.append((pick(rng, w, "paid"), "-" + m(f["paid"])))
        rows.append((pick(rng, w, "amt_due"), m(f["amount_due"])))
        f["printed_due"] = True
    return rows


def party(p):
    return "\\crlf ".join(x(s) for s in [p["name"], *p["address"]])


def items(f, w):
    loc = f["locale"]
    h = w["head"]
    body = "".join(f"\\NC {x(i['description'])} \\NC {i['quantity']} \\NC {x(money(i['unit_price'], loc, False))} "
                   f"\\NC {x(money(i['amount'], loc, False))} \\NC\\NR\n" for i in f["items"])
    return (f"\\blank\\starttabulate[|p(7cm)|r|r|r|]\n\\HL\n\\NC {{\\bf {h[0]}}} \\NC {{\\bf {h[1]}}} \\NC {{\\bf {h[2]}}} "
            f"\\NC {{\\bf {h[3]}}} \\NC\\NR\n\\HL\n{body}\\HL\n\\stoptabulate\n")


def totals(rng, f, w):
    rows = ladder(rng, f, w)
    if rng.random() < 0.5:
        labs = "\\crlf ".join(a for a, _ in rows)
        vals = "\\crlf ".join(b for _, b in rows)
        return (f"\\bTABLE[frame=off,align=flushright]\\bTR \\bTD[width=8cm] \\eTD \\bTD[width=4cm] {labs} \\eTD "
                f"\\bTD[width=3cm] {vals} \\eTD \\eTR\\eTABLE\n")
    body = "".join(f"\\NC \\NC {a} \\NC {b} \\NC\\NR\n" for a, b in rows)
    return f"\\starttabulate[|p(8cm)|l|r|]\n{body}\\stoptabulate\n"


def head(f):
    addr = "\\crlf ".join(x(s) for s in f["vendor"]["address"])
    return f"{{\\tfb\\bf {x(f['vendor']['name'])}}}\\crlf {addr}\\crlf {x(f['vtax'])}\\par\n"


def bill(rng, f, w):
    return f"\\blank{{\\bf {pick(rng, w, 'bill')}}}\\crlf {party(f['customer'])}\\par\n"


def lay_band(rng, f, w):
    pairs = meta(rng, f, w)
    shown = pairs[:3]
    rest = pairs[3:]
    f["printed_due"] = True
    shown.append((pick(rng, w, "amt_due"), f"{{\\tfb\\bf {x(money(f['amount_due'], f['locale']))}}}"))
    spec = "|l" * len(shown) + "|"
    labs = " ".join(f"\\NC {{\\tfx\\color[darkgray]{{{a.upper()}}}}}" for a, _ in shown)
    vals = " ".join(f"\\NC {b}" for _, b in shown)
    more = "".join(f"{a}: {b}\\crlf " for a, b in rest)
    return (head(f) + f"\\blank{{\\tfc {pick(rng, w, 'title')}}}\\blank\n" + bill(rng, f, w)
            + f"\\blank\\starttabulate[{spec}]\n{labs} \\NC\\NR\n{vals} \\NC\\NR\n\\stoptabulate\n{more}\\par\n"
            + items(f, w) + totals(rng, f, w))


def lay_stack(rng, f, w):
    pairs = meta(rng, f, w)
    labs = "\\crlf ".join(f"{a}:" for a, _ in pairs)
    vals = "\\crlf ".join(b for _, b in pairs)
    left = f"{{\\bf {x(f['vendor']['name'])}}}\\crlf " + "\\crlf ".join(x(s) for s in f["vendor"]["address"]) + f"\\crlf {x(f['vtax'])}"
    return (f"{{\\tfc {pick(rng, w, 'title')}}}\\blank\n\\bTABLE[frame=off]\\bTR \\bTD[width=7cm] {left} \\eTD "
            f"\\bTD[width=4.5cm,align=flushright] {labs} \\eTD \\bTD[width=4cm] {vals} \\eTD \\eTR\\eTABLE\n"
            + bill(rng, f, w) + items(f, w) + totals(rng, f, w))


def lay_ownline(rng, f, w):
    pairs = meta(rng, f, w)
    block = "".join(f"{{\\tfx\\color[darkgray]{{{a}}}}}\\crlf {b}\\par\n" for a, b in pairs)
    return (head(f) + f"\\blank{{\\tfc {pick(rng, w, 'title')}}}\\blank\n" + block + bill(rng, f, w)
            + items(f, w) + totals(rng, f, w))


def lay_lines(rng, f, w):
    pairs = meta(rng, f, w)
    block = "".join(f"{a}: {b}\\crlf " for a, b in pairs)
    return (head(f) + bill(rng, f, w) + f"\\blank{{\\tfc {pick(rng, w, 'title')}}}\\blank\n{block}\\par\n"
            + items(f, w) + totals(rng, f, w))


LAYOUTS = [lay_band, lay_stack, lay_ownline, lay_lines]
FONTS = ["dejavu", "termes", "heros", "pagella"]
LANGS = {"en-US": "us", "en-GB": "uk", "de-DE": "de", "fr-FR": "fr"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=5143)
    ap.add_argument("--n", type=int, default=16)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-grid-check2"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = out_dir(a.out)
    locales = ["en-US", "de-DE", "en-GB", "fr-FR"]
    for i in range(a.n):
        loc = locales[i % len(locales)]
        f = make_facts(rng, loc)
        lay = LAYOUTS[(i // 4 + i) % len(LAYOUTS)]
        w = W[f["lang"]]
        body = lay(rng, f, w)
        if not f.get("printed_due"):
            f["truth"]["amount_due"] = None  # not printed: null, as in the other corpora
        paper = "letter" if loc == "en-US" else "A4"
        tex = (f"\\setuppapersize[{paper}]\\setuppagenumbering[state=stop]\\setupbodyfont[{rng.choice(FONTS)},10pt]"
               f"\\mainlanguage[{LANGS[loc]}]\\setupwhitespace[small]\\setupindenting[no]\n\\starttext\n{body}\\stoptext\n")
        name = f"gridk-{i + 1:03d}-{lay.__name__[4:]}-{loc}"
        work = tempfile.mkdtemp(prefix="gridk-")
        with open(os.path.join(work, "doc.tex"), "w", encoding="utf-8") as fh:
            fh.write(tex)
        subprocess.run(["context", "--batchmode", "--nostatistics", "doc.tex"], cwd=work, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.copy(os.path.join(work, "doc.pdf"), os.path.join(out, name + ".pdf"))
        shutil.rmtree(work)
        meta_ = {"layout": lay.__name__[4:], "lang": f["lang"], "locale": loc, "producer": "context", "scan": False}
        write_truth(os.path.join(out, name + ".json"), meta_, f["truth"])


if __name__ == "__main__":
    main()
