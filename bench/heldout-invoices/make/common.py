"""Pieces every renderer shares: the item table's columns and cells as this invoice writes them,
the vendor's tax line, the currency note an invoice with bare amounts carries."""

from data import Spec


def item_columns(spec: Spec) -> list:
    """[(header, align, weight)] for the item table: code and unit and tax-rate columns only when
    the invoice shows them; "Hours / Rate" for time billed."""
    w = spec.words
    cols = []
    if spec.show_code:
        cols.append((w["code"], "L", 1.3))
    cols.append((w["desc"], "L", 4.2))
    cols.append((w["hours"] if spec.kind == "hours" else w["qty"], "R", 0.9))
    if spec.show_unit:
        cols.append((w["unit"], "L", 0.8))
    cols.append((w["rate"] if spec.kind == "hours" else w["price"], "R", 1.3))
    if spec.show_rate:
        cols.append((w["vat"], "R", 0.9))
    cols.append((w["amount"], "R", 1.4))
    return cols


def item_cells(spec: Spec, it, money_in_rows: bool = False) -> list:
    m = spec.money
    row = []
    if spec.show_code:
        row.append(it.product_code)
    row.append(it.description)
    row.append(spec.q(it.quantity))
    if spec.show_unit:
        row.append(it.unit)
    row.append(m(it.unit_price, force_bare=not money_in_rows))
    if spec.show_rate:
        row.append(spec.rate(it.tax_rate))
    row.append(m(it.amount, force_bare=not money_in_rows))
    return row


def tax_id_line(spec: Spec, party=None) -> str | None:
    p = party or spec.vendor
    if not p.tax_id:
        return None
    sep = " : " if spec.lang == "fr" else ": "
    return f"{spec.words['taxid']}{sep}{p.tax_id}"


def currency_note(spec: Spec) -> str | None:
    """Bare amounts need the currency said once; other styles carry it on every total."""
    if spec.money.style != "bare":
        return None
    c = spec.currency
    return {
        "en": f"All amounts in {c}.",
        "de": f"Alle Beträge in {c}.",
        "fr": f"Montants exprimés en {c}." if c != "EUR" else "Montants exprimés en euros (EUR).",
    }[spec.lang]


def label(spec: Spec, text: str) -> str:
    """A label followed by its colon, with the French space before it."""
    if text.endswith(":") or text in ("#", "No.", "N°", "Nr."):
        return text
    return f"{text} :" if spec.lang == "fr" else f"{text}:"


def terms_line(spec: Spec) -> str | None:
    if not spec.terms:
        return None
    return f"{label(spec, spec.words['terms'])} {spec.terms}"


def contact(spec: Spec) -> str:
    return {
        "en-US": "Tel. (503) 555-0147 · billing@example.com",
        "en-GB": "Tel. 0113 496 0321 · accounts@example.co.uk",
        "de-DE": "Tel. 0421 555 2830 · buchhaltung@example.de",
        "fr-FR": "Tél. 02 40 55 12 34 · compta@example.fr",
    }[spec.locale]


def column_xs(spec: Spec, left: float, right: float, measure, pad: float = 10) -> list:
    """Column edges for the item table: every column but the description as wide as its widest
    cell or head (measured in the font used), the description taking what is left."""
    cols = item_columns(spec)
    rows = [[h for h, _, _ in cols]] + [item_cells(spec, it) for it in spec.items]
    di = 1 if spec.show_code else 0
    widths = [max(measure(row[j]) for row in rows) + pad for j in range(len(cols))]
    widths[di] = max(40.0, (right - left) - (sum(widths) - widths[di]))
    xs = [left]
    for w in widths:
        xs.append(xs[-1] + w)
    return xs
