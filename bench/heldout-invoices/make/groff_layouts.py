"""Two layouts typeset by groff (-ms macros, tbl tables, -Tpdf): a Times memo with the vendor
centred over a two-column block, and a Helvetica sheet with the number in the title line and
several label/value pairs on one line. tbl's `.TS H` repeats the item head on a second page."""

import datetime as dt
import os
import subprocess

from common import contact, currency_note, item_cells, item_columns, label, tax_id_line, terms_line
from data import Spec


def g(s: str) -> str:
    """Text safe for groff: escapes backslashes, keeps a leading dot or quote from being a request."""
    # An ASCII apostrophe, not the curly one groff would set, so the text is the truth's text.
    s = s.replace("\\", "\\e").replace("'", "\\(aq")
    if s.startswith("."):
        s = "\\&" + s
    return s


def t(s: str) -> str:
    """A tbl cell: tabs separate cells, so none inside; T{ T} is not needed for one-line cells."""
    return g(s).replace("\t", " ")


def run(src: str, path: str, when: int) -> None:
    # gropdf stamps the creation date; SOURCE_DATE_EPOCH pins it so a rerun writes the same bytes.
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(when)}
    pdf = subprocess.run(["groff", "-k", "-t", "-ms", "-Tpdf", "-P-pa4" if "A4" in src[:40] else "-P-pletter"],
                         input=src.encode("utf-8"), capture_output=True, check=True, env=env).stdout
    with open(path, "wb") as f:
        f.write(pdf)


def epoch(spec: Spec) -> int:
    return int(dt.datetime.combine(spec.invoice_date, dt.time(9, 0), dt.timezone.utc).timestamp())


def item_tbl(spec: Spec, boxed: bool, font: str) -> str:
    cols = item_columns(spec)
    fmt_head = " ".join("cb" for _ in cols)
    fmt_row = " ".join("r" if al == "R" else "l" for _, al, _ in cols)
    # Give the description column the slack so the table spans the line.
    di = 1 if spec.show_code else 0
    fmt_row = " ".join(f"{x}x" if j == di else x for j, x in enumerate(fmt_row.split()))
    opts = "box center expand tab(\t);" if boxed else "center expand tab(\t);"
    out = [".TS H", opts, fmt_head, f"{fmt_row}."]
    out.append("\t".join(t(h) for h, _, _ in cols))
    out.append("=" if boxed else "_")
    out.append(".TH")
    for it in spec.items:
        out.append("\t".join(t(x) for x in item_cells(spec, it)))
    out.append(".TE")
    return "\n".join(out)


def totals_tbl(spec: Spec) -> str:
    out = [".TS", "tab(\t);", "rw(3.2i) r."]
    for lab, amt in spec.totals():
        bold = lab in (spec.words["total"], spec.words["due_amt"])
        if bold:
            out.append("\t_")
        on, off = ("\\fB", "\\fP") if bold else ("", "")
        out.append(f"{on}{t(lab)}{off}\t{on}{t(spec.money(amt))}{off}")
    out.append(".TE")
    return "\n".join(out)


def prologue(spec: Spec, family: str, size: int) -> str:
    paper = "A4" if spec.locale != "en-US" else "letter"
    return "\n".join([
        f".\\\" {paper} invoice {spec.invoice_id}",
        f".fam {family}",
        f".nr PS {size}",
        f".nr VS {size + 2}",
        ".nr PO 0.8i" if paper == "A4" else ".nr PO 0.9i",
        ".nr LL 6.5i" if paper == "A4" else ".nr LL 6.7i",
        ".nr HM 0.6i", ".nr FM 0.7i",
        ".ds CH",
        f".ds RF {g(spec.words['page'].split('{p}')[0])}\\\\n%",
        ".LP",
    ])


def memo(spec: Spec, path: str) -> None:
    """Times: vendor name centred in large type, its address centred under it; a two-column tbl
    with the customer block left and the meta pairs right; a boxed item table; totals ruled."""
    r = spec.rng
    size = r.choice([10, 11])
    src = [prologue(spec, "T", size)]
    src += [".ce 100", f"\\s[+6]\\fB{g(spec.vendor.name)}\\fP\\s0"]
    for ln in [*spec.vendor.lines, contact(spec), tax_id_line(spec)]:
        if ln:
            src.append(g(ln))
    src += [".ce 0", ".sp 1.2", ".ce", f"\\s[+4]\\fB{g(spec.words['title'].upper())}\\fP\\s0", ".sp 1"]
    left = [f"\\fB{t(spec.words['bill'])}\\fP", t(spec.customer.name), *(t(x) for x in spec.customer.lines)]
    if spec.customer_tax_id:
        left.append(t(f"{spec.words['taxid']}: {spec.customer_tax_id}"))
    right = [(t(label(spec, lab)), t(val)) for lab, val in spec.meta_pairs()]
    if spec.terms:
        right.append((t(label(spec, spec.words["terms"])), t(spec.terms)))
    src += [".TS", "expand tab(\t);", "lw(3.2i) l l."]
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b, c = right[i] if i < len(right) else ("", "")
        src.append(f"{a}\t{b}\t{c}")
    src += [".TE", ".sp 1"]
    if spec.ship_to:
        src += [f"\\fB{g(spec.words['ship'])}:\\fP {g(spec.ship_to.name)}, {g(', '.join(spec.ship_to.lines))}", ".sp 0.6"]
    src += [item_tbl(spec, boxed=True, font="T"), ".sp 0.8", totals_tbl(spec), ".sp 1.5"]
    for ln in [currency_note(spec), spec.words["bank"], spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            src += [".br", g(ln)]
    run("\n".join(src) + "\n", path, epoch(spec))


def sheet(spec: Spec, path: str) -> None:
    """Helvetica in a small size: "INVOICE No. …" as one title line, the date, due date and other
    pairs run together on a line or two, "From" and the customer's label side by side, an allbox
    item table, then totals."""
    r = spec.rng
    size = r.choice([9, 10])
    src = [prologue(spec, "H", size)]
    pairs = spec.meta_pairs()
    no_label, no_val = pairs[0]
    title = spec.words["title"].upper()
    lab = no_label if no_label in ("No.", "#", "N°", "Nr.") else label(spec, no_label)
    src += [f"\\s[+8]\\fB{g(title)}\\fP\\s0  \\s[+3]{g(lab)} {g(no_val)}\\s0", ".sp 0.6"]
    rest = [f"\\fB{g(label(spec, lb))}\\fP {g(v)}" for lb, v in pairs[1:]]
    per = r.choice([2, 3])
    for i in range(0, len(rest), per):
        src += [".br", "\\0\\0\\0\\0".join(rest[i:i + per])]
    src += [".sp 1", ".TS", "tab(\t);", "lw(3.1i) l."]
    left = [f"\\fB{t(spec.words['from'])}\\fP", t(spec.vendor.name), *(t(x) for x in spec.vendor.lines)]
    tl = tax_id_line(spec)
    if tl:
        left.append(t(tl))
    right = [f"\\fB{t(spec.words['bill'])}\\fP", t(spec.customer.name), *(t(x) for x in spec.customer.lines)]
    for i in range(max(len(left), len(right))):
        src.append(f"{left[i] if i < len(left) else ''}\t{right[i] if i < len(right) else ''}")
    src += [".TE", ".sp 1"]
    src += [item_tbl(spec, boxed=False, font="H").replace("center expand tab(\t);", "allbox center expand tab(\t);"),
            ".sp 0.6", totals_tbl(spec), ".sp 1"]
    for ln in [terms_line(spec), currency_note(spec), f"{spec.words['bank']}", spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            src += [".br", g(ln)]
    run("\n".join(src) + "\n", path, epoch(spec))


def grid(spec: Spec, path: str) -> None:
    """Palatino: vendor name and address left, the title right; the meta fields as a boxed grid
    with a row of labels over a row of values; customer and ship-to side by side; an item table
    with rules under the head only and the currency on every amount; totals; notes."""
    r = spec.rng
    size = r.choice([10, 11])
    src = [prologue(spec, "P", size)]
    src += [".TS", "expand tab(\t);", "lb rb", "l l.", f"\\s[+6]{t(spec.vendor.name)}\\s0\t\\s[+10]{t(spec.words['title'])}\\s0"]
    for ln in [*spec.vendor.lines, tax_id_line(spec)]:
        if ln:
            src.append(f"\\s[-1]{t(ln)}\\s0\t")
    src += [".TE", ".sp 1"]
    pairs = spec.meta_pairs()
    if spec.terms:
        pairs.append((spec.words["terms"], spec.terms))
    # At most four cells to a grid, so long values (payment terms) stay inside the page.
    per = 4 if len(pairs) > 4 and len(pairs) % 4 != 1 else 3
    for i in range(0, len(pairs), per):
        chunk = pairs[i:i + per]
        n = len(chunk)
        src += [".TS", "box expand tab(\t);", " | ".join(["cb"] * n), " | ".join(["c"] * n) + "."]
        src.append("\t".join(f"\\s[-2]{t(lab)}\\s0" for lab, _ in chunk))
        src.append("_")
        src.append("\t".join(t(v) for _, v in chunk))
        src += [".TE", ".sp 0.4"]
    src += [".sp 0.6", ".TS", "tab(\t);", "lw(3.2i) l."]
    left = [f"\\fB{t(spec.words['bill'])}\\fP", t(spec.customer.name), *(t(x) for x in spec.customer.lines)]
    right = [f"\\fB{t(spec.words['ship'])}\\fP", t(spec.ship_to.name), *(t(x) for x in spec.ship_to.lines)] if spec.ship_to else []
    for i in range(max(len(left), len(right))):
        src.append(f"{left[i] if i < len(left) else ''}\t{right[i] if i < len(right) else ''}")
    src += [".TE", ".sp 1"]
    cols = item_columns(spec)
    di = 1 if spec.show_code else 0
    fmt = " ".join(("r" if al == "R" else "l") + ("x" if j == di else "") for j, (_, al, _) in enumerate(cols))
    src += [".TS H", "expand tab(\t);", " ".join("lb" if al == "L" else "rb" for _, al, _ in cols), fmt + "."]
    src.append("\t".join(t(h) for h, _, _ in cols))
    src += ["_", ".TH"]
    for it in spec.items:
        src.append("\t".join(t(x) for x in item_cells(spec, it, money_in_rows=spec.money.style != "bare")))
    src += ["_", ".TE", ".sp 0.6", totals_tbl(spec), ".sp 1.2"]
    for ln in [currency_note(spec), spec.words["bank"], spec.words["thanks"].format(v=spec.vendor.name)]:
        if ln:
            src += [".br", f"\\s[-1]{g(ln)}\\s0"]
    run("\n".join(src) + "\n", path, epoch(spec))
