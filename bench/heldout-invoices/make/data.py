"""The facts of one held-out invoice, drawn from a seeded random generator, and the locale's way
of writing them (dates, amounts, labels). The truth JSON is written from these facts, never from
the rendered PDF. Kept apart from bench/invoices on purpose: other names, other wording, other
number and date styles."""

import datetime as dt
import random
from dataclasses import dataclass, field

LANG = {"en-US": "en", "en-GB": "en", "de-DE": "de", "fr-FR": "fr"}

MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
           "Oktober", "November", "Dezember"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
           "octobre", "novembre", "décembre"],
}

# Date styles per locale; each invoice picks one and writes every date that way.
DATE_STYLES = {
    "en-US": ["mdy-slash", "month-d-y", "mon-d-y"],
    "en-GB": ["dmy-slash", "d-month-y", "d-mon-y-dash"],
    "de-DE": ["dmy-dot", "dmy-dot", "d-monat-y"],
    "fr-FR": ["dmy-slash", "dmy-slash", "d-mois-y"],
}


def fmt_date(d: dt.date, style: str, locale: str) -> str:
    lang = LANG[locale]
    m = MONTHS[lang][d.month - 1]
    if style == "mdy-slash":
        return f"{d.month:02d}/{d.day:02d}/{d.year}"
    if style == "dmy-slash":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if style == "dmy-dot":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if style == "month-d-y":
        return f"{m} {d.day}, {d.year}"
    if style == "mon-d-y":
        return f"{m[:3]} {d.day}, {d.year}"
    if style == "d-month-y":
        return f"{d.day} {m} {d.year}"
    if style == "d-mon-y-dash":
        return f"{d.day:02d}-{m[:3]}-{d.year}"
    if style == "d-monat-y":
        return f"{d.day}. {m} {d.year}"
    if style == "d-mois-y":
        return f"{'1er' if d.day == 1 else d.day} {m} {d.year}"
    raise ValueError(style)


def group3(digits: str, sep: str) -> str:
    out = []
    while len(digits) > 3:
        out.insert(0, digits[-3:])
        digits = digits[:-3]
    out.insert(0, digits)
    return sep.join(out)


def fmt_num(x: float, locale: str, decimals: int = 2, grouped: bool = True) -> str:
    """A number as the locale writes it: 1,234.56 / 1.234,56 / 1 234,56."""
    neg = x < 0
    s = f"{abs(x):.{decimals}f}"
    whole, _, frac = s.partition(".")
    lang = LANG[locale]
    thou, dec = {"en": (",", "."), "de": (".", ","), "fr": (" ", ",")}[lang]
    whole = group3(whole, thou) if grouped else whole
    body = whole + (dec + frac if frac else "")
    return ("-" if neg else "") + body


def fmt_qty(q: float, locale: str) -> str:
    if abs(q - round(q)) < 1e-9:
        return str(int(round(q)))
    return fmt_num(q, locale, 2 if abs(q * 10 - round(q * 10)) > 1e-9 else 1, grouped=False)


def fmt_rate(r: float, locale: str, spaced: bool) -> str:
    body = fmt_qty(r, locale)
    return f"{body} %" if spaced else f"{body}%"


SYMBOL = {"USD": "$", "GBP": "£", "EUR": "€", "CHF": "CHF"}


@dataclass
class Money:
    """How this invoice writes money: symbol before (en), symbol after (de/fr), code, or bare."""
    locale: str
    currency: str
    style: str  # "symbol", "code", "bare"

    def __call__(self, x: float, force_bare: bool = False) -> str:
        n = fmt_num(abs(x), self.locale)
        sign = "-" if x < 0 else ""
        if force_bare or self.style == "bare":
            return sign + n
        lang = LANG[self.locale]
        if self.style == "code":
            return f"{sign}{self.currency} {n}" if lang == "en" else f"{sign}{n} {self.currency}"
        sym = SYMBOL[self.currency]
        if lang == "en" and len(sym) == 1:
            return f"{sign}{sym}{n}"
        return f"{sign}{n} {sym}"


# --- parties -------------------------------------------------------------------------------

VENDORS = {
    "en-US": ["Kestrel Data Systems, Inc.", "Blue Heron Outfitters LLC", "Ironwood Fabrication Corp.",
              "Summit Ridge Consulting LLC", "Tall Pines Software Inc.", "Red Mesa Industrial Supply Corp.",
              "Larkspur Media Group LLC", "Granite State Mechanical Inc."],
    "en-GB": ["Thornbury Engineering Ltd", "Hollins & Marsh LLP", "Kingfisher Retail plc",
              "Pennine Office Supplies Ltd", "Ashdown Digital Limited", "Merrow Catering Services Ltd",
              "Calder Valley Joinery Ltd", "Bramwell Grant LLP"],
    "de-DE": ["Acme Maschinenbau GmbH", "Brenner Elektrotechnik GmbH & Co. KG", "Lindner Druck KG",
              "Nordlicht Software AG", "Schäfer Holzbau GmbH", "Rheinwerk Logistik GmbH",
              "Vogt & Söhne Metallbau KG", "Ostsee Medientechnik AG"],
    "fr-FR": ["Ateliers Moreau SARL", "Lumière Conseil SAS", "Transports Girard S.A.",
              "Imprimerie Besson SAS", "Menuiserie Caron SARL", "Groupe Verdier S.A.",
              "Cabinet Fabre & Associés SARL", "Solutions Numériques Arnaud SAS"],
}
CUSTOMERS = {
    "en-US": ["Harborview Dental Partners LLC", "Mill Creek Brewing Company Inc.", "Oakhurst Property Management LLC",
              "Sentinel Aerospace Corp.", "Prairie Wind Farms Inc.", "Cobalt Street Bakery LLC",
              "Westfield County Library", "Northstar Robotics Corp."],
    "en-GB": ["Fenwick & Hale Solicitors LLP", "Brightmoor Housing Association Ltd", "Orchard Lane Nurseries Ltd",
              "Saltash Marine Services Ltd", "Greyfriars Hotels plc", "Wexford Analytics Limited",
              "Redbrook Veterinary Practice Ltd", "Aldridge Construction plc"],
    "de-DE": ["Acme Stadtwerke GmbH", "Bäckerei Huber GmbH", "Klinikum Neustadt gGmbH", "Becker Autohaus KG",
              "Sonnenfeld Immobilien AG", "Hofmann Verpackungen GmbH & Co. KG", "Praxis Dr. Weiß GbR",
              "Kraus Landtechnik GmbH"],
    "fr-FR": ["Boulangerie Leclerc SARL", "Clinique des Tilleuls SAS", "Hôtel du Lac S.A.",
              "Agence Martin Immobilier SARL", "Laboratoires Roche-Blanche SAS", "Garage Perrin et Fils SARL",
              "Mairie de Saint-Aubin", "Compagnie Fromagère du Jura S.A."],
}

STREETS = {
    "en-US": ["1450 Commerce Drive", "88 Bay State Road", "2210 N Lamar Blvd", "17 Orchard Street",
              "930 Westlake Ave N", "401 Canal Street"],
    "en-GB": ["14 Ropewalk Lane", "Unit 7, Holloway Trading Estate", "22 Castle Street", "3 St Ann's Square",
              "The Old Mill, Bridge Road", "118 Whitworth Street"],
    "de-DE": ["Hafenstraße 17", "Industriering 4a", "Am Marktplatz 9", "Lindenallee 112", "Gewerbepark Süd 3",
              "Kaiserstraße 48"],
    "fr-FR": ["14 avenue Jean Jaurès", "ZA des Grands Champs", "3 rue des Tanneurs", "27 boulevard Gambetta",
              "8 place du Marché", "112 route de Lyon"],
}
EXTRA_LINE = {
    "en-US": ["Suite 300", "Floor 4", "Building B", "Unit 12"],
    "en-GB": ["Second Floor", "Suite 4", "Block C"],
    "de-DE": ["Haus 2", "3. OG", "Gebäude C"],
    "fr-FR": ["Bâtiment B", "BP 214", "2e étage"],
}
CITIES = {
    "en-US": ["Portland, OR 97204", "Columbus, OH 43215", "Austin, TX 78702", "Raleigh, NC 27601",
              "Boise, ID 83702", "Madison, WI 53703"],
    "en-GB": ["Leeds LS1 4DY", "Norwich NR2 1TF", "Cardiff CF10 1EP", "Exeter EX4 3LS", "York YO1 7HH",
              "Reading RG1 3BD"],
    "de-DE": ["28195 Bremen", "70173 Stuttgart", "04109 Leipzig", "93047 Regensburg", "24103 Kiel",
              "55116 Mainz"],
    "fr-FR": ["44000 Nantes", "31000 Toulouse", "67000 Strasbourg", "35000 Rennes", "13002 Marseille",
              "21000 Dijon"],
}
COUNTRY = {"en-US": "USA", "en-GB": "United Kingdom", "de-DE": "Deutschland", "fr-FR": "France"}


@dataclass
class Party:
    name: str
    lines: list  # address lines printed below the name (the last may be the country)
    tax_id: str | None = None

    @property
    def address(self) -> str:
        return ", ".join(self.lines)


def make_party(r: random.Random, locale: str, names: list, used: set) -> Party:
    name = r.choice([n for n in names if n not in used])
    used.add(name)
    lines = [r.choice(STREETS[locale])]
    if r.random() < 0.3:
        lines.append(r.choice(EXTRA_LINE[locale]))
    lines.append(r.choice(CITIES[locale]))
    if r.random() < 0.35:
        lines.append(COUNTRY[locale])
    return Party(name, lines)


def vat_id(r: random.Random, locale: str) -> str | None:
    d = lambda n: "".join(str(r.randint(0, 9)) for _ in range(n))  # noqa: E731
    if locale == "en-US":
        return f"{d(2)}-{d(7)}" if r.random() < 0.5 else None
    if locale == "en-GB":
        return f"GB{d(9)}" if r.random() < 0.6 else f"GB {d(3)} {d(4)} {d(2)}"
    if locale == "de-DE":
        return f"DE{d(9)}"
    return f"FR{d(2)}{d(9)}"


# --- items ---------------------------------------------------------------------------------

GOODS = {
    "en": [("Hex bolt M8 x 40, zinc", "HB-M8-40"), ("Safety gloves, size L", "SG-L-220"),
           ("Toner cartridge 26A", "TC-26A"), ("Copy paper A4, 80 gsm", "PAP-A4-80"),
           ("LED panel 600 x 600", "LP-6060"), ("Cable tray 2 m", "CT-200"), ("Pallet wrap film", "PW-23"),
           ("Stainless hinge 100 mm", "SH-100"), ("USB-C docking station", "DK-C11"),
           ("Label printer ribbon", "RB-110"), ("Ergonomic footrest", "EF-02"), ("Whiteboard 120 x 90", "WB-129")],
    "de": [("Sechskantschraube M8 x 40", "SK-840"), ("Schutzhandschuhe Gr. 9", "HS-09"),
           ("Tonerkartusche schwarz", "TK-100"), ("Kopierpapier A4, 80 g", "KP-A480"),
           ("LED-Panel 62 x 62 cm", "LP-62"), ("Kabelkanal 2 m", "KK-200"), ("Stretchfolie 23 my", "SF-23"),
           ("Edelstahlscharnier 100 mm", "ES-100"), ("Dockingstation USB-C", "DS-C11"),
           ("Etikettenrolle 100 x 50", "ET-105"), ("Fußstütze ergonomisch", "FS-02"), ("Schreibtischlampe LED", "SL-40")],
    "fr": [("Boulon hexagonal M8 x 40", "BH-840"), ("Gants de protection T9", "GP-09"),
           ("Cartouche de toner noir", "CT-100"), ("Ramette papier A4 80 g", "RP-A480"),
           ("Dalle LED 60 x 60", "DL-60"), ("Goulotte électrique 2 m", "GE-200"), ("Film étirable 23 µ", "FE-23"),
           ("Charnière inox 100 mm", "CI-100"), ("Station d'accueil USB-C", "SA-C11"),
           ("Rouleau d'étiquettes 100 x 50", "RE-105"), ("Repose-pieds ergonomique", "RP-02"), ("Lampe de bureau LED", "LB-40")],
}
SERVICES = {
    "en": ["Site survey and measurements", "Software development", "Project management", "Data migration",
           "On-site support", "Design revisions", "Training session", "Code review", "Network configuration",
           "Consultation"],
    "de": ["Aufmaß vor Ort", "Softwareentwicklung", "Projektleitung", "Datenmigration", "Vor-Ort-Service",
           "Montagearbeiten", "Schulung", "Fehleranalyse", "Netzwerkkonfiguration", "Beratung"],
    "fr": ["Relevé sur site", "Développement logiciel", "Gestion de projet", "Migration des données",
           "Assistance sur site", "Travaux de pose", "Formation", "Analyse des anomalies",
           "Configuration réseau", "Conseil"],
}
UNITS = {
    "en": {"goods": ["pcs", "ea", "box", "roll"], "hours": "hrs"},
    "de": {"goods": ["Stk.", "Stk.", "Pkg.", "Rolle"], "hours": "Std."},
    "fr": {"goods": ["u.", "pce", "carton", "rouleau"], "hours": "h"},
}
# VAT rates: standard first, then reduced ones that may appear on a multi-rate invoice.
RATES = {"en-US": [8.25, 6.5, 7.0, 5.5], "en-GB": [20, 5], "de-DE": [19, 7], "fr-FR": [20, 10, 5.5]}


@dataclass
class Item:
    description: str
    quantity: float
    unit_price: float
    amount: float
    product_code: str | None
    unit: str | None
    tax_rate: float


def money2(x: float) -> float:
    return round(x + 1e-9, 2)


def make_items(r: random.Random, lang: str, n: int, kind: str, multi_rate: list | None, std_rate: float) -> list:
    out = []
    if kind == "hours":
        pool = r.sample(SERVICES[lang], min(n, len(SERVICES[lang])))
        while len(pool) < n:
            pool.append(r.choice(SERVICES[lang]) + f" ({len(pool) + 1})")
        rate = r.choice([65, 85, 95, 110, 120, 135, 150])
        for desc in pool:
            q = r.choice([0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 7.5, 8, 12, 16])
            p = float(rate if r.random() < 0.7 else r.choice([75, 90, 140]))
            out.append(Item(desc, q, p, money2(q * p), None, UNITS[lang]["hours"], std_rate))
        return out
    goods = GOODS[lang]
    picks = [goods[i % len(goods)] for i in r.sample(range(len(goods)), min(n, len(goods)))]
    while len(picks) < n:
        d, c = r.choice(goods)
        k = len(picks) + 1
        picks.append((f"{d} - Los {k}" if lang == "de" else f"{d} - lot {k}" if lang == "fr" else f"{d} - batch {k}",
                      f"{c}-{k}"))
    for d, c in picks:
        q = r.choice([1, 2, 3, 4, 5, 6, 10, 12, 20, 24, 25, 50, 100, 250])
        p = r.choice([0.35, 1.2, 2.49, 4.75, 9.9, 12.5, 18.0, 24.95, 39.0, 64.5, 129.0, 249.99, 389.0, 1150.0])
        if q >= 100 and p > 50:
            q = r.choice([2, 3, 8])
        unit = r.choice(UNITS[lang]["goods"])
        rate = r.choice(multi_rate) if multi_rate else std_rate
        out.append(Item(d, float(q), float(p), money2(q * p), c, unit, rate))
    return out


# --- wording ---------------------------------------------------------------------------------

WORDS = {
    "en-US": {
        "tax_sum": ["Total tax"],
        "title": ["INVOICE", "Invoice", "SALES INVOICE"],
        "no": ["Invoice No.", "No.", "Invoice #", "#", "Invoice number"],
        "date": ["Date", "Invoice date", "Date issued"],
        "due": ["Due date", "Payment due", "Due"],
        "po": ["P.O. #", "PO No.", "Purchase order", "Customer PO"],
        "cust": ["Customer No.", "Account #", "Customer ID"],
        "bill": ["Bill to", "BILL TO", "Sold to", "Invoice to", "Client"],
        "from": ["From", "FROM", "Remit to"],
        "ship": ["Ship to", "SHIP TO"],
        "taxid": ["EIN", "Tax ID", "Federal Tax ID"],
        "desc": ["Description", "Item", "Item description"],
        "qty": ["Qty", "Quantity", "Units"],
        "hours": ["Hours", "Hrs"],
        "price": ["Unit price", "Price", "Unit cost"],
        "rate": ["Rate", "Hourly rate"],
        "amount": ["Amount", "Total", "Line total"],
        "code": ["Item #", "SKU", "Part No."],
        "unit": ["Unit", "U/M"],
        "vat": ["Tax", "Tax %"],
        "subtotal": ["Subtotal", "Sub-total", "Merchandise total"],
        "discount": ["Discount", "Less discount", "Customer discount"],
        "shipping": ["Shipping", "Shipping & handling", "Freight"],
        "tax": ["Sales tax ({r})", "Tax ({r})", "Sales Tax @ {r}"],
        "total": ["Total", "Invoice total", "TOTAL"],
        "paid": ["Amount paid", "Payments/credits", "Less deposit received"],
        "due_amt": ["Balance due", "Amount due", "BALANCE DUE"],
        "terms": ["Terms", "Payment terms"],
        "terms_v": [("Net 30", 30), ("Net 15", 15), ("Net 45", 45), ("Due on receipt", 0), ("2% 10, Net 30", 30)],
        "delivery": ["Ship date", "Service date"],
        "page": "Page {p} of {n}",
        "cont": "continued",
        "thanks": ["Thank you for your business.", "Please make checks payable to {v}.",
                   "Questions about this invoice? Call (503) 555-0147."],
        "bank": "ACH: Routing 121000358, Account 4471 9920 15",
    },
    "en-GB": {
        "tax_sum": ["Total VAT", "VAT total"],
        "title": ["INVOICE", "Invoice", "TAX INVOICE", "Sales Invoice"],
        "no": ["Invoice No.", "No.", "Invoice number", "Invoice ref."],
        "date": ["Date", "Invoice date", "Date of issue"],
        "due": ["Due date", "Payment due by", "Due"],
        "po": ["Your order no.", "PO number", "Purchase order"],
        "cust": ["Account no.", "Customer ref.", "Client code"],
        "bill": ["Invoice to", "INVOICE TO", "Bill to", "Client", "To"],
        "from": ["From", "FROM", "Supplier"],
        "ship": ["Deliver to", "Delivery address"],
        "taxid": ["VAT Reg. No.", "VAT No.", "VAT registration"],
        "desc": ["Description", "Details", "Item"],
        "qty": ["Qty", "Quantity"],
        "hours": ["Hours", "Hrs"],
        "price": ["Unit price", "Price", "Each"],
        "rate": ["Rate", "Rate/hr"],
        "amount": ["Amount", "Net", "Net amount"],
        "code": ["Code", "Product code", "Part no."],
        "unit": ["Unit", "UoM"],
        "vat": ["VAT", "VAT %", "VAT rate"],
        "subtotal": ["Subtotal", "Total net", "Net total", "Goods total"],
        "discount": ["Discount", "Less discount", "Trade discount"],
        "shipping": ["Delivery", "Carriage", "Postage & packing"],
        "tax": ["VAT @ {r}", "VAT ({r})", "VAT {r}"],
        "total": ["Total", "Invoice total", "Total inc. VAT", "Gross total"],
        "paid": ["Amount paid", "Less deposit paid", "Payments received"],
        "due_amt": ["Amount due", "Balance due", "Amount outstanding"],
        "terms": ["Terms", "Payment terms"],
        "terms_v": [("30 days", 30), ("Payment within 14 days", 14), ("Strictly 30 days net", 30),
                    ("Due on receipt", 0)],
        "delivery": ["Tax point", "Delivery date"],
        "page": "Page {p} of {n}",
        "cont": "continued",
        "thanks": ["Thank you for your custom.", "Please quote the invoice number with your payment.",
                   "Registered in England and Wales No. 08412233."],
        "bank": "Sort code 20-45-77, Account 43918206",
    },
    "de-DE": {
        "tax_sum": ["MwSt. gesamt", "Summe USt."],
        "title": ["Rechnung", "RECHNUNG", "Rechnung"],
        "no": ["Rechnungs-Nr.", "Nr.", "Rechnungsnummer", "Beleg-Nr.", "Nr."],
        "date": ["Datum", "Rechnungsdatum", "Belegdatum"],
        "due": ["Fällig am", "Zahlbar bis", "Fälligkeit"],
        "po": ["Ihre Bestellung", "Bestell-Nr.", "Ihre Bestell-Nr."],
        "cust": ["Kunden-Nr.", "Kundennummer", "Debitor"],
        "bill": ["Rechnungsempfänger", "Rechnungsanschrift", "Kunde", "An"],
        "from": ["Von", "Rechnungssteller", "Absender"],
        "ship": ["Lieferanschrift", "Lieferadresse"],
        "taxid": ["USt-IdNr.", "USt-ID", "Umsatzsteuer-ID"],
        "desc": ["Bezeichnung", "Beschreibung", "Artikel", "Leistung"],
        "qty": ["Menge", "Anzahl", "Anz."],
        "hours": ["Stunden", "Std."],
        "price": ["Einzelpreis", "E-Preis", "Preis/Einh."],
        "rate": ["Stundensatz", "Satz"],
        "amount": ["Betrag", "Gesamt", "Gesamtpreis"],
        "code": ["Art.-Nr.", "Artikelnr.", "Art-Nr"],
        "unit": ["Einheit", "ME"],
        "vat": ["MwSt.", "USt.", "MwSt.-Satz"],
        "subtotal": ["Zwischensumme", "Nettobetrag", "Summe netto", "Warenwert netto"],
        "discount": ["Rabatt", "abzgl. Rabatt", "Nachlass"],
        "shipping": ["Versandkosten", "Fracht", "Versand und Verpackung"],
        "tax": ["MwSt. {r}", "zzgl. {r} USt.", "Umsatzsteuer {r}", "{r} MwSt."],
        "total": ["Gesamtbetrag", "Rechnungsbetrag", "Summe brutto", "Endbetrag"],
        "paid": ["Anzahlung", "abzgl. Anzahlung", "Bereits bezahlt"],
        "due_amt": ["Zahlbetrag", "Offener Betrag", "Noch zu zahlen", "Restbetrag"],
        "terms": ["Zahlungsbedingungen", "Zahlungsziel", "Zahlungsbedingung"],
        "terms_v": [("14 Tage netto", 14), ("Zahlbar sofort ohne Abzug", 0), ("30 Tage netto", 30),
                    ("10 Tage 2 % Skonto, 30 Tage netto", 30)],
        "delivery": ["Lieferdatum", "Leistungsdatum"],
        "page": "Seite {p} von {n}",
        "cont": "Übertrag",
        "thanks": ["Vielen Dank für Ihren Auftrag.", "Bitte geben Sie bei Zahlung die Rechnungsnummer an.",
                   "Es gelten unsere Allgemeinen Geschäftsbedingungen."],
        "bank": "Sparkasse Bremen · IBAN DE12 2905 0101 0001 2345 67 · BIC SBREDE22XXX",
    },
    "fr-FR": {
        "tax_sum": ["Total TVA", "Montant TVA"],
        "title": ["FACTURE", "Facture", "FACTURE"],
        "no": ["Facture n°", "N°", "Numéro de facture", "N° de facture"],
        "date": ["Date", "Date de facture", "Date d'émission"],
        "due": ["Échéance", "Date d'échéance", "À régler avant le"],
        "po": ["Votre commande", "Bon de commande", "Réf. commande"],
        "cust": ["N° client", "Code client", "Réf. client"],
        "bill": ["Facturé à", "Client", "Adresse de facturation", "Destinataire"],
        "from": ["Émetteur", "De", "Vendeur"],
        "ship": ["Livré à", "Adresse de livraison"],
        "taxid": ["N° TVA intracommunautaire", "TVA intracom.", "N° TVA"],
        "desc": ["Désignation", "Description", "Libellé"],
        "qty": ["Qté", "Quantité"],
        "hours": ["Heures", "Nb heures"],
        "price": ["Prix unitaire", "P.U. HT", "Prix unit. HT"],
        "rate": ["Taux horaire", "Tarif"],
        "amount": ["Montant HT", "Total HT", "Montant"],
        "code": ["Réf.", "Référence", "Code"],
        "unit": ["Unité", "U."],
        "vat": ["TVA", "Taux TVA"],
        "subtotal": ["Total HT", "Sous-total HT", "Montant HT"],
        "discount": ["Remise", "Remise commerciale", "Remise fidélité"],
        "shipping": ["Frais de port", "Frais de livraison", "Port"],
        "tax": ["TVA {r}", "TVA ({r})", "TVA à {r}"],
        "total": ["Total TTC", "Montant TTC", "Total T.T.C."],
        "paid": ["Acompte versé", "Acompte reçu", "Déjà réglé"],
        "due_amt": ["Net à payer", "Reste à payer", "Solde dû", "Montant dû"],
        "terms": ["Conditions de paiement", "Règlement", "Conditions de règlement"],
        "terms_v": [("30 jours fin de mois", 30), ("À réception de facture", 0), ("45 jours date de facture", 45),
                    ("Virement à 30 jours", 30)],
        "delivery": ["Date de livraison", "Date de prestation"],
        "page": "Page {p}/{n}",
        "cont": "à reporter",
        "thanks": ["Nous vous remercions de votre confiance.",
                   "En cas de retard de paiement, indemnité forfaitaire de 40 € pour frais de recouvrement.",
                   "Pas d'escompte pour paiement anticipé."],
        "bank": "IBAN FR76 3000 4028 3700 0101 2345 678 · BIC BNPAFRPPXXX",
    },
}

ID_STYLES = {
    "en-US": lambda r, y: r.choice([f"{r.randint(10000, 99999)}", f"INV-{r.randint(1000, 9999):06d}",
                                 f"{y}-{r.randint(1000, 9999)}"]),
    "en-GB": lambda r, y: r.choice([f"INV-{y}-{r.randint(1, 999):04d}", f"SI-{r.randint(10000, 99999)}",
                                 f"{r.randint(1, 9999):06d}"]),
    "de-DE": lambda r, y: r.choice([f"RE-{y}-{r.randint(1, 9999):04d}",
                                 f"{y}{r.randint(10000, 99999)}",
                                 f"R{y % 100}{r.randint(1, 12):02d}{r.randint(1, 28):02d}-{r.randint(1, 40):02d}"]),
    "fr-FR": lambda r, y: r.choice([f"F{y}-{r.randint(1, 999):05d}",
                                 f"FA-{y}-{r.randint(100, 999)}",
                                 f"{y}/{r.randint(1, 9999):04d}"]),
}


@dataclass
class Spec:
    locale: str
    lang: str
    currency: str
    money: Money
    date_style: str
    vendor: Party
    customer: Party
    ship_to: Party | None
    invoice_id: str
    invoice_date: dt.date
    due_date: dt.date | None
    delivery_date: dt.date | None
    purchase_order: str | None
    customer_id: str | None
    customer_tax_id: str | None
    kind: str  # "goods" or "hours"
    items: list
    show_code: bool
    show_unit: bool
    show_rate: bool
    discount_pct: float | None
    discount: float | None
    shipping: float | None
    taxes: list  # [(rate, amount)]
    subtotal: float = 0.0
    total: float = 0.0
    paid: float | None = None
    due_amount: float | None = None
    terms: str | None = None
    words: dict = field(default_factory=dict)  # the one label chosen for each role

    def d(self, x: dt.date) -> str:
        return fmt_date(x, self.date_style, self.locale)

    def q(self, x: float) -> str:
        return fmt_qty(x, self.locale)

    def rate(self, x: float) -> str:
        return fmt_rate(x, self.locale, self.lang != "en")

    def tax_label(self, rate: float) -> str:
        return self.words["tax"].replace("{r}", self.rate(rate))

    def totals(self) -> list:
        """(label, amount) lines under the items, in the order an invoice prints them."""
        w = self.words
        out = [(w["subtotal"], self.subtotal)]
        if self.discount is not None:
            lab = w["discount"] + (f" {self.rate(self.discount_pct)}" if self.lang != "en" else f" ({self.rate(self.discount_pct)})")
            out.append((lab, -self.discount))
        if self.shipping is not None:
            out.append((w["shipping"], self.shipping))
        for rate, amt in self.taxes:
            out.append((self.tax_label(rate), amt))
        if len(self.taxes) > 1:
            out.append((w["tax_sum"], money2(sum(a for _, a in self.taxes))))
        out.append((w["total"], self.total))
        if self.paid is not None:
            out.append((w["paid"], -self.paid))
        if self.due_amount is not None:
            out.append((w["due_amt"], self.due_amount))
        return out

    def meta_pairs(self) -> list:
        w = self.words
        out = [(w["no"], self.invoice_id), (w["date"], self.d(self.invoice_date))]
        if self.delivery_date:
            out.append((w["delivery"], self.d(self.delivery_date)))
        if self.due_date:
            out.append((w["due"], self.d(self.due_date)))
        if self.customer_id:
            out.append((w["cust"], self.customer_id))
        if self.purchase_order:
            out.append((w["po"], self.purchase_order))
        return out

    def truth(self) -> dict:
        def num(x):
            if x is None:
                return None
            x = round(x, 2)
            return int(x) if x == int(x) else x

        return {
            "invoice_id": self.invoice_id,
            "invoice_date": self.invoice_date.isoformat(),
            "due_date": self.due_date.isoformat() if self.due_date else None,
            "purchase_order": self.purchase_order,
            "vendor_name": self.vendor.name,
            "vendor_address": self.vendor.address,
            "vendor_tax_id": self.vendor.tax_id,
            "customer_name": self.customer.name,
            "customer_address": self.customer.address,
            "customer_id": self.customer_id,
            "currency": self.currency,
            "subtotal": num(self.subtotal),
            "total_discount": num(self.discount),
            "shipping": num(self.shipping),
            "total_tax": num(sum(a for _, a in self.taxes)) if self.taxes else None,
            "invoice_total": num(self.total),
            "amount_paid": num(self.paid),
            "amount_due": num(self.due_amount),
            "payment_terms": self.terms,
            "items": [
                {
                    "description": it.description,
                    "quantity": num(it.quantity),
                    "unit": it.unit if self.show_unit else None,
                    "unit_price": num(it.unit_price),
                    "tax_rate": num(it.tax_rate) if self.show_rate else None,
                    "amount": num(it.amount),
                    "product_code": it.product_code if self.show_code else None,
                }
                for it in self.items
            ],
        }


def make_spec(seed: int, locale: str, n_items: int, kind: str = "goods", allow_multi_rate: bool = True,
              force: dict | None = None) -> Spec:
    """One invoice's facts. `force` pins choices a layout needs (e.g. show_rate)."""
    force = force or {}
    r = random.Random(seed)
    lang = LANG[locale]
    words_all = WORDS[locale]
    words = {k: r.choice(v) for k, v in words_all.items() if isinstance(v, list) and k not in ("terms_v", "thanks")}
    words["page"] = words_all["page"]
    words["cont"] = words_all["cont"]
    words["thanks"] = r.choice(words_all["thanks"])
    words["bank"] = words_all["bank"]
    currency = {"en-US": "USD", "en-GB": "GBP", "de-DE": "EUR", "fr-FR": "EUR"}[locale]
    if locale == "en-GB" and r.random() < 0.15:
        currency = "EUR"
    money = Money(locale, currency, force.get("money_style") or r.choice(["symbol", "symbol", "code", "bare"]))
    used: set = set()
    vendor = make_party(r, locale, VENDORS[locale], used)
    vendor.tax_id = vat_id(r, locale)
    customer = make_party(r, locale, CUSTOMERS[locale], used)
    cust_tax = vat_id(r, locale) if locale != "en-US" and r.random() < 0.3 else None
    ship_to = None
    if kind == "goods" and r.random() < 0.3:
        ship_to = Party(customer.name, [r.choice(STREETS[locale]), r.choice(CITIES[locale])])
    invoice_date = dt.date(2025, 1, 1) + dt.timedelta(days=r.randint(0, 600))
    terms_text, days = r.choice(words_all["terms_v"])
    terms = terms_text if r.random() < 0.75 else None
    due_date = invoice_date + dt.timedelta(days=days) if (days > 0 and r.random() < 0.8) else None
    if terms is None and due_date is None:
        due_date = invoice_date + dt.timedelta(days=30)
    delivery = invoice_date - dt.timedelta(days=r.randint(1, 9)) if r.random() < 0.3 else None
    po = None
    if r.random() < 0.5:
        po = r.choice([f"PO-{r.randint(10000, 99999)}", f"{r.randint(4500000000, 4509999999)}",
                       f"B{r.randint(1000, 9999)}/{r.choice(['25', '26'])}", f"PO{r.randint(100000, 999999)}"])
    cust_id = r.choice([f"C{r.randint(1000, 9999)}", f"{r.randint(10000, 99999)}", f"K-{r.randint(100, 999)}"]) \
        if r.random() < 0.5 else None
    rates = RATES[locale]
    std = rates[0] if locale != "en-US" else r.choice(rates)
    multi = None
    if allow_multi_rate and kind == "goods" and locale != "en-US" and r.random() < 0.4:
        multi = rates
    if force.get("multi_rate") and locale != "en-US" and kind == "goods":
        multi = rates
    items = make_items(r, lang, n_items, kind, multi, std)
    if multi and len({it.tax_rate for it in items}) < 2 and len(items) > 1:
        items[-1].tax_rate = rates[1]
    show_code = kind == "goods" and (force.get("show_code", r.random() < 0.5))
    show_unit = force.get("show_unit", r.random() < 0.35)
    show_rate = bool(multi) or force.get("show_rate", False)
    subtotal = money2(sum(it.amount for it in items))
    no_tax = locale == "en-US" and r.random() < 0.3
    discount_pct = discount = None
    if not multi and r.random() < 0.3:
        discount_pct = float(r.choice([2, 3, 5, 10]))
        discount = money2(subtotal * discount_pct / 100)
    shipping = None
    if kind == "goods" and r.random() < 0.35:
        shipping = float(r.choice([9.95, 14.5, 25, 45, 89, 120]))
    taxes = []
    if multi:
        by_rate: dict = {}
        for it in items:
            by_rate[it.tax_rate] = by_rate.get(it.tax_rate, 0) + it.amount
        if shipping:
            by_rate[rates[0]] = by_rate.get(rates[0], 0) + shipping
        for rate in sorted(by_rate, reverse=True):
            taxes.append((rate, money2(by_rate[rate] * rate / 100)))
    elif not no_tax:
        base = subtotal - (discount or 0) + (shipping or 0)
        taxes.append((std, money2(base * std / 100)))
    total = money2(subtotal - (discount or 0) + (shipping or 0) + sum(a for _, a in taxes))
    paid = due_amount = None
    roll = r.random()
    if roll < 0.25:
        paid = money2(total * r.choice([0.2, 0.3, 0.5]))
        due_amount = money2(total - paid)
    elif roll < 0.55:
        due_amount = total
    spec = Spec(locale=locale, lang=lang, currency=currency, money=money,
                date_style=r.choice(DATE_STYLES[locale]), vendor=vendor, customer=customer, ship_to=ship_to,
                invoice_id=ID_STYLES[locale](r, invoice_date.year), invoice_date=invoice_date, due_date=due_date,
                delivery_date=delivery, purchase_order=po, customer_id=cust_id, customer_tax_id=cust_tax,
                kind=kind, items=items, show_code=show_code, show_unit=show_unit, show_rate=show_rate,
                discount_pct=discount_pct, discount=discount, shipping=shipping, taxes=taxes,
                subtotal=subtotal, total=total, paid=paid, due_amount=due_amount, terms=terms, words=words)
    spec.rng = r  # layouts draw their own choices from the same stream
    return spec
