"""LaTeX (pdflatex, tabularx) invoices for bench/heldout-invoices2: a letter-like layout with the
vendor in a "From" block or a letterhead rule, a label/value tabular, items split by hand into pages
with carried-forward rows when long."""
import os, subprocess, tempfile
from data import fdate, fmoney, fnum, fqty
from weasy import words

def tx(s):
    s = str(s)
    for a, b in [("\\", r"\textbackslash{}"), ("&", r"\&"), ("%", r"\%"), ("$", r"\$"), ("#", r"\#"), ("_", r"\_"),
                 ("{", r"\{"), ("}", r"\}"), ("~", r"\textasciitilde{}"), ("^", r"\textasciicircum{}"), ("\u202f", "~"), ("€", "EUR")]:
        s = s.replace(a, b)
    return s

def render(t, x, loc, pdf, per_page=20):
    w = words(t, x, loc)
    rng = x["rng"]
    font = rng.choice([("Times", r"\usepackage{mathptmx}"), ("Helvetica", r"\usepackage[scaled]{helvet}\renewcommand\familydefault{\sfdefault}"),
                       ("Palatino", r"\usepackage{mathpazo}"), ("Computer Modern", "")])
    from_block = rng.random() < 0.5
    m = lambda v, cell=False: tx(fnum(v, loc) if (cell and w["money"] == "plain") else fmoney(v, loc, "code" if w["money"] == "code" else "sym"))
    v, c = x["vaddr"], x["caddr"]
    show_code = any(i["product_code"] for i in t["items"])
    cols = ([w["code"]] if show_code else []) + [w["desc"], w["qty"]] + ([] if w["unit_in_qty"] else [w["unit"]]) + [w["price"]] + ([w["rate_col"]] if x["per_item_rate"] else []) + [w["amount"]]
    spec = ("l" if show_code else "") + "X" + "r" * (len(cols) - 1 - (1 if show_code else 0))
    head = " & ".join(r"\textbf{" + tx(h) + "}" for h in cols) + " \\\\ \\hline\n"
    def row(it):
        q = fqty(it["quantity"], loc) + (f" {it['unit']}" if it["unit"] and w["unit_in_qty"] else "")
        cells = ([it["product_code"] or ""] if show_code else []) + [it["description"], q] + ([] if w["unit_in_qty"] else [it["unit"] or ""])
        cells = [tx(s) for s in cells] + [m(it["unit_price"], True)] + ([tx(fnum(it["tax_rate"], loc, 0) + " %")] if x["per_item_rate"] else []) + [m(it["amount"], True)]
        return " & ".join(cells) + r" \\"
    tables, run = [], 0.0
    items = t["items"]
    for p in range(0, len(items), per_page):
        body = []
        if p > 0: body.append(r"\multicolumn{%d}{l}{\textit{%s}} & \textit{%s} \\" % (len(cols) - 1, tx(w["bf"]), m(run, True)))
        body += [row(it) for it in items[p:p + per_page]]
        run = round(run + sum(i["amount"] for i in items[p:p + per_page]), 2)
        if p + per_page < len(items):
            body.append(r"\hline \multicolumn{%d}{l}{\textit{%s}} & \textit{%s} \\" % (len(cols) - 1, tx(w["cf"]), m(run, True)))
        tables.append(r"\begin{tabularx}{\textwidth}{%s}%s" % (spec, head) + "\n".join(body) + r"\end{tabularx}" + (r"\newpage" if p + per_page < len(items) else ""))
    d = lambda iso: fdate(iso, loc, w["date_long"])
    meta = [(w["no"], t["invoice_id"]), (w["date"], d(t["invoice_date"]))]
    if t["due_date"]: meta.append((w["due"], d(t["due_date"])))
    if t["purchase_order"]: meta.append((w["po"], t["purchase_order"]))
    if t["customer_id"]: meta.append((w["cust"], t["customer_id"]))
    if t["vendor_tax_id"]: meta.append((w["taxid"], t["vendor_tax_id"]))
    metatab = r"\begin{tabular}{@{}ll@{}}" + "".join(rf"{tx(a)}: & {tx(b)} \\" for a, b in meta) + r"\end{tabular}"
    tot = [(w["sub"], t["subtotal"])]
    if t["total_discount"]: tot.append((w["disc"], -t["total_discount"]))
    if t["shipping"]: tot.append((w["ship"], t["shipping"]))
    if t["total_tax"] is not None: tot.append((w["tax_line"], t["total_tax"]))
    tot.append((w["total"], t["invoice_total"]))
    if t["amount_paid"]:
        tot += [(w["paid"], -t["amount_paid"]), (w["due_amt"], t["amount_due"])]
    tottab = r"\hfill\begin{tabular}{lr}" + "".join((r"\hline\textbf{%s} & \textbf{%s} \\" if a in (w["total"], w["due_amt"]) else r"%s & %s \\") % (tx(a), m(b)) for a, b in tot) + r"\end{tabular}"
    if from_block:
        top = rf"""\begin{{minipage}}[t]{{0.5\textwidth}}\textbf{{{tx(w["from_"])}}}\\ {tx(t["vendor_name"])}\\ {tx(v[0])}\\ {tx(v[1])}\end{{minipage}}\hfill
\begin{{minipage}}[t]{{0.42\textwidth}}\raggedleft{{\LARGE\textbf{{{tx(w["title"])}}}}}\end{{minipage}}"""
    else:
        top = rf"""{{\Large\textbf{{{tx(t["vendor_name"])}}}}}\\ {tx(v[0])} \textbullet{{}} {tx(v[1])}\\[-4pt]\rule{{\textwidth}}{{1pt}}\\[8pt]{{\LARGE {tx(w["title"])}}}"""
    terms = rf"\par\bigskip\textbf{{{tx(w['terms'])}:}} {tx(t['payment_terms'])}" if t["payment_terms"] else ""
    paper = "letterpaper" if loc == "en-US" else "a4paper"
    babel = {"en-US": "english", "en-GB": "british", "de-DE": "ngerman", "fr-FR": "french"}[loc]
    src = rf"""\documentclass[10pt]{{article}}
\usepackage[{paper},margin=2cm]{{geometry}}\usepackage[utf8]{{inputenc}}\usepackage[T1]{{fontenc}}\usepackage{{textcomp}}
\usepackage{{tabularx}}{font[1]}\pagestyle{{plain}}\setlength{{\parindent}}{{0pt}}
\begin{{document}}
{top}\par\bigskip
\begin{{minipage}}[t]{{0.5\textwidth}}\textbf{{{tx(w["bill"])}}}\\ {tx(t["customer_name"])}\\ {tx(c[0])}\\ {tx(c[1])}\end{{minipage}}\hfill
\begin{{minipage}}[t]{{0.45\textwidth}}\raggedleft{metatab}\end{{minipage}}\par\bigskip
{"".join(tables)}
\par\medskip{tottab}{terms}
\end{{document}}
"""
    with tempfile.TemporaryDirectory() as tmp:
        open(os.path.join(tmp, "inv.tex"), "w").write(src)
        r = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "inv.tex"], cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(r.stdout[-1500:])
        os.replace(os.path.join(tmp, "inv.pdf"), pdf)
    return f"pdflatex tabularx {'from-block' if from_block else 'letterhead-rule'} {paper} {font[0]} 10pt"
