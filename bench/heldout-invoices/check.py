"""Checks the held-out corpus against its own PDFs: for every born-digital invoice, each truth
string and number must appear in `pdftotext` output written the way its locale writes it
(1,234.56 / 1.234,56 / 1 234,56; 07/14/2025, 14/07/2025, 14.07.2025, 14 juillet 2025,
July 14, 2025 …), and the truth's arithmetic must hold (items sum to the subtotal, the total
adds up, paid + due = total). The formats are written out here again rather than imported from
the generator, so a formatting slip there shows up as a miss here.

    /usr/bin/python3 bench/heldout-invoices/check.py [-v]

Exit code 1 when anything is missing."""

import datetime as dt
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VERBOSE = "-v" in sys.argv

MONTHS = {
    "en": "January February March April May June July August September October November December".split(),
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(),
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(),
}
SEPARATORS = {"en": (",", "."), "de": (".", ","), "fr": (" ", ",")}
SYMBOLS = {"USD": ["$", "USD"], "GBP": ["£", "GBP"], "EUR": ["€", "EUR", "euros"]}


def text_of(pdf: str) -> str:
    raw = subprocess.run(["pdftotext", "-enc", "UTF-8", pdf, "-"], capture_output=True, check=True).stdout
    lay = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", pdf, "-"], capture_output=True, check=True).stdout
    flat = []
    for t in (raw, lay):
        s = t.decode("utf-8").replace("\u00a0", " ").replace("\u202f", " ")
        flat.append(re.sub(r"\s+", " ", s).lower())
    return "\n".join(flat)


def date_forms(iso: str, lang: str, locale: str) -> list:
    d = dt.date.fromisoformat(iso)
    m = MONTHS[lang][d.month - 1]
    dd, mm, y = f"{d.day:02d}", f"{d.month:02d}", d.year
    if locale == "en-US":
        return [f"{mm}/{dd}/{y}", f"{m} {d.day}, {y}", f"{m[:3]} {d.day}, {y}"]
    if locale == "en-GB":
        return [f"{dd}/{mm}/{y}", f"{d.day} {m} {y}", f"{dd}-{m[:3]}-{y}", f"{d.day} {m[:3]} {y}"]
    if locale == "de-DE":
        return [f"{dd}.{mm}.{y}", f"{d.day}. {m} {y}"]
    day = "1er" if d.day == 1 else str(d.day)
    return [f"{dd}/{mm}/{y}", f"{day} {m} {y}"]


def number_forms(x: float, lang: str, money: bool) -> list:
    thou, dec = SEPARATORS[lang]
    if money:
        whole, frac = f"{abs(x):.2f}".split(".")
        grouped = ""
        while len(whole) > 3:
            grouped = thou + whole[-3:] + grouped
            whole = whole[:-3]
        return [whole + grouped + dec + frac]
    # Quantities and rates: as few decimals as they need, no grouping.
    s = f"{abs(x):.2f}".rstrip("0").rstrip(".")
    return [s.replace(".", dec)]


def has_number(text: str, forms: list) -> bool:
    for f in forms:
        if re.search(r"(?<![\d.,])" + re.escape(f.lower()) + r"(?![\d]|[.,]\d)", text):
            return True
    return False


def check(path: str) -> list:
    doc = json.load(open(path, encoding="utf-8"))
    meta, t = doc["meta"], doc["truth"]
    lang, locale = meta["lang"], meta["locale"]
    text = text_of(path[:-5] + ".pdf")
    misses = []

    def need_str(field, value):
        if value is not None and value.lower() not in text:
            misses.append(f"{field}: {value!r}")

    def need_num(field, value, money=True):
        if value is not None and not has_number(text, number_forms(value, lang, money)):
            misses.append(f"{field}: {value} as {number_forms(value, lang, money)}")

    for f in ("invoice_id", "purchase_order", "vendor_name", "vendor_tax_id", "customer_name", "customer_id",
              "payment_terms"):
        need_str(f, t[f])
    for f in ("vendor_address", "customer_address"):
        for part in t[f].split(", "):
            need_str(f, part)
    for f in ("invoice_date", "due_date"):
        if t[f] and not any(form.lower() in text for form in date_forms(t[f], lang, locale)):
            misses.append(f"{f}: {t[f]} as {date_forms(t[f], lang, locale)}")
    if not any(s.lower() in text for s in SYMBOLS[t["currency"]]):
        misses.append(f"currency: {t['currency']}")
    for f in ("subtotal", "total_discount", "shipping", "total_tax", "invoice_total", "amount_paid", "amount_due"):
        need_num(f, t[f])
    for i, it in enumerate(t["items"]):
        need_str(f"items[{i}].description", it["description"])
        need_str(f"items[{i}].product_code", it["product_code"])
        need_str(f"items[{i}].unit", it["unit"])
        need_num(f"items[{i}].quantity", it["quantity"], money=False)
        need_num(f"items[{i}].unit_price", it["unit_price"])
        need_num(f"items[{i}].amount", it["amount"])
        if it["tax_rate"] is not None and not has_number(text, number_forms(it["tax_rate"], lang, False)):
            misses.append(f"items[{i}].tax_rate: {it['tax_rate']}")

    # The truth's own arithmetic, to the cent.
    def close(a, b):
        return abs(a - b) < 0.006

    items_sum = sum(it["amount"] for it in t["items"])
    if not close(items_sum, t["subtotal"]):
        misses.append(f"arithmetic: items sum {items_sum:.2f} != subtotal {t['subtotal']}")
    for it in t["items"]:
        if not close(round(it["quantity"] * it["unit_price"] + 1e-9, 2), it["amount"]):
            misses.append(f"arithmetic: {it['description']} {it['quantity']} x {it['unit_price']} != {it['amount']}")
    total = t["subtotal"] - (t["total_discount"] or 0) + (t["shipping"] or 0) + (t["total_tax"] or 0)
    if not close(total, t["invoice_total"]):
        misses.append(f"arithmetic: total {total:.2f} != {t['invoice_total']}")
    if t["amount_paid"] is not None and not close(t["amount_paid"] + t["amount_due"], t["invoice_total"]):
        misses.append("arithmetic: paid + due != total")
    return misses


def main():
    files = sorted(glob.glob(os.path.join(HERE, "*.json")))
    born = [f for f in files if not json.load(open(f, encoding="utf-8"))["meta"]["scan"]]
    bad = 0
    fields = 0
    for f in born:
        misses = check(f)
        t = json.load(open(f, encoding="utf-8"))["truth"]
        fields += sum(1 for k, v in t.items() if k != "items" and v is not None)
        fields += sum(1 for it in t["items"] for v in it.values() if v is not None)
        if misses:
            bad += 1
            print(f"{os.path.basename(f)}: {len(misses)} missing")
            for m in misses if VERBOSE else misses[:5]:
                print(f"  {m}")
    print(f"{len(born)} born-digital invoices, {fields} non-null truth values checked; {bad} with misses")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
