"""Facts shared by the header-grid invoice makers (generate-abiword.py, the tuning set, and
generate-chromium-check.py, the check set): an invoice's number in several forms, its dates, a
totals ladder with discount, shipping and deposit lines, and due dates printed as a date or as terms
only. Parties, money and date spellings come from cairo_facts. The truth is written from these facts,
never read back from the PDF.

Truth conventions (as the other corpora): a due date printed only as terms ("Net 30", "Payment due
upon receipt") is null, the terms are the payment_terms; amount_due is the balance after deposits;
discount and deposit are positive amounts.
"""

import datetime
import html
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cairo_facts import ITEMS, LANG, date_text, make_party, money, tax_id, write_truth, out_dir  # noqa: E402,F401

ID_FORMS = ["INV-{y}-{n4}", "{n5}", "RE-{y2}-{n3}", "F{y}-{n4}", "A{n5}", "{y}/{n4}", "SI-{n6}", "{n4}-{y2}"]


def make_id(rng, issued):
    form = rng.choice(ID_FORMS)
    return form.format(y=issued.year, y2=str(issued.year)[2:], n3=f"{rng.randint(1, 999):03d}",
                       n4=f"{rng.randint(1, 9999):04d}", n5=str(rng.randint(10000, 99999)),
                       n6=str(rng.randint(100000, 999999)))


TERMS_DAYS = {"en": "Net {d}", "de": "{d} Tage netto", "fr": "{d} jours net"}
TERMS_NOW = {"en": ["Payment due upon receipt", "Due on receipt"], "de": ["Zahlbar sofort ohne Abzug"],
             "fr": ["Payable à réception"]}


def make_facts(rng, locale, opts=None):
    """One invoice's facts. `opts` may force: due ("date" | "terms" | "both"), discount, shipping, deposit."""
    opts = opts or {}
    lang = LANG[locale]
    used = set()
    vendor = make_party(rng, locale, used, extras=False)
    customer = make_party(rng, locale, used, extras=False)
    issued = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randint(0, 320))
    days = rng.choice([7, 14, 21, 30, 45, 60])
    due_mode = opts.get("due") or rng.choice(["date", "date", "both", "terms"])
    now = due_mode == "terms" and rng.random() < 0.4
    terms = rng.choice(TERMS_NOW[lang]) if now else TERMS_DAYS[lang].format(d=days)
    due = issued + datetime.timedelta(days=days)
    inv_id = make_id(rng, issued)
    po = f"PO-{rng.randint(1000, 99999)}" if rng.random() < 0.3 else None
    cust_id = f"C{rng.randint(1000, 99999)}" if rng.random() < 0.3 else None
    items = []
    for desc in rng.sample(ITEMS[lang], rng.randint(2, 4)):
        q = rng.randint(1, 12)
        up = round(rng.uniform(9, 780), 2)
        items.append({"description": desc, "quantity": q, "unit": None, "unit_price": up, "tax_rate": None,
                      "amount": round(q * up, 2), "product_code": None})
    sub = round(sum(i["amount"] for i in items), 2)
    disc = round(sub * rng.choice([0.05, 0.1, 0.03]), 2) if opts.get("discount", rng.random() < 0.35) else None
    ship = round(rng.uniform(6, 95), 2) if opts.get("shipping", rng.random() < 0.4) else None
    rate = {"en-US": 0.0825, "en-GB": 0.20, "de-DE": 0.19, "fr-FR": 0.20}[locale]
    base = round(sub - (disc or 0) + (ship or 0), 2)
    tax = round(base * rate, 2)
    total = round(base + tax, 2)
    paid = round(total * rng.choice([0.25, 0.3, 0.5]), 2) if opts.get("deposit", rng.random() < 0.3) else None
    amount_due = round(total - (paid or 0), 2)
    vtax = tax_id(rng, locale)
    truth = {
        "invoice_id": inv_id, "invoice_date": issued.isoformat(),
        "due_date": None if due_mode == "terms" else due.isoformat(), "purchase_order": po,
        "vendor_name": vendor["name"], "vendor_address": ", ".join(vendor["address"]), "vendor_tax_id": vtax,
        "customer_name": customer["name"], "customer_address": ", ".join(customer["address"]),
        "customer_id": cust_id, "currency": {"en-US": "USD", "en-GB": "GBP"}.get(locale, "EUR"),
        "subtotal": sub, "total_discount": disc, "shipping": ship, "total_tax": tax, "invoice_total": total,
        "amount_paid": paid, "amount_due": amount_due,
        "payment_terms": terms if due_mode in ("terms", "both") else None, "items": items,
    }
    return {"locale": locale, "lang": lang, "vendor": vendor, "customer": customer, "issued": issued, "due": due,
            "due_mode": due_mode, "inv_id": inv_id, "po": po, "cust_id": cust_id, "items": items, "sub": sub,
            "disc": disc, "ship": ship, "tax": tax, "rate": rate, "total": total, "paid": paid,
            "amount_due": amount_due, "vtax": vtax, "terms": terms, "truth": truth}


def e(s):
    return html.escape(str(s))


def qty(q):
    return str(q)
