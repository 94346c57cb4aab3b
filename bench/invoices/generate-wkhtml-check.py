#!/usr/bin/python3
"""The wkhtmltopdf invoice check set (bench/invoices/corpus-fop-check): the facts of en_facts.py
drawn as HTML by layouts of their own, with label wordings and date forms partly unlike the FOP
tuning set's, set by wkhtmltopdf (Qt WebKit). Only run it for figures: never tune on it.

Layouts: a dark sidebar holding the dates and the total, a two-column "statement" with the
totals in a bordered grid, and a plain typed letter whose fields are lines of text.

Run: /usr/bin/python3 bench/invoices/generate-wkhtml-check.py [--seed N] [--n N] (apt `wkhtmltopdf`).
"""

import argparse
import html
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from en_facts import amount_words, date_text, make_facts, money, out_dir, write_truth  # noqa: E402

LOCALES = ["en-US"] * 4 + ["en-GB"] * 3 + ["en-AU"] * 2 + ["en-CA", "en-IE", "de-DE"]
DATE_STYLES = ["num", "num1", "num2y", "long", "ord", "abbr", "dmy-abbr", "dmy-sp2", "weekday", "iso", "upper", "dash"]

W = {
    "title": ["Invoice", "INVOICE", "Statement / Invoice", "Tax invoice"],
    "no": ["Invoice no", "Ref.", "Document No.", "Invoice ID"],
    "date": ["Dated", "Invoice date", "Date issued", "Billing date"],
    "due": ["Payment due", "Due date", "Payable by", "Please pay by"],
    "terms": ["Terms", "Payment terms", "Credit terms"],
    "po": ["Purchase order", "PO No."],
    "cust": ["Account", "Customer no."],
    "bill": ["Invoice to:", "Sold to", "Client:", "Attention:"],
    "head": ["Item / service", "Quantity", "Rate", "Line total"],
    "sub": ["Subtotal", "Goods total", "Total net", "Total excl. tax"],
    "disc": ["Discount", "Trade discount", "Promotional credit"],
    "ship": ["Carriage", "Shipping & handling", "Delivery charge"],
    "total": ["Total", "Grand total", "Invoice amount", "Total amount", "TOTAL ({cur})"],
    "paid": ["Payments/credits", "Less deposit", "Amount received"],
    "due_amt": ["Balance due", "Amount due", "Amount outstanding", "Total payable", "Pay this amount"],
}
DE = {"title": ["Rechnung"], "no": ["Rechnungs-Nr."], "date": ["Rechnungsdatum"], "due": ["Zahlungsziel"],
      "terms": ["Zahlungsbedingungen"], "po": ["Ihre Bestellung"], "cust": ["Kunden-Nr."], "bill": ["Rechnung an"],
      "head": ["Position", "Menge", "Preis", "Summe"], "sub": ["Nettosumme"], "disc": ["Rabatt"], "ship": ["Fracht"],
      "total": ["Rechnungsbetrag"], "paid": ["Anzahlung"], "due_amt": ["Zahlbetrag"]}
TAXID = {"US": "Tax ID", "GB": "VAT number", "AU": "ABN", "CA": "Business No.", "IE": "VAT number", "DE": "USt-ID"}
FONTS = ["DejaVu Sans", "Liberation Serif", "Noto Sans", "Liberation Mono", "URW Gothic"]


def pick(rng, f, k):
    return rng.choice((DE if f["lang"] == "de" else W)[k]).replace("{cur}", f["cur"])


def e(s):
    return html.escape(str(s))


class Doc:
    def __init__(self, rng, f):
        self.rng, self.f, self.t = rng, f, f["truth"]
        self.date_style = rng.choice(DATE_STYLES) if f["lang"] == "en" else "num"
        self.money_style = "de" if f["lang"] == "de" else rng.choice(["sym", "bare", "code", "sym"])

    def m(self, v, neg=False):
        s = money(v, self.f["cur"], self.money_style)
        return f"-{s}" if neg else s

    def d(self, day):
        return date_text(day, self.f["locale"], self.date_style)

    def meta(self):
        rng, f, t = self.rng, self.f, self.t
        rows = [(pick(rng, f, "date"), self.d(f["issued"])), (pick(rng, f, "no"), t["invoice_id"])]
        if t["customer_id"]:
            rows.append((pick(rng, f, "cust"), t["customer_id"]))
        if t["purchase_order"]:
            rows.append((pick(rng, f, "po"), t["purchase_order"]))
        if t["payment_terms"]:
            rows.append((pick(rng, f, "terms"), t["payment_terms"]))
        if f["due_kind"] in ("date", "date+terms"):
            rows.append((pick(rng, f, "due"), self.d(f["due"])))
        return rows

    def totals(self):
        rng, f, t = self.rng, self.f, self.t
        rows = [(pick(rng, f, "sub"), self.m(t["subtotal"]))]
        if t["total_discount"]:
            rows.append((pick(rng, f, "disc"), self.m(t["total_discount"], neg=True)))
        if t["shipping"]:
            rows.append((pick(rng, f, "ship"), self.m(t["shipping"])))
        pct = f"{f['rate'] * 100:g}%"
        rows.append((rng.choice([f"{f['tax_word']} {pct}", f"{f['tax_word']} at {pct}", f"Total {f['tax_word']}"]),
                     self.m(t["total_tax"])))
        rows.append((pick(rng, f, "total"), self.m(t["invoice_total"])))
        if t["amount_paid"]:
            rows.append((pick(rng, f, "paid"), self.m(t["amount_paid"], neg=True)))
        if t["amount_due"] is not None:
            rows.append((pick(rng, f, "due_amt"), self.m(t["amount_due"])))
        return rows

    def items(self):
        h = (DE if self.f["lang"] == "de" else W)["head"]
        out = "<table class='items'><tr>" + "".join(f"<th>{e(x)}</th>" for x in h) + "</tr>"
        for it in self.t["items"]:
            out += (f"<tr><td>{e(it['description'])}</td><td class='r'>{it['quantity']}</td>"
                    f"<td class='r'>{e(self.m(it['unit_price']))}</td><td class='r'>{e(self.m(it['amount']))}</td></tr>")
        return out + "</table>"

    def vendor(self):
        v, f = self.f["vendor"], self.f
        return (f"<div class='vn'>{e(v['name'])}</div>" + "".join(f"<div>{e(x)}</div>" for x in v["address"])
                + f"<div>{TAXID[f['country']]} {e(self.t['vendor_tax_id'])}</div>")

    def customer(self):
        c = self.f["customer"]
        return "".join(f"<div>{e(x)}</div>" for x in [c["name"], *c["address"]])

    def words(self):
        if self.f["lang"] != "en" or self.rng.random() < 0.6:
            return ""
        pay = self.t["amount_due"] if self.t["amount_due"] is not None else self.t["invoice_total"]
        return f"<p><i>{e(amount_words(pay, self.f['cur']))} only</i></p>"


def sidebar(doc):
    rng, f = doc.rng, doc.f
    side = "".join(f"<div class='sl'>{e(k)}</div><div class='sv'>{e(v)}</div>" for k, v in doc.meta())
    tot = doc.totals()
    side += f"<div class='sl'>{e(tot[-1][0])}</div><div class='big'>{e(tot[-1][1])}</div>"
    rows = "".join(f"<tr><td>{e(k)}</td><td class='r'>{e(v)}</td></tr>" for k, v in tot)
    return f"""<table class='frame'><tr><td class='side'>{side}</td><td class='main'>
<h1>{e(pick(rng, f, 'title'))}</h1>{doc.vendor()}<h3>{e(pick(rng, f, 'bill'))}</h3>{doc.customer()}
{doc.items()}<table class='tot'>{rows}</table>{doc.words()}</td></tr></table>"""


def statement(doc):
    rng, f = doc.rng, doc.f
    meta = doc.meta()
    grid = "".join(f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in meta)
    rows = "".join(f"<tr><th>{e(k)}</th><td class='r'>{e(v)}</td></tr>" for k, v in doc.totals())
    return f"""<table width='100%'><tr><td width='55%'>{doc.vendor()}</td><td><h1>{e(pick(rng, f, 'title'))}</h1>
<table class='grid'>{grid}</table></td></tr></table>
<h3>{e(pick(rng, f, 'bill'))}</h3>{doc.customer()}{doc.items()}
<table class='grid tot2'>{rows}</table>{doc.words()}<p>Thank you for choosing us.</p>"""


def letter(doc):
    rng, f = doc.rng, doc.f
    lines = "".join(f"<div>{e(k)}: {e(v)}</div>" for k, v in doc.meta())
    rows = "".join(f"<tr><td></td><td>{e(k)}</td><td class='r'>{e(v)}</td></tr>" for k, v in doc.totals())
    return f"""<div class='c'>{doc.vendor()}</div><hr/>
<p><b>{e(pick(rng, f, 'bill'))}</b></p>{doc.customer()}<br/>
<p class='t'><b>{e(pick(rng, f, 'title'))}</b></p>{lines}{doc.items()}<table class='tot3'>{rows}</table>{doc.words()}
<p>Payment by bank transfer is appreciated.</p>"""


LAYOUTS = {"sidebar": sidebar, "statement": statement, "letter": letter}

CSS = """body{font-family:'%s';font-size:10pt} .r{text-align:right} .vn{font-size:14pt;font-weight:bold}
table.items{width:100%%;border-collapse:collapse;margin-top:14px} .items th{background:#333;color:#fff;text-align:left;padding:4px}
.items td{border-bottom:1px solid #ccc;padding:4px} table.frame{width:100%%} td.side{width:28%%;background:#20324a;color:#fff;
vertical-align:top;padding:10px} .sl{font-size:8pt;color:#aac;margin-top:8px} .sv{font-size:10pt} .big{font-size:17pt;font-weight:bold}
td.main{vertical-align:top;padding:10px} table.tot{margin-left:50%%;width:50%%;margin-top:10px}
.grid{border-collapse:collapse} .grid th,.grid td{border:1px solid #777;padding:3px 6px;text-align:left}
.tot2{margin-left:55%%;margin-top:10px;width:45%%} .c{text-align:center} .tot3{width:100%%;margin-top:8px} .t{font-size:15pt}"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=9907)
    ap.add_argument("--n", type=int, default=24)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-fop-check"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    d = out_dir(a.out)
    names = list(LAYOUTS)
    for i in range(a.n):
        locale = rng.choice(LOCALES)
        layout = names[i % len(names)]
        f = make_facts(rng, locale, rng.choice(["IN", "BL", "X"]))
        doc = Doc(rng, f)
        page = f"<html><head><meta charset='utf-8'><style>{CSS % rng.choice(FONTS)}</style></head><body>{LAYOUTS[layout](doc)}</body></html>"
        name = f"wk-{i + 1:03d}-{layout}-{locale}"
        src = os.path.join(d, name + ".html")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(page)
        size = "Letter" if f["country"] in ("US", "CA") else "A4"
        subprocess.run(["wkhtmltopdf", "-q", "-s", size, src, os.path.join(d, name + ".pdf")], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.remove(src)
        meta = {"layout": layout, "lang": f["lang"], "locale": locale, "producer": "wkhtmltopdf", "scan": False,
                "date_style": doc.date_style}
        write_truth(os.path.join(d, name + ".json"), meta, f["truth"])


if __name__ == "__main__":
    main()
