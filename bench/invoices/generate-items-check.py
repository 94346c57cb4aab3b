#!/usr/bin/python3
"""The item-table check set (bench/invoices/corpus-items-check): invoices laid out with ReportLab
platypus, by layout code unrelated to generate-items.ts, to check the item rules on documents they
were not tuned on. Item tables over one to three pages (header repeated, carry or page-subtotal
rows), wrapped descriptions and small notes, units, codes, VAT rates, discount and section rows.
Seeded and deterministic; truth is written from the drawn facts.

    /usr/bin/python3 bench/invoices/generate-items-check.py [--seed N] [--count N] [--out DIR]
"""

import argparse
import json
import os
import random

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

LOCALES = [
    # tag, lang, thousands, decimal, currency, symbol
    ("en-GB", "en", ",", ".", "GBP", "£"),
    ("de-DE", "de", ".", ",", "EUR", "€"),
    ("fr-FR", "fr", " ", ",", "EUR", "€"),
    ("en-US", "en", ",", ".", "USD", "$"),
    ("nl-NL", "nl", ".", ",", "EUR", "€"),
    ("de-AT", "de", " ", ",", "EUR", "€"),
]

HEAD = {
    "en": dict(code=["Product code", "Ref"], desc=["Description of goods/services", "Product"],
               qty=["Qty.", "Quantity"], unit=["Unit"], price=["Price/unit", "Unit price"],
               tax=["Tax %", "VAT rate"], amount=["Net amount", "Amount"], hours=["Hours"], rate=["Rate"],
               cout="Carried forward", cin="Brought forward", psub="Subtotal page",
               sub="Net total", vat="VAT", tot="Amount payable", disc="Early order discount",
               title="INVOICE", no="Invoice number", date="Date of issue", to="Billed to"),
    "de": dict(code=["Artikel-Nr.", "Art.-Nr."], desc=["Artikel / Leistung", "Bezeichnung"],
               qty=["Menge", "Anz."], unit=["Einheit"], price=["Preis/Einheit", "Einzelpreis"],
               tax=["USt. %", "MwSt."], amount=["Gesamtpreis", "Betrag netto"], hours=["Stunden"],
               rate=["Stundensatz"], cout="Übertrag", cin="Übertrag", psub="Zwischensumme Seite",
               sub="Summe netto", vat="Umsatzsteuer", tot="Zahlbetrag", disc="Frühbucherrabatt",
               title="Rechnung", no="Rechnungsnummer", date="Rechnungsdatum", to="Empfänger"),
    "fr": dict(code=["Réf. article", "Code"], desc=["Désignation", "Article"], qty=["Qté", "Quantité"],
               unit=["Unité"], price=["P.U.", "Prix unitaire HT"], tax=["TVA", "Taux TVA"],
               amount=["Total HT", "Montant"], hours=["Heures"], rate=["Taux horaire"], cout="À reporter",
               cin="Report", psub="Sous-total page", sub="Total HT", vat="TVA", tot="Total TTC",
               disc="Remise exceptionnelle", title="FACTURE", no="Facture N°", date="Date", to="Client"),
    "nl": dict(code=["Artikelcode", "Art.nr."], desc=["Omschrijving", "Product"], qty=["Aantal"],
               unit=["Eenheid"], price=["Prijs per eenheid", "Prijs"], tax=["BTW %", "BTW"],
               amount=["Bedrag", "Totaal"], hours=["Uren"], rate=["Uurtarief"], cout="Transport",
               cin="Transport", psub="Subtotaal pagina", sub="Subtotaal", vat="BTW", tot="Totaal te betalen",
               disc="Korting", title="FACTUUR", no="Factuurnummer", date="Factuurdatum", to="Aan"),
}
GOODS = {
    "en": ["Safety gloves, nitrile (case)", "Pallet wrap film", "Laser printer A4 duplex", "Desk lamp LED",
           "Cable ties, 300 mm, bag of 100", "Hand sanitiser 5 l",
           "Industrial floor cleaning machine with battery pack and charger, 45 l tank"],
    "de": ["Schutzhandschuhe Nitril (Karton)", "Stretchfolie", "Laserdrucker A4 Duplex", "Tischleuchte LED",
           "Kabelbinder 300 mm, Beutel 100", "Handdesinfektion 5 l",
           "Scheuersaugmaschine mit Akku und Ladegerät, 45 l Tank, für Hallenböden"],
    "fr": ["Gants nitrile (carton)", "Film étirable", "Imprimante laser A4 recto-verso", "Lampe LED",
           "Colliers de serrage 300 mm, sachet de 100", "Gel hydroalcoolique 5 l",
           "Autolaveuse industrielle avec batterie et chargeur, réservoir 45 l"],
    "nl": ["Nitril handschoenen (doos)", "Stretchfolie", "Laserprinter A4 duplex", "Bureaulamp LED",
           "Kabelbinders 300 mm, zak 100", "Handgel 5 l",
           "Schrobzuigmachine met accu en lader, tank 45 l, voor hallen"],
}
SERVICES = {
    "en": ["Maintenance visit", "Remote support", "Audit and report"],
    "de": ["Wartungseinsatz", "Fernwartung", "Prüfung und Bericht"],
    "fr": ["Visite de maintenance", "Assistance à distance", "Audit et rapport"],
    "nl": ["Onderhoudsbezoek", "Ondersteuning op afstand", "Audit en rapport"],
}
UNITS = {"en": ["pcs", "roll", "each"], "de": ["Stk.", "Rolle", "Pkt."], "fr": ["pce", "rouleau", "u"],
         "nl": ["stuk", "rol", "pak"]}
RATES = {"en-GB": [20, 5], "de-DE": [19, 7], "fr-FR": [20, 5.5], "en-US": [7.5], "nl-NL": [21, 9],
         "de-AT": [20, 10]}
SECTION = {"en": ["Consumables", "Equipment"], "de": ["Verbrauchsmaterial", "Geräte"],
           "fr": ["Consommables", "Équipement"], "nl": ["Verbruiksmateriaal", "Apparatuur"]}


def fmt(v, loc, dec=2):
    s = f"{abs(v):,.{dec}f}".replace(",", "\x00").replace(".", loc[3]).replace("\x00", loc[2])
    return ("-" if v < 0 else "") + s


def qfmt(v, loc):
    return str(int(v)) if float(v).is_integer() else fmt(v, loc, 1)


def make(i, seed, out):
    r = random.Random(seed * 1000 + i)
    loc = LOCALES[i % len(LOCALES)]
    tag, lang = loc[0], loc[1]
    h = HEAD[lang]
    pages = [1, 1, 2, 3][i % 4]
    hours = i % 5 == 4
    code_col = not hours and r.random() < 0.5
    unit_col = not hours and r.random() < 0.4
    tax_col = r.random() < 0.5
    sections = pages == 1 and not hours and r.random() < 0.4
    per = [r.randint(4, 8)] if pages == 1 else [r.randint(10, 13)] + [r.randint(14, 18)] * (pages - 1)
    rates = RATES[tag]
    rows, items = [], []
    total = sum(per)
    for k in range(total):
        if sections and k in (0, total // 2):
            rows.append(("section", SECTION[lang][0 if k == 0 else 1]))
        name = r.choice(SERVICES[lang] if hours else GOODS[lang])
        n = sum(1 for it in items if it["description"].startswith(name))
        if n:
            name = f"{name} {n + 1}"
        q = r.choice([1, 1.5, 2, 3, 6.5, 8]) if hours else r.choice([1, 2, 3, 5, 10, 12, 24, 50, 2.5])
        p = r.choice([78.0, 95.0, 120.0]) if hours else round(r.choice([3.9, 7.25, 18.0, 64.5, 329.0, 1899.0]), 2)
        note = None
        if r.random() < 0.25:
            note = r.choice([f"SN-{r.randint(100000, 999999)}", "03/2026"])
        unit = ("h" if hours else r.choice(UNITS[lang])) if (unit_col or hours or r.random() < 0.3) else None
        it = dict(description=name + (f" {note}" if note else ""), quantity=q, unit=unit, unit_price=p,
                  tax_rate=(r.choice(rates) if tax_col else None), amount=round(q * p, 2),
                  product_code=(f"{r.randint(10000, 99999)}-{r.choice('ABC')}" if code_col else None))
        items.append(it)
        rows.append(("item", it, name, note))
    if pages == 1 and not hours and r.random() < 0.4:
        net = sum(it["amount"] for it in items)
        d = dict(description=h["disc"], quantity=None, unit=None, unit_price=None,
                 tax_rate=(rates[0] if tax_col else None), amount=-round(net * 0.05, 2), product_code=None)
        items.append(d)
        rows.append(("item", d, h["disc"], None))
        per[0] += 1

    base = ParagraphStyle("b", fontName=r.choice(["Helvetica", "Times-Roman", "Courier"]), fontSize=r.choice([8, 9]),
                          leading=10.5)
    small = ParagraphStyle("s", parent=base, fontSize=6.5, leading=8, textColor=colors.grey)
    sym = loc[5]

    def money(v, mark):
        return f"{fmt(v, loc)} {sym}" if mark and lang != "en" else (f"{sym}{fmt(v, loc)}" if mark else fmt(v, loc))

    head = []
    if code_col:
        head.append(r.choice(h["code"]))
    head.append(r.choice(h["desc"]))
    head.append(r.choice(h["hours"] if hours else h["qty"]))
    if unit_col:
        head.append(r.choice(h["unit"]))
    head.append(r.choice(h["rate"] if hours else h["price"]))
    if tax_col:
        head.append(r.choice(h["tax"]))
    head.append(r.choice(h["amount"]))
    mark = r.random() < 0.5

    def cells(it, name, note):
        c = []
        if code_col:
            c.append(it["product_code"])
        text = name + (f"<br/><font size=6.5 color=grey>{note}</font>" if note else "")
        c.append(Paragraph(text, base))
        qcell = "" if it["quantity"] is None else qfmt(it["quantity"], loc)
        if it["unit"] and not unit_col and it["quantity"] is not None:
            qcell += f" {it['unit']}"
        c.append(qcell)
        if unit_col:
            c.append(it["unit"] or "")
        c.append("" if it["unit_price"] is None else money(it["unit_price"], False))
        if tax_col:
            c.append("" if it["tax_rate"] is None else f"{qfmt(it['tax_rate'], loc)}%")
        c.append(money(it["amount"], mark))
        return c

    widths_total = (LETTER if tag == "en-US" else A4)[0] - 36 * mm
    ncol = len(head)
    dw = widths_total * 0.42
    widths = [(widths_total - dw) / (ncol - 1)] * ncol
    widths[1 if code_col else 0] = dw
    story = [
        Paragraph(f"<b>{h['title']}</b>", ParagraphStyle("t", parent=base, fontSize=16, leading=20)),
        Spacer(1, 3 * mm),
        Paragraph(f"<b>Fenwick &amp; Partners</b><br/>Quay Street 5<br/>Galway H91", base),
        Spacer(1, 3 * mm),
        Paragraph(f"{h['no']}: CHK-{seed % 100}{i:03d}<br/>{h['date']}: 2026-05-{(i % 27) + 1:02d}", base),
        Spacer(1, 3 * mm),
        Paragraph(f"{h['to']}:<br/><b>Marlowe Studios</b><br/>Brook Lane 19<br/>Exeter EX1", base),
        Spacer(1, 6 * mm),
    ]
    style = r.choice(["lines", "box", "bare"])
    at, running = 0, 0.0
    for pg, n in enumerate(per):
        data = [head]
        if pg > 0 and pages > 1 and i % 3 != 0:
            data.append([h["cin"]] + [""] * (ncol - 2) + [money(running, mark)])
        count = 0
        page_sum = 0.0
        while at < len(rows) and (count < n or pg == len(per) - 1):
            row = rows[at]
            at += 1
            if row[0] == "section":
                data.append([Paragraph(f"<b>{row[1]}</b>", base)] + [""] * (ncol - 1))
                continue
            data.append(cells(row[1], row[2], row[3]))
            page_sum += row[1]["amount"]
            count += 1
        running = round(running + page_sum, 2)
        last = pg == len(per) - 1
        if not last:
            label = h["cout"] if i % 3 != 0 else f"{h['psub']} {pg + 1}"
            data.append([label] + [""] * (ncol - 2) + [money(running if i % 3 != 0 else page_sum, mark)])
        t = Table(data, colWidths=widths)
        cmds = [("FONT", (0, 0), (-1, -1), base.fontName, base.fontSize), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("ALIGN", (-1, 0), (-1, -1), "RIGHT"), ("FONT", (0, 0), (-1, 0), base.fontName + ("-Bold" if base.fontName != "Times-Roman" else ""), base.fontSize)]
        if base.fontName == "Times-Roman":
            cmds[-1] = ("FONT", (0, 0), (-1, 0), "Times-Bold", base.fontSize)
        if style == "lines":
            cmds.append(("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.grey))
        elif style == "box":
            cmds.append(("GRID", (0, 0), (-1, -1), 0.4, colors.black))
        else:
            cmds.append(("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black))
        t.setStyle(TableStyle(cmds))
        story.append(t)
        if not last:
            story.append(PageBreak())
    net = round(sum(it["amount"] for it in items), 2)
    tax = None
    tot_rows = [[h["sub"], money(net, True)]]
    if tax_col:
        by = {}
        for it in items:
            by[it["tax_rate"]] = by.get(it["tax_rate"], 0) + it["amount"]
        tax = 0.0
        for rate in sorted(by, reverse=True):
            v = round(by[rate] * rate / 100, 2)
            tax += v
            tot_rows.append([f"{h['vat']} {qfmt(rate, loc)}%", money(v, True)])
        tax = round(tax, 2)
    tot_rows.append([h["tot"], money(round(net + (tax or 0), 2), True)])
    story += [Spacer(1, 5 * mm), Table(tot_rows, hAlign="RIGHT", style=[("ALIGN", (1, 0), (1, -1), "RIGHT"),
                                                                      ("FONT", (0, 0), (-1, -1), base.fontName, base.fontSize)])]
    kind = "hours" if hours else ("pages" if pages > 1 else ("sections" if sections else "goods"))
    name = f"check-{i + 1:03d}-{kind}-{tag}"
    SimpleDocTemplate(os.path.join(out, name + ".pdf"), pagesize=(LETTER if tag == "en-US" else A4),
                      leftMargin=18 * mm, rightMargin=18 * mm, topMargin=15 * mm, bottomMargin=15 * mm,
                      invariant=1).build(story)
    truth = dict(invoice_id=f"CHK-{seed % 100}{i:03d}", invoice_date=f"2026-05-{(i % 27) + 1:02d}", due_date=None,
                 purchase_order=None, vendor_name="Fenwick & Partners", vendor_address="Quay Street 5, Galway H91",
                 vendor_tax_id=None, customer_name="Marlowe Studios", customer_address="Brook Lane 19, Exeter EX1",
                 customer_id=None, currency=loc[4], subtotal=net, total_discount=None, shipping=None,
                 total_tax=tax, invoice_total=round(net + (tax or 0), 2), amount_paid=None, amount_due=None,
                 payment_terms=None, items=items)
    meta = dict(layout=kind, lang=lang, locale=tag, producer="reportlab", scan=False)
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(dict(meta=meta, truth=truth), f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=7171)
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-items-check"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for f in os.listdir(a.out):
        if f.endswith((".pdf", ".json")):
            os.remove(os.path.join(a.out, f))
    for i in range(a.count):
        make(i, a.seed, a.out)


if __name__ == "__main__":
    main()
