"""Invoice data for bench/heldout-invoices2: every figure is decided here and printed from here;
the truth is this data, never read back from a PDF."""
import random
from datetime import date, timedelta

LOCALES = {
    "en-US": dict(lang="en", cur="USD", sym="$", rate=[0, 6.25, 7, 8.875], dec=".", grp=","),
    "en-GB": dict(lang="en", cur="GBP", sym="£", rate=[20], dec=".", grp=","),
    "de-DE": dict(lang="de", cur="EUR", sym="€", rate=[19, 7], dec=",", grp="."),
    "fr-FR": dict(lang="fr", cur="EUR", sym="€", rate=[20, 10], dec=",", grp="\u202f"),
}
FORMS = {"en-US": ["Inc.", "LLC", "Corp.", "LLP", "Co."], "en-GB": ["Ltd", "plc", "LLP", "Limited"],
         "de-DE": ["GmbH", "KG", "AG", "e.K.", "GbR", "GmbH & Co. KG"], "fr-FR": ["SARL", "SAS", "S.A.", "EURL", "SASU"]}
STEMS = {"en": ["Harbor Point Analytics", "Bluewater Fabrication", "Northgate Legal Services", "Quill & Ledger Bookkeeping",
                "Copperline Electrical Contractors of the Greater Midwest", "Saltmarsh Digital", "Oakridge Freight and Storage",
                "Thistle Engineering Consultants", "Kestrel Print Works", "Riverside Veterinary Supplies"],
         "de": ["Brunnhuber Haustechnik", "Lindenhof Softwareentwicklung", "Kaltenbach Metallbau und Blechverarbeitung",
                "Weißdorn Steuerberatung", "Mühlental Druckerei", "Rheinauen Logistik", "Sonnleitner Elektroinstallationen"],
         "fr": ["Atelier Beaulieu", "Menuiserie des Trois Vallées", "Cabinet Rochefort Conseil", "Imprimerie du Vieux Port",
                "Transports Marchand et Fils", "Boulangerie industrielle de la Loire", "Éditions Clairefontaine"]}
STREETS = {"en-US": ["1420 Cedar Street", "77 Harbor Drive, Suite 300", "9 Industrial Parkway", "2200 Pennsylvania Ave NW"],
           "en-GB": ["14 Wharf Road", "Unit 5, Riverside Business Park", "221 Kingsway", "3 Church Lane"],
           "de-DE": ["Hauptstraße 12", "Am Kanal 4a", "Industriestraße 88", "Lindenallee 23"],
           "fr-FR": ["12 rue des Tanneurs", "45 avenue Jean Jaurès", "8 boulevard de la Liberté", "3 place du Marché"]}
CITIES = {"en-US": ["Portland, OR 97205", "Columbus, OH 43215", "Raleigh, NC 27601", "Boise, ID 83702"],
          "en-GB": ["Bristol BS1 4DJ", "Leeds LS1 5AB", "Norwich NR2 1RQ", "Cardiff CF10 1EP"],
          "de-DE": ["80331 München", "50667 Köln", "04109 Leipzig", "70173 Stuttgart"],
          "fr-FR": ["69002 Lyon", "33000 Bordeaux", "44000 Nantes", "67000 Strasbourg"]}
GOODS = {"en": [("Consulting, senior engineer", "hours"), ("Site survey and report", None), ("Steel bracket, galvanised", "pcs"),
                ("Annual software maintenance", None), ("Freight, pallet", "pallets"), ("Training workshop (half day)", "days"),
                ("Cable tray 3 m", "pcs"), ("Design revisions", "hours"), ("Printing, A3 posters", "pcs"), ("Data migration", "hours")],
         "de": [("Beratung Projektleitung", "Std."), ("Montage vor Ort", "Std."), ("Edelstahlblech 2 mm", "Stk."),
                ("Wartungsvertrag, jährlich", None), ("Anfahrtspauschale", None), ("Kabelkanal 2 m", "Stk."),
                ("Schulung Mitarbeiter", "Tage"), ("Druck Broschüren A5", "Stk.")],
         "fr": [("Prestation de conseil", "h"), ("Pose et installation", "h"), ("Panneau de chêne massif", "pièces"),
                ("Maintenance annuelle", None), ("Frais de déplacement", None), ("Impression de catalogues", "ex."),
                ("Formation du personnel", "jours"), ("Câble électrique 50 m", "pièces")]}
TERMS = {"en": ["Net 30", "Payment due within 14 days", "Due on receipt", "Net 45"],
         "de": ["Zahlbar innerhalb von 14 Tagen ohne Abzug", "Zahlbar sofort ohne Abzug", "30 Tage netto"],
         "fr": ["Paiement à 30 jours", "Paiement à réception de facture", "45 jours fin de mois"]}

def r2(x):
    return float(f"{x + 1e-9:.2f}")

def party(rng, loc):
    lang = LOCALES[loc]["lang"]
    name = f"{rng.choice(STEMS[lang])} {rng.choice(FORMS[loc])}"
    return name, [rng.choice(STREETS[loc]), rng.choice(CITIES[loc])]

def tax_id(rng, loc):
    if loc == "en-US": return f"{rng.randint(10, 99)}-{rng.randint(1000000, 9999999)}"
    if loc == "en-GB": return f"GB{rng.randint(100000000, 999999999)}"
    if loc == "de-DE": return f"DE{rng.randint(100000000, 999999999)}"
    return f"FR{rng.randint(10, 99)}{rng.randint(100000000, 999999999)}"

def invoice(seed, loc, n_items=None):
    rng = random.Random(seed)
    L = LOCALES[loc]
    lang = L["lang"]
    vname, vaddr = party(rng, loc)
    cname, caddr = party(rng, loc)
    while cname.split()[0] == vname.split()[0]:
        cname, caddr = party(rng, loc)
    d = date(2025, 1, 1) + timedelta(days=rng.randint(0, 320))
    due = d + timedelta(days=rng.choice([14, 30, 45])) if rng.random() < 0.8 else None
    rate = rng.choice(L["rate"])
    per_item_rate = rate > 0 and rng.random() < 0.3
    n = n_items or rng.randint(2, 8)
    items = []
    for i in range(n):
        desc, unit = rng.choice(GOODS[lang])
        qty = rng.choice([1, 2, 3, 5, 8, 10, 12, 24, 1.5, 7.5, 40]) if unit else 1
        price = r2(rng.choice([12.5, 49, 85, 120, 249.9, 1150, 7.25, 64.8, 2300, 18.75]) * rng.choice([1, 1, 1.1, 0.9]))
        items.append(dict(description=desc, quantity=qty, unit=unit, unit_price=price, tax_rate=rate if per_item_rate else None,
                          amount=r2(qty * price), product_code=(f"{rng.choice('ABKPX')}{rng.randint(100, 99999)}" if rng.random() < 0.3 else None)))
    codes = rng.random() < 0.5
    for it in items:
        if not codes: it["product_code"] = None
    subtotal = r2(sum(it["amount"] for it in items))
    discount = r2(subtotal * rng.choice([0.05, 0.1, 0.03])) if rng.random() < 0.3 else None
    shipping = r2(rng.choice([15, 29.9, 45, 120])) if rng.random() < 0.25 else None
    base = subtotal - (discount or 0) + (shipping or 0)
    tax = r2(base * rate / 100) if rate else None
    total = r2(base + (tax or 0))
    paid = r2(total * rng.choice([0.3, 0.5])) if rng.random() < 0.2 else None
    prefix = {"en": ["INV-", "", "IN", "2025-"], "de": ["RE-", "R", "2025/"], "fr": ["FA-", "F", "2025-"]}[lang]
    truth = dict(
        invoice_id=f"{rng.choice(prefix)}{rng.randint(1000, 99999)}",
        invoice_date=d.isoformat(), due_date=due.isoformat() if due else None,
        purchase_order=(f"PO-{rng.randint(10000, 99999)}" if rng.random() < 0.4 else None),
        vendor_name=vname, vendor_address=", ".join(vaddr), vendor_tax_id=tax_id(rng, loc) if rng.random() < 0.8 else None,
        customer_name=cname, customer_address=", ".join(caddr),
        customer_id=(f"C{rng.randint(1000, 99999)}" if rng.random() < 0.4 else None),
        currency=L["cur"], subtotal=subtotal, total_discount=discount, shipping=shipping, total_tax=tax,
        invoice_total=total, amount_paid=paid, amount_due=r2(total - paid) if paid else None,
        payment_terms=rng.choice(TERMS[lang]) if rng.random() < 0.6 else None, items=items)
    return truth, dict(vaddr=vaddr, caddr=caddr, rate=rate, per_item_rate=per_item_rate, rng=rng, L=L, lang=lang)

MONTHS = {"en": "January February March April May June July August September October November December".split(),
          "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(),
          "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()}

def fdate(iso, loc, long=False):
    y, m, d = map(int, iso.split("-"))
    lang = LOCALES[loc]["lang"]
    if long:
        mon = MONTHS[lang][m - 1]
        return {"en-US": f"{mon} {d}, {y}", "en-GB": f"{d} {mon} {y}", "de-DE": f"{d}. {mon} {y}", "fr-FR": f"{d} {mon} {y}"}[loc]
    return {"en-US": f"{m:02d}/{d:02d}/{y}", "en-GB": f"{d:02d}/{m:02d}/{y}", "de-DE": f"{d:02d}.{m:02d}.{y}", "fr-FR": f"{d:02d}/{m:02d}/{y}"}[loc]

def fnum(x, loc, dp=2):
    L = LOCALES[loc]
    s = f"{abs(x):,.{dp}f}".replace(",", "\0").replace(".", L["dec"]).replace("\0", L["grp"])
    return ("-" if x < 0 else "") + s

def fqty(q, loc):
    return fnum(q, loc, 0) if float(q).is_integer() else fnum(q, loc, 1)

def fmoney(x, loc, style="sym"):
    L = LOCALES[loc]
    n = fnum(x, loc)
    if style == "code": return f"{n} {L['cur']}" if L["lang"] != "en" else f"{L['cur']} {n}"
    if L["lang"] == "en": return f"{L['sym']}{n}"
    return f"{n} {L['sym']}"
