"""Facts and drawing helpers shared by the cairo invoice makers (generate-cairo.py, the tuning set,
and generate-cairo-check.py, the check set): parties with the address forms of each country,
label spellings per language, numbers and dates per locale, and Pango text drawn on a cairo PDF
page. The truth is written from these facts, never read back from the PDF.

Address truth: the party's name is its name however the page wraps it; its address is the postal
lines after the name (a c/o line, street, postcode and town, country), joined with ", ". Contact
lines ("Attn: ...", "z. Hd. ...", a department) are not part of the address.
"""

import datetime
import json
import os

import cairo
import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402

MM = 72 / 25.4
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)

# ---------------------------------------------------------------- parties

NAMES = {
    "en": ["Osprey Ridge Instruments LLC", "Cobalt Lantern Media Ltd", "Fenwick & Marsh Engineering Ltd",
           "Silverbirch Catering Company", "Tallgrass Data Systems, Inc.", "Quayside Print Works",
           "Lindqvist Architectural Lighting and Acoustic Design Consultants Ltd",
           "Northgate Veterinary Supplies Inc.", "Amberfield Landscape Services LLC",
           "The Copper Kettle Hospitality Group Limited"],
    "de": ["Feldmann Messtechnik GmbH", "Brückner & Voss Steuerberatung", "Kranich Medienhaus KG",
           "Lindenhof Gartenbau GmbH & Co. KG", "Ostsee Kältetechnik Handelsgesellschaft mbH",
           "Reinhardt Schreinerei e.K.", "Tannberg Software AG", "Wiesental Apotheken- und Laborbedarf GmbH"],
    "fr": ["Boulangerie Moreau SARL", "Atelier Girard et Fils", "Cabinet Lefèvre Conseil SAS",
           "Imprimerie du Vieux Port SARL", "Société Méditerranéenne de Transports Frigorifiques SAS",
           "Éditions Clairmont", "Rousseau Électricité Générale EURL"],
    "nl": ["Van Dijk Installatietechniek B.V.", "Bakkerij De Molen", "Hoekstra & Zn. Transport B.V."],
}
PEOPLE = {
    "en": ["Margaret Okafor", "Daniel Reyes", "Priya Natarajan", "Tom Whitfield"],
    "de": ["Frau Sabine Krüger", "Herrn Jonas Albrecht", "Frau Dr. Petra Ulm"],
    "fr": ["Mme Claire Dubois", "M. Antoine Mercier"],
    "nl": ["Dhr. P. de Boer", "Mevr. A. Jansen"],
}
DEPARTMENTS = {
    "en": ["Accounts Payable", "Finance Department", "Purchasing"],
    "de": ["Buchhaltung", "Abteilung Einkauf", "Kreditorenbuchhaltung"],
    "fr": ["Service comptabilité", "Service achats"],
    "nl": ["Crediteurenadministratie"],
}
STREETS = {
    "en-US": ["1420 Larkspur Avenue", "88 Commerce Park Drive, Suite 210", "501 W. Main Street", "2716 Old Mill Road"],
    "en-GB": ["Unit 4, Riverside Trading Estate", "17 Cheapside", "Flat 2, 9 Albion Terrace", "Mill House, Station Road"],
    "de-DE": ["Lindenstraße 14", "Am Alten Hafen 3a", "Gutenbergring 112", "Kaiserallee 27"],
    "de-CH": ["Bahnhofstrasse 52", "Seefeldweg 8", "Rue du Marché 14"],
    "fr-FR": ["12 rue des Tanneurs", "45 avenue Jean Jaurès", "ZA des Prés, 3 chemin des Vignes", "8 quai de la Loire"],
    "fr-BE": ["Rue de la Loi 155", "Avenue Louise 231", "Chaussée de Wavre 1090"],
    "nl-NL": ["Keizersgracht 221", "Stationsplein 4", "Industrieweg 37"],
}
TOWNS = {
    "en-US": [("Austin", "TX", "78701"), ("Columbus", "OH", "43215"), ("Boise", "ID", "83702"), ("Burlington", "VT", "05401")],
    "en-GB": [("Leeds", "LS1 4AP"), ("Bristol", "BS1 6QH"), ("Norwich", "NR2 1SN"), ("London", "EC2V 6BR")],
    "de-DE": [("50667", "Köln"), ("04109", "Leipzig"), ("24103", "Kiel"), ("79098", "Freiburg im Breisgau")],
    "de-CH": [("8001", "Zürich"), ("3011", "Bern"), ("1204", "Genève")],
    "fr-FR": [("69002", "Lyon"), ("13001", "Marseille"), ("44000", "Nantes"), ("67000", "Strasbourg")],
    "fr-BE": [("1000", "Bruxelles"), ("4000", "Liège"), ("5000", "Namur")],
    "nl-NL": [("1015 CW", "Amsterdam"), ("3511 AX", "Utrecht"), ("9711 LM", "Groningen")],
}
COUNTRY = {
    "en-US": ["United States", "USA"], "en-GB": ["United Kingdom", "UK"], "de-DE": ["Deutschland", "Germany"],
    "de-CH": ["Schweiz", "Switzerland"], "fr-FR": ["France"], "fr-BE": ["Belgique", "Belgium"],
    "nl-NL": ["Nederland", "Netherlands"],
}
LANG = {"en-US": "en", "en-GB": "en", "de-DE": "de", "de-CH": "de", "fr-FR": "fr", "fr-BE": "fr", "nl-NL": "nl"}
CURRENCY = {"en-US": "USD", "en-GB": "GBP", "de-DE": "EUR", "de-CH": "CHF", "fr-FR": "EUR", "fr-BE": "EUR", "nl-NL": "EUR"}
TAX = {"en-US": 0.0725, "en-GB": 0.20, "de-DE": 0.19, "de-CH": 0.081, "fr-FR": 0.20, "fr-BE": 0.21, "nl-NL": 0.21}


def town_lines(rng, locale, country):
    """The postcode and town line(s) as that country writes them, and an optional country line."""
    t = rng.choice(TOWNS[locale])
    if locale == "en-US":
        out = [f"{t[0]}, {t[1]} {t[2]}"]
    elif locale == "en-GB":
        out = [t[0], t[1]] if rng.random() < 0.5 else [f"{t[0]} {t[1]}"]
    elif locale == "de-CH" and rng.random() < 0.4:
        out = [f"CH-{t[0]} {t[1]}"]
    else:
        out = [f"{t[0]} {t[1]}"]
    if country:
        out.append(rng.choice(COUNTRY[locale]))
    return out


def make_party(rng, locale, used, extras=True):
    lang = LANG[locale]
    name = rng.choice([n for n in NAMES[lang] if n not in used])
    used.add(name)
    street = rng.choice(STREETS[locale])
    country = rng.random() < 0.35
    address = []
    if extras and rng.random() < 0.15:
        address.append("c/o " + rng.choice([n for n in NAMES[lang] if n not in used]))
    address.append(street)
    address += town_lines(rng, locale, country)
    contact = []
    if extras:
        r = rng.random()
        if r < 0.25:
            attn = {"en": rng.choice(["Attn:", "Attention:", "ATTN"]), "de": rng.choice(["z. Hd.", "z. H.", "Zu Händen"]),
                    "fr": rng.choice(["À l'attention de", "A l'att. de", "Attn."]), "nl": "T.a.v."}[lang]
            contact.append(f"{attn} {rng.choice(PEOPLE[lang])}")
        elif r < 0.40:
            contact.append(rng.choice(DEPARTMENTS[lang]))
    return {"name": name, "address": address, "contact": contact}


def tax_id(rng, locale):
    d = lambda n: "".join(str(rng.randint(0, 9)) for _ in range(n))  # noqa: E731
    return {
        "en-US": f"{d(2)}-{d(7)}", "en-GB": f"GB {d(3)} {d(4)} {d(2)}", "de-DE": f"DE{d(9)}",
        "de-CH": f"CHE-{d(3)}.{d(3)}.{d(3)} MWST", "fr-FR": f"FR{d(2)} {d(9)}", "fr-BE": f"BE0{d(3)}.{d(3)}.{d(3)}",
        "nl-NL": f"NL{d(9)}B01",
    }[locale]


# ---------------------------------------------------------------- numbers and dates

def money(v, locale, cur=True):
    s = f"{v:,.2f}"
    if locale.startswith("en"):
        out = s
    elif locale == "de-CH":
        out = s.replace(",", "'")
    elif locale.startswith("fr"):
        out = s.replace(",", "\u202f").replace(".", ",")
    else:
        out = s.replace(",", "X").replace(".", ",").replace("X", ".")
    if not cur:
        return out
    c = CURRENCY[locale]
    if c == "USD":
        return "$" + out
    if c == "GBP":
        return "£" + out
    if c == "CHF":
        return "CHF " + out
    return out + " €"


MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "nl": ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
}


def date_text(d, locale, style):
    lang = LANG[locale]
    if style == "long":
        if locale == "en-US":
            return f"{MONTHS['en'][d.month - 1]} {d.day}, {d.year}"
        return f"{d.day} {MONTHS[lang][d.month - 1]} {d.year}" if lang != "de" else f"{d.day}. {MONTHS['de'][d.month - 1]} {d.year}"
    if locale == "en-US":
        return f"{d.month:02d}/{d.day:02d}/{d.year}"
    if lang == "de":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if lang == "nl":
        return f"{d.day:02d}-{d.month:02d}-{d.year}"
    return f"{d.day:02d}/{d.month:02d}/{d.year}"


ITEMS = {
    "en": ["Site inspection and report", "Annual maintenance contract", "Replacement filter cartridges",
           "Design consultation (hours)", "Cable assembly, 5 m", "Delivery and installation", "Training session"],
    "de": ["Wartung Heizungsanlage", "Beratung (Stunden)", "Ersatzteilpaket A", "Montage vor Ort",
           "Softwarelizenz, 12 Monate", "Kalibrierung Messgerät"],
    "fr": ["Intervention sur site", "Contrat de maintenance annuel", "Fournitures de bureau",
           "Conseil (heures)", "Pose et raccordement", "Formation utilisateurs"],
    "nl": ["Onderhoud installatie", "Advies (uren)", "Onderdelenpakket"],
}


def make_facts(rng, locale, n, prefix):
    """One invoice's facts: parties, ids, dates, items, totals, and the truth they make."""
    lang = LANG[locale]
    used = set()
    vendor = make_party(rng, locale, used, extras=False)
    customer = make_party(rng, locale, used)
    issued = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randint(0, 300))
    days = rng.choice([14, 30, 10])
    due = issued + datetime.timedelta(days=days)
    inv_id = f"{prefix}{issued.year}-{rng.randint(100, 9999):04d}" if rng.random() < 0.5 else str(rng.randint(10000, 99999))
    cust_id = rng.choice([f"K{rng.randint(10000, 99999)}", f"C-{rng.randint(1000, 9999)}", str(rng.randint(100000, 999999))]) \
        if rng.random() < 0.7 else None
    items = []
    for _ in range(rng.randint(2, 4)):
        q = rng.randint(1, 9)
        up = round(rng.uniform(8, 450), 2)
        items.append({"description": rng.choice(ITEMS[lang]), "quantity": q, "unit": None, "unit_price": up,
                      "tax_rate": None, "amount": round(q * up, 2), "product_code": None})
    sub = round(sum(i["amount"] for i in items), 2)
    tax = round(sub * TAX[locale], 2)
    total = round(sub + tax, 2)
    vtax = tax_id(rng, locale)
    terms = {"en": f"Net {days}", "de": f"{days} Tage netto", "fr": f"{days} jours net", "nl": f"{days} dagen netto"}[lang]
    truth = {
        "invoice_id": inv_id, "invoice_date": issued.isoformat(), "due_date": due.isoformat(), "purchase_order": None,
        "vendor_name": vendor["name"], "vendor_address": ", ".join(vendor["address"]), "vendor_tax_id": vtax,
        "customer_name": customer["name"], "customer_address": ", ".join(customer["address"]), "customer_id": cust_id,
        "currency": CURRENCY[locale], "subtotal": sub, "total_discount": None, "shipping": None, "total_tax": tax,
        "invoice_total": total, "amount_paid": None, "amount_due": total, "payment_terms": terms, "items": items,
    }
    return {"locale": locale, "lang": lang, "vendor": vendor, "customer": customer, "issued": issued, "due": due,
            "inv_id": inv_id, "cust_id": cust_id, "items": items, "sub": sub, "tax": tax, "total": total,
            "vtax": vtax, "terms": terms, "truth": truth}


# ---------------------------------------------------------------- drawing

class Page:
    """A cairo PDF surface and Pango text on it; y grows downwards, in points."""

    def __init__(self, path, size, family):
        self.surface = cairo.PDFSurface(path, *size)
        # A fixed date, so the same seed makes the same bytes.
        self.surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "2026-01-01T00:00:00Z")
        self.surface.set_metadata(cairo.PDF_METADATA_CREATOR, "generate-cairo")
        self.ctx = cairo.Context(self.surface)
        self.size = size
        self.family = family

    def text(self, x, y, s, size=9.5, bold=False, width=None, align="left", color=(0, 0, 0), family=None):
        """Draws `s` (lines split on \\n; wrapped within `width` when given); returns the height used."""
        layout = PangoCairo.create_layout(self.ctx)
        fd = Pango.FontDescription(f"{family or self.family} {'Bold ' if bold else ''}{size}")
        layout.set_font_description(fd)
        if width:
            layout.set_width(int(width * Pango.SCALE))
            layout.set_wrap(Pango.WrapMode.WORD)
            layout.set_alignment({"left": Pango.Alignment.LEFT, "right": Pango.Alignment.RIGHT,
                                  "center": Pango.Alignment.CENTER}[align])
        layout.set_text(s, -1)
        w, h = layout.get_pixel_size()
        if not width and align == "right":
            x -= w
        elif not width and align == "center":
            x -= w / 2
        self.ctx.set_source_rgb(*color)
        self.ctx.move_to(x, y)
        PangoCairo.show_layout(self.ctx, layout)
        return h

    def measure(self, s, size=9.5, bold=False):
        layout = PangoCairo.create_layout(self.ctx)
        layout.set_font_description(Pango.FontDescription(f"{self.family} {'Bold ' if bold else ''}{size}"))
        layout.set_text(s, -1)
        return layout.get_pixel_size()[0]

    def rule(self, x1, y1, x2, y2, w=0.6, gray=0.0):
        self.ctx.set_source_rgb(gray, gray, gray)
        self.ctx.set_line_width(w)
        self.ctx.move_to(x1, y1)
        self.ctx.line_to(x2, y2)
        self.ctx.stroke()

    def box(self, x, y, w, h, fill=None, line=0.6):
        self.ctx.rectangle(x, y, w, h)
        if fill is not None:
            self.ctx.set_source_rgb(*fill)
            self.ctx.fill_preserve()
        self.ctx.set_source_rgb(0, 0, 0)
        self.ctx.set_line_width(line)
        if line:
            self.ctx.stroke()
        else:
            self.ctx.new_path()

    def finish(self):
        self.surface.finish()


def write_truth(path, meta, truth):
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "truth": truth}, f, ensure_ascii=False, indent=2)
        f.write("\n")


def out_dir(d):
    os.makedirs(d, exist_ok=True)
    return d
