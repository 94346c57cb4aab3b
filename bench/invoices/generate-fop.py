#!/usr/bin/python3
"""The FOP invoice tuning set (bench/invoices/corpus-fop): English-heavy invoices (en-US, en-GB,
en-AU, en-CA, en-IE, a few de-DE and fr-FR) written as XSL-FO and set by Apache FOP, with dates in
many English forms (numeric month-first or day-first, two-digit years, written months, ordinals,
weekdays), due dates as a date or as terms only, and totals under many labels (balance due, total
due, amount payable, please pay, grand total, total with its currency code, in a shaded box with
the label above the figure), discounts printed negative, deposits, amounts in words.

Layouts: a classic letterhead with a label/value table on the right, a band of labels over a row
of values with the total in a box, and a ledger whose totals are the last rows of the items table.

Run: /usr/bin/python3 bench/invoices/generate-fop.py [--seed N] [--n N] (needs apt `fop`).
"""

import argparse
import datetime
import os
import random
import subprocess
import sys
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from en_facts import amount_words, date_text, make_facts, money, out_dir, write_truth  # noqa: E402

LOCALES = ["en-US"] * 5 + ["en-GB"] * 4 + ["en-AU"] * 2 + ["en-CA"] * 2 + ["en-IE"] * 2 + ["de-DE", "fr-FR"]
EN_DATE_STYLES = ["num", "num", "num1", "num2y", "dash", "iso", "long", "ord", "of", "abbr", "dmy-abbr",
                  "dmy-abbr2", "weekday", "upper", "slash-abbr", "abbr-dash"]

L = {
    "en": {
        "title": ["INVOICE", "Invoice", "Tax Invoice", "SALES INVOICE"],
        "no": ["Invoice No.", "Invoice #", "Invoice Number", "Inv #"],
        "date": ["Invoice Date", "Date", "Date of Issue", "Issued", "Invoice date", "Inv. Date"],
        "due": ["Due Date", "Payment Due", "Due", "Pay By", "Due By", "Date Due", "Payment due on", "Payable on"],
        "terms": ["Terms", "Payment Terms", "Terms of payment"],
        "po": ["PO Number", "P.O. #", "Your order"],
        "cust": ["Customer ID", "Account No.", "Client Ref"],
        "bill": ["Bill To", "BILL TO", "Invoice to", "Billed To", "Customer"],
        "taxid": {"US": "EIN", "GB": "VAT Reg. No.", "AU": "ABN", "CA": "GST/HST No.", "IE": "VAT No."},
        "head": ["Description", "Qty", "Unit Price", "Amount"],
        "sub": ["Subtotal", "Sub-total", "Net amount", "Total before tax", "Total excl. {tax}", "Taxable amount", "Net total"],
        "disc": ["Discount", "Less discount", "Discount"],
        "ship": ["Shipping", "Freight", "Delivery", "Postage & packing", "Delivery charges", "P&P", "Freight charges"],
        "total": ["Total", "Grand Total", "Invoice Total", "TOTAL", "Total ({cur})", "Total incl. tax", "Total incl. {tax}",
                  "Total amount", "Invoice value", "Total invoice amount"],
        "paid": ["Amount Paid", "Deposit received", "Less: payment received", "Paid to date", "Less payments",
                 "Credits applied", "Deposit paid"],
        "due_amt": ["Balance Due", "Amount Due", "Total Due", "Amount payable", "Please pay", "TOTAL DUE",
                    "Balance due ({cur})", "Amount owing", "Balance owing", "Total amount due", "Outstanding balance",
                    "Amount to pay"],
        "words": "Amount in words",
        "thanks": ["Thank you for your business.", "Please make cheques payable to the company above.",
                   "We appreciate your prompt payment."],
    },
    "de": {
        "title": ["RECHNUNG"], "no": ["Rechnungsnummer", "Rechnung Nr."], "date": ["Rechnungsdatum", "Datum"],
        "due": ["Fällig am", "Zahlbar bis"], "terms": ["Zahlungsbedingungen"], "po": ["Bestellnummer"],
        "cust": ["Kundennummer"], "bill": ["Rechnungsempfänger", "An"], "taxid": {"DE": "USt-IdNr."},
        "head": ["Beschreibung", "Menge", "Einzelpreis", "Betrag"], "sub": ["Zwischensumme", "Nettobetrag"],
        "disc": ["Rabatt"], "ship": ["Versand"], "total": ["Gesamtbetrag", "Summe brutto"], "paid": ["Anzahlung"],
        "due_amt": ["Zahlbetrag", "Offener Betrag"], "words": "In Worten", "thanks": ["Vielen Dank für Ihren Auftrag."],
    },
    "fr": {
        "title": ["FACTURE"], "no": ["N° de facture", "Facture n°"], "date": ["Date de facture", "Date"],
        "due": ["Échéance", "Date d'échéance"], "terms": ["Conditions de paiement"], "po": ["Bon de commande"],
        "cust": ["Code client"], "bill": ["Facturé à", "Client"], "taxid": {"FR": "N° TVA"},
        "head": ["Désignation", "Qté", "Prix unitaire", "Montant"], "sub": ["Total HT", "Sous-total"],
        "disc": ["Remise"], "ship": ["Frais de port"], "total": ["Total TTC", "Montant TTC"], "paid": ["Acompte versé"],
        "due_amt": ["Net à payer", "Reste à payer"], "words": "Arrêtée la présente facture à la somme de",
        "thanks": ["Merci de votre confiance."],
    },
}

FONTS = ["Helvetica", "Times", "Courier"]


def pick(rng, f, k):
    v = L[f["lang"]][k]
    return (rng.choice(v) if isinstance(v, list) else v).replace("{cur}", f["cur"]).replace("{tax}", f["tax_word"])


def b(text, **attrs):
    a = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f"<fo:block {a}>{escape(text)}</fo:block>"


def cell(content, **attrs):
    a = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f"<fo:table-cell {a}>{content or '<fo:block/>'}</fo:table-cell>"


def table(widths, rows, **attrs):
    a = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    cols = "".join(f'<fo:table-column column-width="{w}"/>' for w in widths)
    body = "".join(f"<fo:table-row>{''.join(r)}</fo:table-row>" for r in rows)
    return f'<fo:table table-layout="fixed" width="100%" {a}>{cols}<fo:table-body>{body}</fo:table-body></fo:table>'


class Doc:
    def __init__(self, rng, f):
        self.rng, self.f = rng, f
        t = f["truth"]
        self.date_style = rng.choice(EN_DATE_STYLES) if f["lang"] == "en" else "num"
        self.money_style = "de" if f["lang"] in ("de", "fr") else rng.choice(["sym", "sym", "bare", "code", "codefirst"])
        self.t = t
        self.neg_style = rng.choice(["minus", "paren"])
        # The due date said in the closing sentence instead of the header; the total line left out
        # where the balance to pay is printed and nothing was paid.
        self.due_in_sentence = f["lang"] == "en" and f["due_kind"] == "date" and rng.random() < 0.3
        self.no_total_line = t["amount_due"] is not None and t["amount_paid"] is None and rng.random() < 0.4

    def m(self, v, neg=False):
        if neg:
            s = money(v, self.f["cur"], self.money_style)
            return f"({s})" if self.neg_style == "paren" and self.money_style != "de" else f"-{s}"
        return money(v, self.f["cur"], self.money_style)

    def d(self, day):
        return date_text(day, self.f["locale"], self.date_style)

    def meta(self):
        """Label/value pairs of the header, in print order."""
        rng, f, t = self.rng, self.f, self.t
        rows = [(pick(rng, f, "no"), t["invoice_id"]), (pick(rng, f, "date"), self.d(f["issued"]))]
        if f["lang"] == "en" and rng.random() < 0.3:
            # An order or shipping date printed before the invoice's own.
            other = f["issued"] - datetime.timedelta(days=rng.randint(1, 20))
            rows.insert(1, (rng.choice(["Order Date", "Ship Date", "Date Shipped", "Order date"]), self.d(other)))
        if t["purchase_order"]:
            rows.append((pick(rng, f, "po"), t["purchase_order"]))
        if t["customer_id"]:
            rows.append((pick(rng, f, "cust"), t["customer_id"]))
        if f["due_kind"] in ("date", "date+terms") and not self.due_in_sentence:
            rows.append((pick(rng, f, "due"), self.d(f["due"])))
        if t["payment_terms"]:
            # Short terms sometimes stand under the due date's label ("Due: On receipt").
            short = len(t["payment_terms"]) <= 15 and rng.random() < 0.4
            rows.append((pick(rng, f, "due" if short else "terms"), t["payment_terms"]))
        return rows

    def totals(self):
        """Label/amount pairs under the items; the last is the figure to pay."""
        rng, f, t = self.rng, self.f, self.t
        rows = [(pick(rng, f, "sub"), self.m(t["subtotal"]))]
        if t["total_discount"]:
            rows.append((pick(rng, f, "disc"), self.m(t["total_discount"], neg=True)))
        if t["shipping"]:
            rows.append((pick(rng, f, "ship"), self.m(t["shipping"])))
        pct = f"{f['rate'] * 100:g}%"
        tax_label = self.rng.choice([f"{f['tax_word']} ({pct})", f"{f['tax_word']} @ {pct}", f["tax_word"],
                                     f"{f['tax_word']} {pct}"])
        rows.append((tax_label, self.m(t["total_tax"])))
        if not self.no_total_line:
            rows.append((pick(rng, f, "total"), self.m(t["invoice_total"])))
        if t["amount_paid"]:
            rows.append((pick(rng, f, "paid"), self.m(t["amount_paid"], neg=True)))
        if t["amount_due"] is not None:
            rows.append((pick(rng, f, "due_amt"), self.m(t["amount_due"])))
        return rows

    def items(self, shade):
        h = L[self.f["lang"]]["head"]
        head = [cell(b(x, font_weight="bold", text_align="end" if k else "start"), padding="3pt",
                     background_color=shade) for k, x in enumerate(h)]
        rows = [head]
        for it in self.t["items"]:
            rows.append([cell(b(it["description"]), padding="3pt"),
                         cell(b(str(it["quantity"]), text_align="end"), padding="3pt"),
                         cell(b(self.m(it["unit_price"]), text_align="end"), padding="3pt"),
                         cell(b(self.m(it["amount"]), text_align="end"), padding="3pt")])
        return rows

    def party(self, p):
        return "".join(b(x) for x in [p["name"], *p["address"]])

    def vendor(self, align="start"):
        f, t = self.f, self.t
        return (b(f["vendor"]["name"], font_weight="bold", font_size="13pt", text_align=align)
                + "".join(b(x, text_align=align) for x in f["vendor"]["address"])
                + b(f"{L[f['lang']]['taxid'][f['country']]}: {t['vendor_tax_id']}", text_align=align))

    def footer(self):
        f, rng = self.f, self.rng
        out = ""
        if rng.random() < 0.35:
            pay = self.t["amount_due"] if self.t["amount_due"] is not None else self.t["invoice_total"]
            if f["lang"] == "en":
                out += b(f"{L['en']['words']}: {amount_words(pay, f['cur'])}", space_before="10pt", font_style="italic")
        if self.due_in_sentence:
            out += b(rng.choice(["Payment is due by {}.", "Please pay by {}.", "Kindly remit payment by {}."])
                     .format(self.d(f["due"])), space_before="10pt")
        out += b(rng.choice(L[f["lang"]]["thanks"]), space_before="14pt")
        return out


def classic(doc):
    rng, f = doc.rng, doc.f
    meta = table(["45%", "55%"], [[cell(b(k, font_weight="bold")), cell(b(v, text_align="end"))] for k, v in doc.meta()])
    head = table(["55%", "45%"], [[cell(doc.vendor()),
                                   cell(b(pick(rng, f, "title"), font_size="20pt", font_weight="bold", text_align="end",
                                          space_after="6pt") + meta)]])
    bill = b(pick(rng, f, "bill"), font_weight="bold", space_before="18pt") + doc.party(f["customer"])
    items = table(["52%", "10%", "19%", "19%"], doc.items("#dddddd"), space_before="16pt",
                  border_bottom="0.5pt solid black")
    tot = doc.totals()
    trows = [[cell(None), cell(b(k, font_weight="bold" if i == len(tot) - 1 else "normal")),
              cell(b(v, text_align="end", font_weight="bold" if i == len(tot) - 1 else "normal"))]
             for i, (k, v) in enumerate(tot)]
    totals = table(["50%", "28%", "22%"], trows, space_before="8pt")
    summary = ""
    t = doc.t
    if f["country"] in ("GB", "IE", "AU") and rng.random() < 0.5:
        # A tax summary under the totals, as British and Australian invoices print one.
        base = round(t["subtotal"] - (t["total_discount"] or 0), 2)
        head_row = [cell(b(x, font_weight="bold", font_size="8pt")) for x in ("Rate", "Net", f["tax_word"], "Gross")]
        vals = [cell(b(x, font_size="8pt")) for x in
                (f"{f['rate'] * 100:g}%", doc.m(base), doc.m(t["total_tax"]), doc.m(round(base + t["total_tax"], 2)))]
        summary = b(f"{f['tax_word']} summary", font_weight="bold", space_before="10pt") + table(
            ["15%", "15%", "15%", "15%", "40%"], [head_row + [cell(None)], vals + [cell(None)]])
    return head + bill + items + totals + summary + doc.footer()


def band(doc):
    """Labels in a shaded row over their values; the figure to pay in a box, its label above it."""
    rng, f = doc.rng, doc.f
    meta = doc.meta()
    w = [f"{100 / len(meta):.2f}%"] * len(meta)
    band_rows = [[cell(b(k.upper(), font_size="7.5pt", color="#555555"), padding="3pt", background_color="#e8eef7")
                  for k, _ in meta],
                 [cell(b(v), padding="3pt") for _, v in meta]]
    top = b(pick(rng, f, "title"), font_size="22pt", color="#1f4e79", font_weight="bold")
    parties = table(["50%", "50%"], [[cell(doc.vendor()),
                                      cell(b(pick(rng, f, "bill"), font_weight="bold", color="#1f4e79")
                                           + doc.party(f["customer"]))]], space_before="10pt")
    items = table(["52%", "10%", "19%", "19%"], doc.items("#e8eef7"), space_before="14pt")
    tot = doc.totals()
    last_k, last_v = tot[-1]
    trows = [[cell(None), cell(b(k)), cell(b(v, text_align="end"))] for k, v in tot[:-1]]
    totals = table(["50%", "28%", "22%"], trows, space_before="8pt")
    box = table(["60%", "40%"], [[cell(None), cell(b(last_k.upper(), font_size="8pt", color="#ffffff")
                                                 + b(last_v, font_size="16pt", font_weight="bold", color="#ffffff"),
                                                 background_color="#1f4e79", padding="6pt")]], space_before="6pt")
    return top + parties + table(w, band_rows, space_before="12pt") + items + totals + box + doc.footer()


def ledger(doc):
    """A centred letterhead, dates as lines of text, totals as the last rows of the items table."""
    rng, f = doc.rng, doc.f
    head = doc.vendor(align="center")
    title = b(pick(rng, f, "title"), font_size="16pt", font_weight="bold", text_align="center", space_before="10pt")
    lines = "".join(b(f"{k}: {v}") for k, v in doc.meta())
    left = b(pick(rng, f, "bill"), font_weight="bold") + doc.party(f["customer"])
    top = table(["50%", "50%"], [[cell(left), cell(lines)]], space_before="12pt")
    rows = doc.items("#f0f0f0")
    for k, v in doc.totals():
        rows.append([cell(b(""), padding="3pt"), cell(b(""), padding="3pt"),
                     cell(b(k, text_align="end", font_weight="bold"), padding="3pt"),
                     cell(b(v, text_align="end"), padding="3pt", border_top="0.3pt solid #999999")])
    items = table(["52%", "10%", "19%", "19%"], rows, space_before="14pt")
    return head + title + top + items + doc.footer()


LAYOUTS = {"classic": classic, "band": band, "ledger": ledger}


def fo(body, font, letter):
    w, h = ("8.5in", "11in") if letter else ("210mm", "297mm")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<fo:root xmlns:fo="http://www.w3.org/1999/XSL/Format">
<fo:layout-master-set><fo:simple-page-master master-name="p" page-width="{w}" page-height="{h}" margin="18mm">
<fo:region-body/></fo:simple-page-master></fo:layout-master-set>
<fo:page-sequence master-reference="p"><fo:flow flow-name="xsl-region-body" font-family="{font}" font-size="9.5pt">
{body}
</fo:flow></fo:page-sequence></fo:root>"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=4101)
    ap.add_argument("--n", type=int, default=36)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-fop"))
    a = ap.parse_args()
    rng = random.Random(a.seed)
    d = out_dir(a.out)
    names = list(LAYOUTS)
    for i in range(a.n):
        locale = rng.choice(LOCALES)
        layout = names[i % len(names)]
        f = make_facts(rng, locale, rng.choice(["INV", "SI", "A"]))
        doc = Doc(rng, f)
        body = LAYOUTS[layout](doc)
        name = f"fop-{i + 1:03d}-{layout}-{locale}"
        src = os.path.join(d, name + ".fo")
        with open(src, "w", encoding="utf-8") as fh:
            fh.write(fo(body, rng.choice(FONTS), f["country"] in ("US", "CA")))
        subprocess.run(["fop", "-q", "-fo", src, "-pdf", os.path.join(d, name + ".pdf")], check=True,
                       stdout=subprocess.DEVNULL)
        os.remove(src)
        meta = {"layout": layout, "lang": f["lang"], "locale": locale, "producer": "fop", "scan": False,
                "date_style": doc.date_style}
        write_truth(os.path.join(d, name + ".json"), meta, f["truth"])


if __name__ == "__main__":
    main()
