#!/usr/bin/python3
"""The third invoice tuning set, unlike the Chromium HTML set (generate.ts) and the pdf-lib drawn
set (generate-drawn.ts): ReportLab draws each page on its canvas in TrueType fonts (DejaVu,
Liberation, Noto) or the PDF standard fonts, in layouts, wordings, parties and legal forms of its
own, in en-US, en-GB, de-DE, de-AT, fr-FR, fr-BE and nl-NL. Born-digital only. Each PDF gets its
truth beside it in the {meta, truth} format of bench/invoices/score.ts, so bench:invoices and
bench:sdk read it with --corpus bench/invoices/corpus-third.

Run with Debian's python (it has reportlab): /usr/bin/python3 bench/invoices/generate-third.py
[--seed N] [--count N] [--out DIR]. The same seed makes the same truth (and the same pages).
"""

import argparse
import json
import os
import random

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation",
             "/usr/share/fonts/truetype/noto"]
FAMILIES = {
    "DejaVuSans": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    "DejaVuSerif": ("DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"),
    "LiberationSerif": ("LiberationSerif-Regular.ttf", "LiberationSerif-Bold.ttf"),
    "LiberationSansNarrow": ("LiberationSansNarrow-Regular.ttf", "LiberationSansNarrow-Bold.ttf"),
    "NotoSans": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
    "NotoSerif": ("NotoSerif-Regular.ttf", "NotoSerif-Bold.ttf"),
}


def find_font(name):
    for d in FONT_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    return None


def register_fonts():
    usable = [("Helvetica", "Helvetica-Bold"), ("Times-Roman", "Times-Bold")]
    for fam, (reg, bold) in FAMILIES.items():
        r, b = find_font(reg), find_font(bold)
        if r and b:
            pdfmetrics.registerFont(TTFont(fam, r))
            pdfmetrics.registerFont(TTFont(fam + "-B", b))
            usable.append((fam, fam + "-B"))
    return usable


# ---------------------------------------------------------------- facts

LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR", "de-AT", "fr-BE", "en-GB", "nl-NL"]

COMPANIES = {
    "en-US": ["Redwood Ridge Analytics, Inc.", "Copperline Fabrication LLC", "Bayside Medical Supplies Corp.",
              "Prairie Wind Energy Partners, L.P.", "Kestrel & Finch Legal Services PLLC",
              "Tidewater Marine Electronics Co.", "Hollow Oak Design Studio"],
    "en-GB": ["Thistledown Engineering Ltd", "Marlow & Keane Architects LLP", "Ashcombe Data Services plc",
              "Brackenfield Catering Limited", "Wexford Lane Print & Packaging Ltd",
              "Southbank Translation Bureau", "Pemberton Scientific Instruments (UK) Ltd"],
    "de-DE": ["Rheinische Präzisionswerkzeuge und Maschinenbau GmbH & Co. KG", "Brandt Gebäudetechnik GmbH",
              "Kessler Medienhaus AG", "Lorenz & Partner Steuerberatung mbB", "Vogt Landtechnik e.K.",
              "Nordlicht Softwareentwicklung UG (haftungsbeschränkt)", "Fischer Verpackungen SE"],
    "de-AT": ["Steirische Holzindustrie GmbH", "Donauwerk Anlagenbau AG", "Huber & Gruber OG",
              "Tiroler Bergbahnen Service KG", "Alpenland Kaffeerösterei GmbH"],
    "fr-FR": ["Menuiserie Rousseau et Fils SARL", "Cabinet d'Expertise Comptable Lambert SAS",
              "Laboratoires Vernier S.A.", "Transports et Logistique du Grand Ouest SAS",
              "Éditions Chevalier EURL", "Boucherie Garnier SNC", "Ateliers Mécaniques Perrin SASU"],
    "fr-BE": ["Brasserie du Condroz SPRL", "Imprimerie Wallonne S.A.", "Bureau d'Études Lemaire SRL",
              "Chocolaterie Dubois SA"],
    "nl-NL": ["Van der Berg Installatietechniek B.V.", "Hollandse Kaas Export N.V.", "De Vries & Bakker V.O.F.",
              "Jansen Grafisch Ontwerp B.V."],
}
# Customers are often foreign: names from other countries' legal forms.
FOREIGN = ["Nakamura Seiki K.K.", "Rossi Componenti S.r.l.", "Industrias López S.L.", "Kowalski Sp. z o.o.",
           "Svensson Logistik AB", "Harbour Bridge Traders Pty Ltd", "Lindqvist Design Oy", "Mortensen ApS",
           "Bianchi Meccanica S.p.A.", "Maple Grove Holdings Corp."]

STREETS = {
    "en-US": ["2200 Sand Hill Road, Suite 140", "75 Commerce Drive", "918 W. Randolph St.", "4 Harbor Point Blvd"],
    "en-GB": ["Unit 7, Riverside Business Park", "14 Queen Anne's Gate", "The Old Mill, Station Road",
              "221 Deansgate"],
    "de-DE": ["Gewerbepark Süd 14", "Friedrich-Ebert-Straße 88", "Kaiserstr. 5a", "Im Technologiepark 3"],
    "de-AT": ["Mariahilfer Straße 120", "Industriezeile 36", "Herrengasse 9"],
    "fr-FR": ["ZI des Vignes, 14 rue Ampère", "102 cours Lafayette", "5 impasse des Tilleuls",
              "Parc d'activités du Moulin, bât. C"],
    "fr-BE": ["Rue de la Station 21", "Chaussée de Charleroi 152", "Avenue Louise 480"],
    "nl-NL": ["Keizersgracht 221", "Industrieweg 12", "Stationsplein 4"],
}
CITIES = {
    "en-US": ["Palo Alto, CA 94304", "Chicago, IL 60607", "Portland, OR 97209", "Raleigh, NC 27601"],
    "en-GB": ["Reading RG1 8DN", "Edinburgh EH2 4AD", "Cardiff CF10 1EP", "Norwich NR1 3JU"],
    "de-DE": ["40213 Düsseldorf", "70173 Stuttgart", "04109 Leipzig", "90402 Nürnberg"],
    "de-AT": ["1060 Wien", "8010 Graz", "6020 Innsbruck"],
    "fr-FR": ["44000 Nantes", "33000 Bordeaux", "67000 Strasbourg", "59000 Lille"],
    "fr-BE": ["5000 Namur", "1050 Bruxelles", "4000 Liège"],
    "nl-NL": ["1016 DC Amsterdam", "3511 CE Utrecht", "2511 BT Den Haag"],
}
COUNTRIES = {"en-US": "United States", "en-GB": "United Kingdom", "de-DE": "Deutschland", "de-AT": "Österreich",
             "fr-FR": "France", "fr-BE": "Belgique", "nl-NL": "Nederland"}

PRODUCTS = {
    "en": ["Data migration (fixed fee)", "Hydraulic hose assembly 3/8\"", "Quarterly bookkeeping review",
           "Stainless fasteners M8, box of 200", "Cloud backup storage 2 TB", "Safety gloves, nitrile (case)",
           "Site survey and report", "Label printer ribbons", "Software licence renewal", "Freight pallet wrap",
           "Copywriting - product pages", "Replacement filter cartridge"],
    "de": ["Wartungsvertrag Klimaanlage", "Edelstahlschrauben M8, 200 Stk.", "Datensicherung Cloud 2 TB",
           "Einrichtung Arbeitsplatz", "Hydraulikschlauch DN10", "Reinigung Produktionshalle",
           "Lizenzverlängerung Software", "Schutzhandschuhe Nitril (Karton)", "Fahrtkosten Pauschale",
           "Gutachten Statik", "Etikettendrucker Farbband"],
    "fr": ["Audit comptable trimestriel", "Visserie inox M8, boîte de 200", "Sauvegarde en ligne 2 To",
           "Déplacement forfaitaire", "Flexible hydraulique DN10", "Nettoyage atelier",
           "Renouvellement licence logiciel", "Gants nitrile (carton)", "Étude de sol et rapport",
           "Rubans pour imprimante d'étiquettes"],
    "nl": ["Onderhoudscontract airco", "RVS bouten M8, doos 200", "Cloudopslag 2 TB", "Voorrijkosten",
           "Installatie werkplek", "Vertaling productbladen", "Licentieverlenging software"],
}
SERVICES = {
    "en": ["Senior consultant", "Developer - backend", "Project management", "On-site support", "UX workshop"],
    "de": ["Beratung Senior", "Softwareentwicklung", "Projektleitung", "Support vor Ort", "Workshop Konzeption"],
    "fr": ["Consultant senior", "Développement", "Chef de projet", "Assistance sur site", "Atelier de cadrage"],
    "nl": ["Senior adviseur", "Ontwikkeling", "Projectleiding", "Ondersteuning op locatie"],
}

# Label wordings per language; one drawn per invoice.
W = {
    "en": {
        "title": ["INVOICE", "Invoice", "Tax Invoice", "VAT INVOICE", "Commercial Invoice"],
        "no": ["Invoice No.", "Invoice #", "Invoice number", "No.", "Inv. No.", "Document No.", "Reference"],
        "date": ["Invoice date", "Date", "Date of issue", "Issued", "Tax point"],
        "due": ["Due date", "Payment due", "Due", "Pay by"],
        "po": ["PO Number", "Your order", "Purchase order", "Order ref.", "Customer PO", "P.O. #"],
        "cust": ["Customer No.", "Account", "Account no.", "Client ID", "Customer ref."],
        "bill": ["Bill to", "Invoice to", "Billed to", "Customer", "Sold to", "To"],
        "ship": ["Ship to", "Deliver to", "Delivery address"],
        "from": ["From", "Supplier", "Issued by"],
        "vat": ["VAT No.", "VAT Reg. No.", "Tax ID", "VAT registration", "EIN"],
        "desc": ["Description", "Item", "Details", "Service"],
        "qty": ["Qty", "Quantity", "Units"],
        "hours": ["Hours", "Hrs"],
        "rate": ["Rate", "Hourly rate"],
        "unit": ["Unit", "UoM"],
        "price": ["Unit price", "Price", "Each", "Unit cost"],
        "taxr": ["VAT %", "Tax", "VAT rate"],
        "amount": ["Amount", "Total", "Line total", "Net"],
        "code": ["Item code", "SKU", "Part no.", "Code"],
        "disc_col": ["Disc. %", "Discount"],
        "subtotal": ["Subtotal", "Net total", "Total excl. VAT", "Sub-total"],
        "discount": ["Discount", "Less discount", "Trade discount"],
        "shipping": ["Shipping", "Freight", "Delivery", "Carriage"],
        "tax": ["VAT {r}%", "Sales tax ({r}%)", "Tax {r}%", "VAT @ {r}%"],
        "total": ["Total", "Invoice total", "Grand total", "Total incl. VAT", "TOTAL"],
        "paid": ["Paid", "Deposit received", "Less payment received", "Amount paid"],
        "balance": ["Balance due", "Amount due", "Balance", "Please pay"],
        "terms": ["Payment terms", "Terms"],
        "cf": ["Carried forward", "Subtotal this page", "Continued on next page - subtotal"],
        "bf": ["Brought forward", "Balance brought forward", "Carried over"],
        "page": "Page {p} of {n}",
        "thanks": ["Thank you for your business.", "Please quote the invoice number with your payment."],
        "amounts_in": "All amounts in {c}",
        "bank": "Bank",
        "termvals": ["Net 30", "Net 15", "Payment within 30 days of invoice date", "Due on receipt",
                     "2% 10, Net 30", "14 days"],
        "months": "January February March April May June July August September October November December",
    },
    "de": {
        "title": ["RECHNUNG", "Rechnung", "Rechnung Nr.", "Handwerkerrechnung"],
        "no": ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Beleg-Nr.", "Nr.", "Belegnummer"],
        "date": ["Rechnungsdatum", "Datum", "Belegdatum", "Ausstellungsdatum"],
        "due": ["Fällig am", "Zahlbar bis", "Fälligkeitsdatum", "Zahlungsziel"],
        "po": ["Ihre Bestellung", "Bestell-Nr.", "Ihre Auftragsnummer", "Bestellnummer", "Ihr Zeichen"],
        "cust": ["Kundennummer", "Kunden-Nr.", "Kd.-Nr.", "Debitor"],
        "bill": ["Rechnungsempfänger", "Rechnungsadresse", "Kunde", "An"],
        "ship": ["Lieferadresse", "Lieferanschrift", "Leistungsort"],
        "from": ["Absender", "Rechnungssteller", "Von"],
        "vat": ["USt-IdNr.", "USt.-ID", "UID-Nr.", "Umsatzsteuer-ID"],
        "desc": ["Bezeichnung", "Beschreibung", "Leistung", "Artikel"],
        "qty": ["Menge", "Anzahl", "Stk."],
        "hours": ["Stunden", "Std."],
        "rate": ["Stundensatz", "Satz"],
        "unit": ["Einheit", "ME"],
        "price": ["Einzelpreis", "E-Preis", "Preis/Einheit"],
        "taxr": ["MwSt.", "USt. %", "Steuer"],
        "amount": ["Betrag", "Gesamtpreis", "Gesamt", "Summe"],
        "code": ["Art.-Nr.", "Artikelnummer", "Pos.-Nr."],
        "disc_col": ["Rabatt %", "Rab."],
        "subtotal": ["Zwischensumme", "Nettobetrag", "Summe netto", "Gesamt netto"],
        "discount": ["Rabatt", "abzgl. Rabatt", "Nachlass"],
        "shipping": ["Versandkosten", "Fracht", "Versand und Verpackung"],
        "tax": ["MwSt. {r} %", "zzgl. {r}% USt.", "Umsatzsteuer {r} %", "USt. {r}%"],
        "total": ["Gesamtbetrag", "Rechnungsbetrag", "Summe brutto", "Gesamtsumme", "Endbetrag"],
        "paid": ["Anzahlung", "abzgl. Anzahlung", "Bereits bezahlt", "Geleistete Zahlung"],
        "balance": ["Zu zahlen", "Restbetrag", "Offener Betrag", "Zahlbetrag"],
        "terms": ["Zahlungsbedingungen", "Zahlungsbedingung", "Konditionen"],
        "cf": ["Übertrag", "Zwischensumme Seite", "Übertrag auf Seite"],
        "bf": ["Übertrag", "Übertrag von Seite", "Vortrag"],
        "page": "Seite {p} von {n}",
        "thanks": ["Vielen Dank für Ihren Auftrag.", "Bitte geben Sie bei Zahlung die Rechnungsnummer an."],
        "amounts_in": "Alle Beträge in {c}",
        "bank": "Bankverbindung",
        "termvals": ["30 Tage netto", "Zahlbar innerhalb 14 Tagen ohne Abzug", "10 Tage 2% Skonto, 30 Tage netto",
                     "Sofort ohne Abzug", "Zahlbar bis zum Fälligkeitsdatum"],
        "months": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    },
    "fr": {
        "title": ["FACTURE", "Facture", "Facture N°", "FACTURE D'ACOMPTE"],
        "no": ["N° de facture", "Facture n°", "Numéro", "N°", "Réf. facture", "Numéro de facture"],
        "date": ["Date de facture", "Date", "Date d'émission", "Émise le", "Date facture"],
        "due": ["Date d'échéance", "Échéance", "À régler avant le", "Payable le"],
        "po": ["Votre commande", "Bon de commande", "Réf. commande", "N° de commande", "Votre réf."],
        "cust": ["N° client", "Code client", "Réf. client", "Client n°"],
        "bill": ["Facturé à", "Client", "Adresse de facturation", "Destinataire", "Facturer à"],
        "ship": ["Livré à", "Adresse de livraison", "Lieu de livraison"],
        "from": ["Émetteur", "Fournisseur", "De"],
        "vat": ["N° TVA intracommunautaire", "TVA intracom.", "N° TVA", "Numéro de TVA"],
        "desc": ["Désignation", "Description", "Libellé", "Prestation"],
        "qty": ["Qté", "Quantité", "Nb"],
        "hours": ["Heures", "Nb heures"],
        "rate": ["Taux horaire", "Tarif"],
        "unit": ["Unité", "U."],
        "price": ["Prix unitaire HT", "P.U. HT", "Prix unit."],
        "taxr": ["TVA", "Taux TVA", "TVA %"],
        "amount": ["Montant HT", "Total HT", "Montant"],
        "code": ["Réf.", "Référence", "Code article"],
        "disc_col": ["Remise %", "Rem."],
        "subtotal": ["Total HT", "Sous-total", "Montant HT", "Total hors taxes"],
        "discount": ["Remise", "Remise commerciale", "Escompte"],
        "shipping": ["Frais de port", "Transport", "Frais de livraison"],
        "tax": ["TVA {r} %", "TVA à {r}%", "Montant TVA ({r} %)"],
        "total": ["Total TTC", "Montant TTC", "Montant total TTC"],
        "paid": ["Acompte versé", "Déjà réglé", "Acompte reçu"],
        "balance": ["Reste à payer", "Solde dû", "Net à payer"],
        "terms": ["Conditions de paiement", "Conditions de règlement", "Règlement"],
        "cf": ["À reporter", "Report à la page suivante", "Sous-total page"],
        "bf": ["Report", "Report de la page précédente", "Reporté"],
        "page": "Page {p}/{n}",
        "thanks": ["Merci de votre confiance.", "En cas de retard de paiement, une indemnité forfaitaire de 40 € sera due."],
        "amounts_in": "Montants en {c}",
        "bank": "Coordonnées bancaires",
        "termvals": ["30 jours fin de mois", "À réception de facture", "45 jours date de facture",
                     "Virement à 30 jours", "Paiement comptant"],
        "months": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    },
    "nl": {
        "title": ["FACTUUR", "Factuur"],
        "no": ["Factuurnummer", "Factuurnr.", "Nummer"],
        "date": ["Factuurdatum", "Datum"],
        "due": ["Vervaldatum", "Te betalen vóór"],
        "po": ["Uw ordernummer", "Inkoopordernummer", "Uw referentie"],
        "cust": ["Klantnummer", "Debiteurnr."],
        "bill": ["Factuuradres", "Klant", "Aan"],
        "ship": ["Afleveradres"],
        "from": ["Van", "Leverancier"],
        "vat": ["Btw-nummer", "BTW-nr.", "Btw-id"],
        "desc": ["Omschrijving", "Artikel"],
        "qty": ["Aantal", "Aant."],
        "hours": ["Uren"],
        "rate": ["Uurtarief", "Tarief"],
        "unit": ["Eenheid"],
        "price": ["Stukprijs", "Prijs"],
        "taxr": ["Btw %", "Btw"],
        "amount": ["Bedrag", "Totaal"],
        "code": ["Artikelnr.", "Code"],
        "disc_col": ["Korting %"],
        "subtotal": ["Subtotaal", "Totaal excl. btw"],
        "discount": ["Korting"],
        "shipping": ["Verzendkosten", "Vracht"],
        "tax": ["Btw {r}%", "{r}% btw"],
        "total": ["Totaal", "Totaal incl. btw", "Te betalen"],
        "paid": ["Aanbetaling", "Reeds betaald"],
        "balance": ["Openstaand bedrag", "Nog te betalen"],
        "terms": ["Betalingsvoorwaarden", "Betaaltermijn"],
        "cf": ["Transport", "Subtotaal pagina"],
        "bf": ["Transport", "Van vorige pagina"],
        "page": "Pagina {p} van {n}",
        "thanks": ["Bedankt voor uw opdracht."],
        "amounts_in": "Bedragen in {c}",
        "bank": "Bankgegevens",
        "termvals": ["30 dagen netto", "Betaling binnen 14 dagen", "Direct bij ontvangst"],
        "months": "januari februari maart april mei juni juli augustus september oktober november december",
    },
}

UNITS = {"en": ["pcs", "h", "box", "kg", "m"], "de": ["Stk.", "Std.", "Pkt.", "kg", "m"],
         "fr": ["u", "h", "lot", "kg", "m"], "nl": ["st.", "uur", "doos", "kg"]}


def lang_of(locale):
    return locale.split("-")[0]


def fmt_num(n, locale, decimals=2):
    s = f"{abs(n):,.{decimals}f}"
    if locale.startswith("de") or locale == "nl-NL":
        s = s.replace(",", "_").replace(".", ",").replace("_", ".")
    elif locale.startswith("fr"):
        s = s.replace(",", "\u00a0").replace(".", ",")
    return ("-" if n < 0 else "") + s


def fmt_qty(q, locale):
    if q == int(q):
        return str(int(q))
    return fmt_num(q, locale, 1 if round(q, 1) == q else 2)


def fmt_money(n, spec):
    s = fmt_num(n, spec["locale"])
    mark = spec["mark"]
    if mark is None:
        return s
    text, before = mark
    if before:
        return f"{text}{s}" if len(text) == 1 else f"{text} {s}"
    return f"{s} {text}"


def fmt_date(iso, spec):
    y, m, d = (int(x) for x in iso.split("-"))
    months = W[spec["lang"]]["months"].split()
    style = spec["date_style"]
    if style == "iso":
        return iso
    if style == "long":
        mo = months[m - 1]
        if spec["lang"] == "de":
            return f"{d}. {mo} {y}"
        if spec["locale"] == "en-US":
            return f"{mo} {d}, {y}"
        if spec["lang"] == "en" and spec["short_month"]:
            return f"{d} {mo[:3]} {y}"
        return f"{d} {mo} {y}"
    if style == "us":
        return f"{m:02d}/{d:02d}/{y}"
    sep = {"de": ".", "fr": "/", "nl": "-", "en": "/"}[spec["lang"]]
    return f"{d:02d}{sep}{m:02d}{sep}{y}"


def tax_ids(locale, r):
    d = lambda n: "".join(str(r.randint(0, 9)) for _ in range(n))
    if locale == "en-US":
        return f"{d(2)}-{d(7)}", None
    if locale == "en-GB":
        return r.choice([f"GB{d(9)}", f"GB {d(3)} {d(4)} {d(2)}"]), f"Company No. {d(8)}"
    if locale == "de-DE":
        return f"DE{d(9)}", f"Steuernummer {d(3)}/{d(3)}/{d(5)}"
    if locale == "de-AT":
        return f"ATU{d(8)}", f"FN {d(6)}a"
    if locale == "fr-FR":
        siren = d(9)
        return f"FR{d(2)}{siren}", f"SIRET {siren[:3]} {siren[3:6]} {siren[6:]} {d(5)}"
    if locale == "fr-BE":
        return f"BE0{d(9)}", f"RPM {d(4)}.{d(3)}.{d(3)}"
    return f"NL{d(9)}B{d(2)}", f"KvK {d(8)}"


def party(locale, r, avoid=None, foreign=False):
    name = r.choice(FOREIGN) if foreign else r.choice(COMPANIES[locale])
    while name == avoid:
        name = r.choice(COMPANIES[locale])
    lines = [r.choice(STREETS[locale]), r.choice(CITIES[locale])]
    if r.random() < 0.4:
        lines.append(COUNTRIES[locale])
    vat, reg = tax_ids(locale, r)
    return {"name": name, "lines": lines, "vat": vat, "reg": reg}


def iso_date(r):
    return f"{r.choice([2025, 2026])}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}"


def add_days(iso, n):
    import datetime
    return (datetime.date.fromisoformat(iso) + datetime.timedelta(days=n)).isoformat()


def make_spec(r, locale, layout):
    lang = lang_of(locale)
    w = {k: (r.choice(v) if isinstance(v, list) else v) for k, v in W[lang].items()}
    w["termvals"] = W[lang]["termvals"]
    currency = {"en-US": r.choice(["USD", "USD", "CAD"]), "en-GB": r.choice(["GBP", "GBP", "EUR"])}.get(locale, "EUR")
    sym = {"USD": "$", "GBP": "£", "EUR": "€"}.get(currency)
    roll = r.random()
    mark = None if roll < 0.3 else ((sym, lang == "en") if sym and roll < 0.75 else (currency, r.random() < 0.4))
    vendor = party(locale, r)
    customer = party(locale, r, vendor["name"]) if r.random() < 0.8 else party(locale, r, vendor["name"], True)
    hours = layout == "timesheet"
    columns = {"code": (not hours) and r.random() < 0.45, "unit": (not hours) and r.random() < 0.3,
               "taxr": r.random() < 0.25, "disc": (not hours) and r.random() < 0.25}
    rate = None if r.random() < 0.1 else {"en-US": r.choice([8.25, 6.0]), "en-GB": 20.0, "de-DE": r.choice([19.0, 7.0]),
                                         "de-AT": 20.0, "fr-FR": r.choice([20.0, 10.0, 5.5]), "fr-BE": 21.0,
                                         "nl-NL": r.choice([21.0, 9.0])}[locale]
    if rate is None:
        columns["taxr"] = False
    n = r.randint(26, 40) if layout == "multipage" else r.randint(2, 9)
    items, used = [], set()
    pool = SERVICES[lang] if hours else PRODUCTS[lang]
    for i in range(n):
        desc = r.choice(pool)
        if desc in used:
            desc = f"{desc} ({i + 1})"
        used.add(desc)
        if hours:
            qty = r.choice([0.5, 1.5, 2, 3.25, 4, 7.5, 8, 12, 16.5, 24])
            price = r.choice([65.0, 85.0, 95.0, 110.0, 125.0, 140.0, 175.0])
        else:
            qty = r.choice([1, 1, 2, 3, 5, 10, 12, 20, 25, 2.5, 100])
            price = round(r.choice([3.2, 7.95, 14.5, 39.0, 64.9, 129.0, 245.0, 480.0, 1320.0, 2750.0]) * r.choice([1, 1, 1.15]), 2)
        disc = r.choice([0, 0, 5, 10, 15]) if columns["disc"] else 0
        amount = round(qty * price * (1 - disc / 100), 2)
        items.append({
            "description": desc, "quantity": qty,
            "unit": r.choice(UNITS[lang]) if columns["unit"] else None,
            "unit_price": price, "tax_rate": rate if columns["taxr"] else None, "amount": amount,
            "product_code": (r.choice(["", "ART-", "", "X-", "10"]) + str(r.randint(1000, 999999))) if columns["code"] else None,
            "_disc": disc,
        })
    subtotal = round(sum(it["amount"] for it in items), 2)
    discount = round(subtotal * r.choice([0.02, 0.05, 0.1]), 2) if r.random() < 0.25 else None
    shipping = r.choice([12.5, 19.9, 45.0, 120.0]) if (not hours and r.random() < 0.3) else None
    base = subtotal - (discount or 0) + (shipping or 0)
    tax = None if rate is None else round(base * rate / 100, 2)
    total = round(base + (tax or 0), 2)
    paid = round(total * r.choice([0.25, 0.3, 0.5]), 2) if r.random() < 0.25 else None
    due_amt = round(total - paid, 2) if paid is not None else (total if r.random() < 0.4 else None)
    inv_date = iso_date(r)
    ids = [f"{r.randint(2025, 2026)}-{r.randint(1, 9999):04d}", f"{r.randint(100000, 999999)}",
           f"INV{r.randint(10000, 99999)}", f"RG-{r.randint(2025, 2026)}{r.randint(100, 999)}",
           f"FA{r.randint(2025, 2026)}-{r.randint(100, 9999)}", f"{r.choice(['A', 'S', 'V'])}{r.randint(2025, 2026)}/{r.randint(1, 999):03d}"]
    date_style = {"en-US": r.choice(["us", "long", "iso"])}.get(locale, r.choice(["num", "long", "num"]))
    truth = {
        "invoice_id": r.choice(ids),
        "invoice_date": inv_date,
        "due_date": add_days(inv_date, r.choice([10, 14, 30, 60])) if r.random() < 0.7 else None,
        "purchase_order": (r.choice(["PO", "PO-", "4500", "BST-", "CMD", "OR/"]) + str(r.randint(1000, 999999))) if r.random() < 0.5 else None,
        "vendor_name": vendor["name"],
        "vendor_address": ", ".join(vendor["lines"]),
        "vendor_tax_id": vendor["vat"] if r.random() < 0.85 else None,
        "customer_name": customer["name"],
        "customer_address": ", ".join(customer["lines"]),
        "customer_id": (r.choice(["", "K-", "C", "D"]) + str(r.randint(10000, 999999))) if r.random() < 0.5 else None,
        "currency": currency,
        "subtotal": subtotal,
        "total_discount": discount,
        "shipping": shipping,
        "total_tax": tax,
        "invoice_total": total,
        "amount_paid": paid,
        "amount_due": due_amt,
        "payment_terms": r.choice(w["termvals"]) if r.random() < 0.55 else None,
        "items": items,
    }
    return {"locale": locale, "lang": lang, "w": w, "mark": mark, "currency": currency, "vendor": vendor,
            "customer": customer, "ship": party(locale, r, customer["name"]) if r.random() < 0.25 else None,
            "columns": columns, "rate": rate, "date_style": date_style, "short_month": r.random() < 0.5,
            "truth": truth, "layout": layout}


# ---------------------------------------------------------------- drawing


class Page:
    def __init__(self, c, size, fonts, r):
        self.c, self.w, self.h = c, size[0], size[1]
        self.reg, self.bold = fonts
        self.r = r

    def text(self, x, y, s, size=9, bold=False, align="left"):
        """y from the top of the page."""
        c = self.c
        c.setFont(self.bold if bold else self.reg, size)
        yy = self.h - y
        if align == "right":
            c.drawRightString(x, yy, s)
        elif align == "center":
            c.drawCentredString(x, yy, s)
        else:
            c.drawString(x, yy, s)

    def width(self, s, size=9, bold=False):
        return pdfmetrics.stringWidth(s, self.bold if bold else self.reg, size)

    def wrap(self, s, maxw, size=9, bold=False):
        words, lines, cur = s.split(" "), [], ""
        for wd in words:
            t = (cur + " " + wd).strip()
            if cur and self.width(t, size, bold) > maxw:
                lines.append(cur)
                cur = wd
            else:
                cur = t
        lines.append(cur)
        return lines

    def line(self, x0, y0, x1, y1, width=0.5):
        self.c.setLineWidth(width)
        self.c.line(x0, self.h - y0, x1, self.h - y1)

    def rect(self, x, y, w, h, fill=None, stroke=True):
        c = self.c
        if fill is not None:
            c.setFillGray(fill)
        c.setLineWidth(0.6)
        c.rect(x, self.h - y - h, w, h, stroke=1 if stroke else 0, fill=1 if fill is not None else 0)
        c.setFillGray(0)


def val(spec, key):
    t, w = spec["truth"], spec["w"]
    if key == "no":
        return t["invoice_id"]
    if key == "date":
        return fmt_date(t["invoice_date"], spec)
    if key == "due":
        return fmt_date(t["due_date"], spec) if t["due_date"] else None
    if key == "po":
        return t["purchase_order"]
    if key == "cust":
        return t["customer_id"]
    if key == "terms":
        return t["payment_terms"]
    return None


def meta_pairs(spec, keys=("no", "date", "due", "po", "cust")):
    return [(spec["w"][k], val(spec, k)) for k in keys if val(spec, k)]


def vendor_lines(spec, with_vat=True):
    v = spec["vendor"]
    out = list(v["lines"])
    if with_vat and spec["truth"]["vendor_tax_id"]:
        out.append(f"{spec['w']['vat']}: {v['vat']}")
    return out


def draw_name(p, x, y, name, size, maxw, bold=True):
    """A party's name, wrapped when longer than the block; returns the y below it."""
    for ln in p.wrap(name, maxw, size, bold):
        p.text(x, y, ln, size, bold)
        y += size + 2
    return y


def draw_block(p, x, y, label, party_, maxw, size=9, label_above=True):
    if label:
        p.text(x, y, label + ("" if label_above else ":"), size - 1, True)
        y += size + 3
    y = draw_name(p, x, y, party_["name"], size, maxw, True)
    for ln in party_["lines"]:
        p.text(x, y, ln, size)
        y += size + 2
    return y


def item_columns(spec, p, x0, x1, size):
    w, cols = spec["w"], spec["columns"]
    hours = spec["layout"] == "timesheet"
    spec_cols = []
    if cols["code"]:
        spec_cols.append(("code", w["code"], 62, "left"))
    spec_cols.append(("desc", w["desc"], None, "left"))
    spec_cols.append(("qty", w["hours"] if hours else w["qty"], 40, "right"))
    if cols["unit"]:
        spec_cols.append(("unit", w["unit"], 36, "left"))
    spec_cols.append(("price", w["rate"] if hours else w["price"], 70, "right"))
    if cols["disc"]:
        spec_cols.append(("disc", w["disc_col"], 46, "right"))
    if cols["taxr"]:
        spec_cols.append(("taxr", w["taxr"], 40, "right"))
    spec_cols.append(("amount", w["amount"], 78, "right"))
    fixed = sum(c[2] for c in spec_cols if c[2])
    out, x = [], x0
    for key, label, width, align in spec_cols:
        width = width or (x1 - x0 - fixed)
        out.append((key, label, x, x + width, align))
        x += width
    return out


def cell_text(spec, it, key):
    loc = spec["locale"]
    if key == "code":
        return it["product_code"]
    if key == "desc":
        return it["description"]
    if key == "qty":
        return fmt_qty(it["quantity"], loc)
    if key == "unit":
        return it["unit"]
    if key == "price":
        return fmt_num(it["unit_price"], loc) if spec["mark"] is None or spec["r_plain"] else fmt_money(it["unit_price"], spec)
    if key == "disc":
        return f"{it['_disc']} %" if it["_disc"] else "-"
    if key == "taxr":
        r = it["tax_rate"]
        return (fmt_num(r, loc, 0 if r == int(r) else 1)) + "%"
    if key == "amount":
        return fmt_num(it["amount"], loc) if spec["mark"] is None or spec["r_plain"] else fmt_money(it["amount"], spec)
    return ""


def draw_items(p, spec, items, x0, x1, y, ruled, size=8.5, header_fill=None, bf=None, cf=None):
    """The item table from y; bf/cf: a brought-forward row above the items, a carried-forward row below."""
    cols = item_columns(spec, p, x0, x1, size)
    row = size + 7
    if header_fill is not None:
        p.rect(x0, y - size - 2, x1 - x0, row, fill=header_fill, stroke=False)
    for key, label, a, b, align in cols:
        p.text(b - 3 if align == "right" else a + 3, y, label, size, True, align)
    y += 5
    p.line(x0, y, x1, y, 0.8)
    y += size + 3
    top = y - size - 3

    def span_row(label, amount):
        nonlocal y
        p.text(x0 + 3, y, label, size, False)
        p.text(x1 - 3, y, fmt_num(amount, spec["locale"]), size, False, "right")
        y += row
        if ruled:
            p.line(x0, y - size - 2, x1, y - size - 2, 0.3)

    if bf is not None:
        span_row(bf[0], bf[1])
    for it in items:
        desc_col = next(c for c in cols if c[0] == "desc")
        lines = p.wrap(it["description"], desc_col[3] - desc_col[2] - 6, size)
        for key, _, a, b, align in cols:
            t = cell_text(spec, it, key)
            if key == "desc":
                for k, ln in enumerate(lines):
                    p.text(a + 3, y + k * (size + 2), ln, size)
            elif t:
                p.text(b - 3 if align == "right" else a + 3, y, t, size, False, align)
        y += row + (len(lines) - 1) * (size + 2)
        if ruled:
            p.line(x0, y - size - 2, x1, y - size - 2, 0.3)
    if cf is not None:
        span_row(cf[0], cf[1])
    if ruled:
        bottom = y - size - 2
        for key, _, a, b, align in cols:
            p.line(a, top - 14, a, bottom, 0.3)
        p.line(x1, top - 14, x1, bottom, 0.3)
        p.line(x0, top - 14 - 0, x1, top - 14, 0.3)
    else:
        p.line(x0, y - size, x1, y - size, 0.6)
    return y + 4


def totals_rows(spec):
    t, w = spec["truth"], spec["w"]
    rows = []
    rows.append((w["subtotal"], t["subtotal"]))
    if t["total_discount"] is not None:
        rows.append((w["discount"], -t["total_discount"]))
    if t["shipping"] is not None:
        rows.append((w["shipping"], t["shipping"]))
    if t["total_tax"] is not None:
        r = spec["rate"]
        rtxt = fmt_num(r, spec["locale"], 0 if r == int(r) else 1)
        rows.append((w["tax"].format(r=rtxt), t["total_tax"]))
    rows.append((w["total"], t["invoice_total"], True))
    if t["amount_paid"] is not None:
        rows.append((w["paid"], -t["amount_paid"]))
    if t["amount_due"] is not None:
        rows.append((w["balance"], t["amount_due"], True))
    return rows


def draw_totals(p, spec, x0, x1, y, boxed=False, size=9):
    rows = totals_rows(spec)
    h = len(rows) * (size + 6) + 8
    if boxed:
        p.rect(x0 - 6, y - size - 4, x1 - x0 + 12, h, fill=0.93)
    for row in rows:
        label, amount = row[0], row[1]
        strong = len(row) > 2
        p.text(x0, y, label, size, strong)
        p.text(x1, y, fmt_money(amount, spec), size, strong, "right")
        y += size + 6
    return y + 6


def draw_footer(p, spec, page_no, pages):
    v, w, lang = spec["vendor"], spec["w"], spec["lang"]
    y = p.h - 58
    p.line(40, y - 10, p.w - 40, y - 10, 0.4)
    parts = [v["name"], " · ".join(v["lines"])]
    p.text(40, y, "  |  ".join(parts), 6.5)
    reg = [v["reg"]] if v["reg"] else []
    if spec["truth"]["vendor_tax_id"] and spec["footer_vat"]:
        reg.append(f"{w['vat']} {v['vat']}")
    bank = f"{w['bank']}: IBAN {spec['iban']} · BIC {spec['bic']}"
    p.text(40, y + 9, "  |  ".join(reg + [bank]), 6.5)
    if lang == "de":
        p.text(40, y + 18, f"Geschäftsführer: {spec['director']}", 6.5)
    if lang == "fr":
        p.text(40, y + 18, "RCS Nantes B 512 334 908 · Capital social 20 000 € · APE 4321A", 6.5)
    if pages > 1:
        p.text(p.w - 40, y + 18, w["page"].format(p=page_no, n=pages), 7, False, "right")


# ---------------------------------------------------------------- layouts


def pairs_column(p, x_label, x_value, y, pairs, size=9, bold_label=False, colon=True):
    for label, value in pairs:
        p.text(x_label, y, label + (":" if colon else ""), size, bold_label)
        p.text(x_value, y, value, size)
        y += size + 4
    return y


def layout_two_col(p, spec):
    """Letterhead left, invoice facts right as label: value; Bill to / Ship to side by side."""
    w, v = spec["w"], spec["vendor"]
    y = draw_name(p, 40, 54, v["name"], 15, 260)
    for ln in vendor_lines(spec):
        p.text(40, y, ln, 8.5)
        y += 11
    p.text(p.w - 40, 56, w["title"], 20, True, "right")
    pairs_column(p, p.w - 230, p.w - 130, 84, meta_pairs(spec), 9)
    y = max(y, 170) + 14
    y1 = draw_block(p, 40, y, w["bill"], spec["customer"], 220)
    y2 = draw_block(p, 310, y, w["ship"], spec["ship"], 220) if spec["ship"] else y1
    y = max(y1, y2) + 20
    y = draw_items(p, spec, spec["truth"]["items"], 40, p.w - 40, y, False, header_fill=0.88)
    y = draw_totals(p, spec, p.w - 250, p.w - 40, y + 10)
    return y


def layout_window(p, spec):
    """German-style letter: the sender line over the window address, facts in a block at right."""
    w, v = spec["w"], spec["vendor"]
    p.text(p.w - 40, 50, v["name"], 13, True, "right")
    y = 64
    for ln in vendor_lines(spec, with_vat=False):
        p.text(p.w - 40, y, ln, 8, False, "right")
        y += 10
    p.text(40, 128, f"{v['name']} · {' · '.join(v['lines'][:2])}", 6.5)
    p.line(40, 131, 290, 131, 0.3)
    y = draw_block(p, 40, 146, None, spec["customer"], 240, 10)
    pairs_column(p, 330, 440, 150, meta_pairs(spec), 8.5, False)
    y = max(y, 230) + 10
    p.text(40, y, f"{w['title']} {spec['truth']['invoice_id']}", 14, True)
    y += 26
    y = draw_items(p, spec, spec["truth"]["items"], 40, p.w - 40, y, False)
    y = draw_totals(p, spec, p.w - 250, p.w - 40, y + 10)
    if spec["truth"]["vendor_tax_id"]:
        p.text(40, y, f"{w['vat']}: {v['vat']}", 8)
        y += 12
    return y


def layout_grid(p, spec):
    """Facts in ruled cells, labels above values; totals in a ruled box."""
    w, v = spec["w"], spec["vendor"]
    p.text(40, 50, w["title"], 22, True)
    y = draw_name(p, 300, 44, v["name"], 11, 255)
    for ln in vendor_lines(spec):
        p.text(300, y, ln, 8.5)
        y += 10.5
    y = max(y, 110) + 8
    pairs = meta_pairs(spec)
    cw = (p.w - 80) / len(pairs)
    for i, (label, value) in enumerate(pairs):
        x = 40 + i * cw
        p.rect(x, y, cw, 34)
        p.text(x + 5, y + 11, label, 7, True)
        p.text(x + 5, y + 26, value, 9.5)
    y += 58
    y = draw_block(p, 40, y, w["bill"], spec["customer"], 240)
    if spec["ship"]:
        draw_block(p, 310, y - 0 - (len(spec["customer"]["lines"]) + 2) * 11, w["ship"], spec["ship"], 240)
    y += 16
    y = draw_items(p, spec, spec["truth"]["items"], 40, p.w - 40, y, True)
    y = draw_totals(p, spec, p.w - 240, p.w - 46, y + 14, boxed=True)
    return y


def layout_labels_above(p, spec):
    """Modern template: small grey labels above values, From / Bill to columns, total in a band."""
    w, v = spec["w"], spec["vendor"]
    p.text(40, 60, w["title"], 26, True)
    x = 40
    y0 = 100
    for label, value in meta_pairs(spec, ("no", "date", "due")):
        p.c.setFillGray(0.45)
        p.text(x, y0, label.upper(), 7)
        p.c.setFillGray(0)
        p.text(x, y0 + 13, value, 10, True)
        x += 130
    y = 150
    p.c.setFillGray(0.45)
    p.text(40, y, w["from"].upper(), 7)
    p.text(300, y, w["bill"].upper(), 7)
    p.c.setFillGray(0)
    y1 = draw_block(p, 40, y + 14, None, {**v, "lines": vendor_lines(spec)}, 230)
    y2 = draw_block(p, 300, y + 14, None, spec["customer"], 230)
    y = max(y1, y2) + 8
    extra = meta_pairs(spec, ("po", "cust"))
    x = 40
    for label, value in extra:
        p.c.setFillGray(0.45)
        p.text(x, y, label.upper(), 7)
        p.c.setFillGray(0)
        p.text(x, y + 12, value, 9)
        x += 150
    y += 40 if extra else 14
    y = draw_items(p, spec, spec["truth"]["items"], 40, p.w - 40, y, False, header_fill=0.92)
    y = draw_totals(p, spec, p.w - 250, p.w - 40, y + 10)
    return y


def layout_timesheet(p, spec):
    """Services billed by the hour: facts in a two-column table under the vendor, Hours/Rate columns."""
    w, v = spec["w"], spec["vendor"]
    y = draw_name(p, 40, 50, v["name"], 13, 320)
    p.text(40, y, " · ".join(vendor_lines(spec)), 8)
    p.line(40, y + 8, p.w - 40, y + 8, 1.2)
    y += 34
    p.text(40, y, w["title"], 16, True)
    y += 22
    yb = draw_block(p, 40, y, w["bill"], spec["customer"], 240)
    pairs = meta_pairs(spec)
    yy = y - 10
    for label, value in pairs:
        p.rect(330, yy, 90, 16)
        p.rect(420, yy, p.w - 40 - 420, 16)
        p.text(334, yy + 11, label, 8, True)
        p.text(424, yy + 11, value, 8.5)
        yy += 16
    y = max(yb, yy) + 20
    y = draw_items(p, spec, spec["truth"]["items"], 40, p.w - 40, y, spec["ruled"])
    y = draw_totals(p, spec, p.w - 250, p.w - 40, y + 10, boxed=spec["ruled"])
    return y


LAYOUTS = {"two-col": layout_two_col, "window": layout_window, "grid": layout_grid,
           "labels-above": layout_labels_above, "timesheet": layout_timesheet}


def render(path, spec, fonts, r):
    size = LETTER if spec["locale"] == "en-US" else A4
    c = canvas.Canvas(path, pagesize=size, invariant=1)
    c.setTitle(f"{spec['w']['title']} {spec['truth']['invoice_id']}")
    c.setProducer("ReportLab")
    p = Page(c, size, fonts, r)
    if spec["layout"] == "multipage":
        render_multipage(p, spec)
    else:
        y = LAYOUTS[spec["layout"]](p, spec)
        tail(p, spec, y)
        draw_footer(p, spec, 1, 1)
        c.showPage()
    c.save()


def tail(p, spec, y):
    t, w = spec["truth"], spec["w"]
    if t["payment_terms"]:
        p.text(40, y + 6, f"{w['terms']}: {t['payment_terms']}", 8.5)
        y += 14
    p.text(40, y + 8, w["thanks"], 8.5)
    if spec["mark"] is None:
        # The currency must be on the page when no amount shows it.
        p.text(40, y + 20, w["amounts_in"].format(c=spec["currency"]), 8.5)


def render_multipage(p, spec):
    """Items over several pages, each page closing with a carried-forward row and the next opening with it."""
    w, v, t = spec["w"], spec["vendor"], spec["truth"]
    items = t["items"]
    per_page = [16, 20, 20, 20]
    chunks, i, k = [], 0, 0
    while i < len(items):
        chunks.append(items[i:i + per_page[min(k, 3)]])
        i += per_page[min(k, 3)]
        k += 1
    pages, running = len(chunks), 0.0
    for n, chunk in enumerate(chunks):
        if n == 0:
            y = draw_name(p, 40, 50, v["name"], 14, 280)
            for ln in vendor_lines(spec):
                p.text(40, y, ln, 8)
                y += 10
            p.text(p.w - 40, 54, w["title"], 18, True, "right")
            pairs_column(p, p.w - 220, p.w - 125, 80, meta_pairs(spec), 8.5)
            y = max(y, 150) + 8
            y = draw_block(p, 40, y, w["bill"], spec["customer"], 240) + 14
        else:
            p.text(40, 50, f"{v['name']} · {w['title']} {t['invoice_id']}", 8)
            y = 80
        bf = (w["bf"], running) if n > 0 else None
        running = round(running + sum(it["amount"] for it in chunk), 2)
        cf = (w["cf"], running) if n < pages - 1 else None
        y = draw_items(p, spec, chunk, 40, p.w - 40, y, spec["ruled"], bf=bf, cf=cf)
        if n == pages - 1:
            y = draw_totals(p, spec, p.w - 250, p.w - 40, y + 10, boxed=spec["ruled"])
            tail(p, spec, y)
        draw_footer(p, spec, n + 1, pages)
        p.c.showPage()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=3913)
    ap.add_argument("--count", type=int, default=42)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-third"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for f in os.listdir(a.out):
        if f.endswith((".pdf", ".json")):
            os.remove(os.path.join(a.out, f))
    fonts_all = register_fonts()
    layouts = ["two-col", "window", "grid", "labels-above", "timesheet", "multipage"]
    for i in range(a.count):
        r = random.Random(a.seed * 1000 + i)
        layout = layouts[i % len(layouts)]
        locale = LOCALES[(i // len(layouts) + i) % len(LOCALES)]
        spec = make_spec(r, locale, layout)
        spec["ruled"] = r.random() < 0.5
        spec["r_plain"] = r.random() < 0.6
        spec["footer_vat"] = r.random() < 0.5
        spec["iban"] = f"{locale[-2:]}{r.randint(10, 99)} {r.randint(1000, 9999)} {r.randint(1000, 9999)} {r.randint(1000, 9999)} {r.randint(10, 99)}"
        spec["bic"] = r.choice(["DEUTDEFF", "BNPAFRPP", "NWBKGB2L", "RABONL2U", "GIBAATWW", "CHASUS33"])
        spec["director"] = r.choice(["Dr. Anna Keller", "Jürgen Wolf", "Sabine Hartmann"])
        fonts = fonts_all[r.randrange(len(fonts_all))]
        name = f"third-{i + 1:03d}-{layout}-{locale}"
        render(os.path.join(a.out, name + ".pdf"), spec, fonts, r)
        truth = {k: v for k, v in spec["truth"].items()}
        truth["items"] = [{k: v for k, v in it.items() if not k.startswith("_")} for it in truth["items"]]
        meta = {"layout": layout, "lang": spec["lang"], "locale": locale, "producer": "reportlab", "scan": False}
        with open(os.path.join(a.out, name + ".json"), "w", encoding="utf-8") as f:
            json.dump({"meta": meta, "truth": truth}, f, ensure_ascii=False, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
