"""Facts for the English-heavy invoice sets made with Apache FOP (generate-fop.py, tuning) and
wkhtmltopdf (generate-wkhtml-check.py, check): parties with addresses of their country, dates in
the many ways English invoices write them, due dates given as a date or as terms only, and totals
with discounts, deposits and shipping. The truth is written from the facts, never read back.

A due date shown only as terms ("Net 30", "Due on receipt") has a null truth, as in the other sets:
the reader reports what the page says.
"""

import datetime
import json
import os

COUNTRY = {"en-US": "US", "en-GB": "GB", "en-AU": "AU", "en-CA": "CA", "en-IE": "IE", "de-DE": "DE", "fr-FR": "FR"}
CURRENCY = {"en-US": "USD", "en-GB": "GBP", "en-AU": "AUD", "en-CA": "CAD", "en-IE": "EUR", "de-DE": "EUR", "fr-FR": "EUR"}
SYMBOL = {"USD": "$", "GBP": "£", "AUD": "$", "CAD": "$", "EUR": "€"}
TAX = {"en-US": 0.0725, "en-GB": 0.20, "en-AU": 0.10, "en-CA": 0.13, "en-IE": 0.23, "de-DE": 0.19, "fr-FR": 0.20}
TAX_WORD = {"en-US": "Sales tax", "en-GB": "VAT", "en-AU": "GST", "en-CA": "HST", "en-IE": "VAT", "de-DE": "MwSt.", "fr-FR": "TVA"}

NAMES = ["Harbourline", "Bluegate", "Copperleaf", "Northwind", "Kestrel", "Ridgeway", "Oakhurst", "Lantern",
         "Millbrook", "Stonebridge", "Fairmont", "Wrenfield", "Ashdown", "Granite Peak", "Saltmarsh", "Brightwater",
         "Pinecrest", "Redfern", "Hollowtree", "Marlowe"]
KINDS = ["Consulting", "Print Works", "Logistics", "Studio", "Engineering", "Supplies", "Analytics", "Joinery",
         "Electrical", "Catering", "Software", "Cleaning Services"]
SUFFIX = {"US": ["LLC", "Inc.", "Co."], "GB": ["Ltd", "LLP", "Limited"], "AU": ["Pty Ltd"], "CA": ["Inc.", "Ltd."],
          "IE": ["Ltd", "Teoranta"], "DE": ["GmbH"], "FR": ["SARL", "SAS"]}
STREETS = ["Church Street", "Station Road", "Maple Avenue", "King Street", "Harbour Drive", "Elm Road", "Mill Lane",
           "Victoria Parade", "Cedar Court", "Queen Street"]


def place(rng, country):
    """A street line and a town line as the country writes them."""
    n = rng.randint(2, 480)
    street = f"{n} {rng.choice(STREETS)}"
    if country == "US":
        town, st, z = rng.choice([("Columbus", "OH", "43215"), ("Austin", "TX", "78701"), ("Boise", "ID", "83702"),
                                  ("Albany", "NY", "12207"), ("Tacoma", "WA", "98402")])
        return [street, f"{town}, {st} {z}"]
    if country == "GB":
        town, pc = rng.choice([("Leeds", "LS1 4DY"), ("Bristol", "BS1 5TR"), ("Norwich", "NR2 1QE"),
                               ("Cardiff", "CF10 1EP"), ("York", "YO1 7HH")])
        return [street, town, pc]
    if country == "AU":
        town, st, pc = rng.choice([("Parramatta", "NSW", "2150"), ("Fitzroy", "VIC", "3065"), ("Fremantle", "WA", "6160"),
                                   ("Toowong", "QLD", "4066")])
        return [street, f"{town} {st} {pc}"]
    if country == "CA":
        town, pr, pc = rng.choice([("Ottawa", "ON", "K1P 5J2"), ("Halifax", "NS", "B3J 1S9"), ("Kelowna", "BC", "V1Y 6H2")])
        return [street, f"{town}, {pr} {pc}"]
    if country == "IE":
        town, ec = rng.choice([("Galway", "H91 E2K3"), ("Cork", "T12 X70A"), ("Dublin 2", "D02 AF30")])
        return [street, town, ec]
    if country == "DE":
        return [f"{rng.choice(['Lindenstraße', 'Bahnhofstraße', 'Am Markt'])} {rng.randint(1, 90)}",
                f"{rng.choice(['10115 Berlin', '80331 München', '50667 Köln'])}"]
    return [f"{rng.randint(1, 90)} rue {rng.choice(['de la Paix', 'Victor Hugo', 'des Lilas'])}",
            rng.choice(["69002 Lyon", "33000 Bordeaux", "75011 Paris"])]


def party(rng, country, used):
    while True:
        name = f"{rng.choice(NAMES)} {rng.choice(KINDS)} {rng.choice(SUFFIX[country])}"
        if name not in used:
            used.add(name)
            return {"name": name, "address": place(rng, country)}


def tax_id(rng, country):
    if country == "US":
        return f"{rng.randint(10, 99)}-{rng.randint(1000000, 9999999)}"
    if country == "GB":
        return f"GB{rng.randint(100, 999)} {rng.randint(1000, 9999)} {rng.randint(10, 99)}"
    if country == "AU":
        return f"{rng.randint(10, 99)} {rng.randint(100, 999)} {rng.randint(100, 999)} {rng.randint(100, 999)}"
    if country == "CA":
        return f"{rng.randint(100000000, 999999999)}RT0001"
    if country == "IE":
        return f"IE{rng.randint(1000000, 9999999)}W"
    if country == "DE":
        return f"DE{rng.randint(100000000, 999999999)}"
    return f"FR{rng.randint(10, 99)}{rng.randint(100000000, 999999999)}"


ITEMS = ["Site survey and report", "Design consultation (hours)", "Printed brochures, 500 copies", "Annual support plan",
         "Replacement filter set", "Installation labour", "Training session, half day", "Data migration",
         "Cable trays, galvanised", "Monthly hosting", "Courier delivery", "Carpet deep clean"]

MONTHS = "January February March April May June July August September October November December".split()


def ordinal(d):
    return f"{d}{'th' if 11 <= d % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th')}"


def date_text(d, locale, style):
    """A date as an English invoice may write it. US locales put the month first in numeric dates."""
    us = locale in ("en-US", "en-CA")
    m = MONTHS[d.month - 1]
    wd = d.strftime("%A")
    if locale == "de-DE":
        return d.strftime("%d.%m.%Y")
    if locale == "fr-FR":
        return d.strftime("%d/%m/%Y")
    return {
        "num": d.strftime("%m/%d/%Y") if us else d.strftime("%d/%m/%Y"),
        "num1": f"{d.month}/{d.day}/{d.year}" if us else f"{d.day}/{d.month}/{d.year}",
        "num2y": d.strftime("%m/%d/%y") if us else d.strftime("%d/%m/%y"),
        "dash": d.strftime("%m-%d-%Y") if us else d.strftime("%d-%m-%Y"),
        "dot": d.strftime("%d.%m.%Y"),
        "iso": d.isoformat(),
        "long": f"{m} {d.day}, {d.year}" if us else f"{d.day} {m} {d.year}",
        "ord": f"{m} {ordinal(d.day)}, {d.year}" if us else f"{ordinal(d.day)} {m} {d.year}",
        "of": f"{ordinal(d.day)} of {m} {d.year}",
        "abbr": f"{m[:3]}. {d.day}, {d.year}" if us else f"{d.day} {m[:3]} {d.year}",
        "dmy-abbr": f"{d.day:02d}-{m[:3]}-{d.year}",
        "dmy-abbr2": f"{d.day:02d}-{m[:3]}-{d.strftime('%y')}",
        "dmy-sp2": f"{d.day} {m[:3]} {d.strftime('%y')}",
        "weekday": f"{wd}, {m} {d.day}, {d.year}" if us else f"{wd} {d.day} {m} {d.year}",
        "slash-abbr": f"{d.day:02d}/{m[:3]}/{d.year}",
        "abbr-dash": f"{m[:3]}-{d.day:02d}-{d.year}",
        "upper": f"{m[:3].upper()} {d.day:02d} {d.year}" if us else f"{d.day:02d} {m[:3].upper()} {d.year}",
    }[style]


def money(v, cur, style):
    """An amount: 'sym' $1,234.56; 'code' 1,234.56 USD; 'codefirst' USD 1,234.56; 'bare' 1,234.56;
    'de' 1.234,56 €."""
    s = f"{abs(v):,.2f}"
    neg = v < 0
    if style == "de":
        s = s.replace(",", "X").replace(".", ",").replace("X", ".")
        return f"{'-' if neg else ''}{s} €"
    if style == "sym":
        return f"{'-' if neg else ''}{SYMBOL[cur]}{s}"
    if style == "code":
        return f"{'-' if neg else ''}{s} {cur}"
    if style == "codefirst":
        return f"{cur} {'-' if neg else ''}{s}"
    if style == "paren":
        return f"({s})" if neg else s
    return f"{'-' if neg else ''}{s}"


UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def words(n):
    if n < 20:
        return UNITS[n]
    if n < 100:
        return TENS[n // 10] + ("-" + UNITS[n % 10] if n % 10 else "")
    if n < 1000:
        return UNITS[n // 100] + " hundred" + (" and " + words(n % 100) if n % 100 else "")
    return words(n // 1000) + " thousand" + (" " + words(n % 1000) if n % 1000 else "")


def amount_words(v, cur):
    unit = {"USD": "US dollars", "GBP": "pounds", "AUD": "Australian dollars", "CAD": "Canadian dollars", "EUR": "euro"}[cur]
    cents = round(v * 100) % 100
    return f"{words(int(v)).capitalize()} {unit} and {cents:02d}/100"


def make_facts(rng, locale, prefix):
    country = COUNTRY[locale]
    used = set()
    vendor = party(rng, country, used)
    customer = party(rng, country, used)
    issued = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randint(0, 330))
    days = rng.choice([7, 14, 15, 30, 45, 60])
    due = issued + datetime.timedelta(days=days)
    # How the due date shows: a date, a date with terms, terms only, or on receipt.
    due_kind = rng.choice(["date", "date", "date+terms", "terms", "receipt"])
    inv_id = rng.choice([f"{prefix}-{rng.randint(1000, 99999)}", str(rng.randint(1000, 999999)),
                         f"{prefix}{issued.year % 100:02d}{rng.randint(100, 999)}"])
    cust_id = rng.choice([f"CUST-{rng.randint(100, 9999)}", f"A{rng.randint(10000, 99999)}"]) if rng.random() < 0.5 else None
    po = f"PO{rng.randint(10000, 99999)}" if rng.random() < 0.4 else None
    items = []
    for _ in range(rng.randint(1, 5)):
        q = rng.randint(1, 12)
        up = round(rng.uniform(5, 1800), 2)
        items.append({"description": rng.choice(ITEMS), "quantity": q, "unit": None, "unit_price": up,
                      "tax_rate": None, "amount": round(q * up, 2), "product_code": None})
    sub = round(sum(i["amount"] for i in items), 2)
    discount = round(sub * rng.choice([0.05, 0.1]), 2) if rng.random() < 0.3 else None
    shipping = round(rng.uniform(8, 90), 2) if rng.random() < 0.3 else None
    base = round(sub - (discount or 0), 2)
    tax = round(base * TAX[locale], 2)
    total = round(base + (shipping or 0) + tax, 2)
    paid = round(total * rng.choice([0.25, 0.5]), 2) if rng.random() < 0.25 else None
    # A balance line is printed when something was paid, else on half the invoices; the truth holds
    # what is printed.
    amount_due = round(total - (paid or 0), 2) if paid is not None or rng.random() < 0.5 else None
    cur = CURRENCY[locale]
    terms = {"date": None, "date+terms": f"Net {days}", "terms": rng.choice([f"Net {days}", f"Payment due within {days} days",
                                                                           f"{days} days from invoice date"]),
             "receipt": rng.choice(["Due on receipt", "Payment due upon receipt", "On receipt", "Upon receipt"])}[due_kind]
    truth = {
        "invoice_id": inv_id, "invoice_date": issued.isoformat(),
        "due_date": due.isoformat() if due_kind in ("date", "date+terms") else None,
        "purchase_order": po, "vendor_name": vendor["name"], "vendor_address": ", ".join(vendor["address"]),
        "vendor_tax_id": tax_id(rng, country), "customer_name": customer["name"],
        "customer_address": ", ".join(customer["address"]), "customer_id": cust_id, "currency": cur,
        "subtotal": sub, "total_discount": discount, "shipping": shipping, "total_tax": tax, "invoice_total": total,
        "amount_paid": paid, "amount_due": amount_due, "payment_terms": terms, "items": items,
    }
    return {"locale": locale, "country": country, "lang": locale[:2], "vendor": vendor, "customer": customer,
            "issued": issued, "due": due, "due_kind": due_kind, "days": days, "cur": cur, "tax_word": TAX_WORD[locale],
            "rate": TAX[locale], "truth": truth}


def write_truth(path, meta, truth):
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"meta": meta, "truth": truth}, f, ensure_ascii=False, indent=2)
        f.write("\n")


def out_dir(d):
    os.makedirs(d, exist_ok=True)
    return d
