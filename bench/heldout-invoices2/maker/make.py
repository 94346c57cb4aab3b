"""Born-digital invoices: /usr/bin/python3 bench/heldout-invoices2/maker/make.py <out dir>"""
import json, os, sys
import data, latex, weasy
OUT = sys.argv[1]
os.makedirs(OUT, exist_ok=True)
LOCS = ["en-US", "en-GB", "de-DE", "fr-FR"]
plan = []
for i in range(32):
    layout = ["letterhead", "band", "boxed", "letterhead", "band", "boxed", "multipage", "boxed"][i % 8]
    plan.append((i + 1, LOCS[i % 4], layout, "weasyprint"))
for i in range(10):
    plan.append((33 + i, LOCS[i % 4], "latex-long" if i in (3, 6) else "latex", "pdflatex"))
only = sys.argv[2] if len(sys.argv) > 2 else None
for n, loc, layout, producer in plan:
    name = f"hi2-{n:03d}-{layout}-{loc}"
    if only and only not in name: continue
    t, x = data.invoice(9000 + n, loc, 40 if layout in ("multipage", "latex-long") else None)
    pdf = os.path.join(OUT, name + ".pdf")
    gen = latex.render(t, x, loc, pdf) if producer == "pdflatex" else weasy.render(t, x, loc, layout, pdf)
    meta = {"layout": layout, "lang": x["lang"], "locale": loc, "producer": producer, "scan": False, "generator": gen}
    json.dump({"meta": meta, "truth": t}, open(os.path.join(OUT, name + ".json"), "w"), indent=2, ensure_ascii=False)
    print(name)
