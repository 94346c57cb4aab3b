"""Writes the held-out invoice corpus: 60 born-digital invoices (10 layouts x 6, four locales in
equal shares) as <name>.pdf + <name>.json in the folder above, and the list of those to scan
(scan-list.json) for scan.ts. Every draw comes from the seed, so a rerun writes the same facts;
the truth is the generator's data, never read back from a PDF.

    /usr/bin/python3 bench/heldout-invoices/make/generate.py [--seed N] [--out DIR]
"""

import argparse
import random
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import fitz_layouts  # noqa: E402
import groff_layouts  # noqa: E402
import rl_canvas  # noqa: E402
import rl_platypus  # noqa: E402
from data import LANG, make_spec  # noqa: E402

LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR"]

# name, producer, render, item kind ("goods", "hours" or "mixed"), items (usual range, long run),
# choices the layout pins.
LAYOUTS = [
    ("letterhead", "reportlab", rl_canvas.letterhead, "goods", (3, 8, 34), {}),
    ("typewriter", "reportlab", rl_canvas.typewriter, "goods", (3, 9, 58), {}),
    ("boxed-cells", "reportlab", rl_platypus.boxed_cells, "goods", (4, 10, 42), {}),
    ("stacked-labels", "reportlab", rl_platypus.stacked_labels, "hours", (2, 7, None), {}),
    ("memo", "groff", groff_layouts.memo, "goods", (3, 8, 40), {}),
    ("sheet", "groff", groff_layouts.sheet, "goods", (4, 9, None), {"multi_rate": True}),
    ("form", "pymupdf", fitz_layouts.form, "goods", (3, 9, 40), {"show_code": True}),
    ("sidebar", "pymupdf", fitz_layouts.sidebar, "mixed", (3, 7, None), {}),
    ("letter", "pymupdf", fitz_layouts.letter, "mixed", (2, 6, None), {}),
    ("grid", "groff", groff_layouts.grid, "goods", (3, 8, 36), {}),
]
PER_LAYOUT = 6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), ".."))
    a = ap.parse_args()
    out = os.path.abspath(a.out)
    for f in os.listdir(out):
        if f.startswith("ho-") and f.endswith((".pdf", ".json")):
            os.remove(os.path.join(out, f))
    scans = []
    n = len(LAYOUTS) * PER_LAYOUT
    for i in range(n):
        li, k = i % len(LAYOUTS), i // len(LAYOUTS)
        name_l, producer, render, kind, (lo, hi, long_run), force = LAYOUTS[li]
        # Each layout runs through the four locales from its own start; the starts are spread
        # so that every locale gets the same number of invoices and of extra (fifth, sixth) ones.
        locale = LOCALES[(2 * li + (li >= 6) + k) % 4]
        seed = a.seed * 100003 + i * 7919

        pre = random.Random(seed ^ 0x5EED)
        if kind == "mixed":
            kind = "hours" if pre.random() < 0.5 else "goods"
        count = long_run if (long_run and k == PER_LAYOUT - 1) else pre.randint(lo, hi)
        spec = make_spec(seed, locale, count, kind, force=force)
        name = f"ho-{i + 1:02d}-{name_l}-{locale}"
        pdf = os.path.join(out, f"{name}.pdf")
        render(spec, pdf)
        meta = {"layout": name_l, "lang": LANG[locale], "locale": locale, "producer": producer, "scan": False}
        with open(os.path.join(out, f"{name}.json"), "w", encoding="utf-8") as f:
            f.write(json.dumps({"meta": meta, "truth": spec.truth()}, indent=2, ensure_ascii=False) + "\n")
        # About a quarter also scanned, spread so every layout has one or two.
        if (li // 2 + k + 3) % 4 == 0:
            scans.append(name)
        print(name, producer, len(spec.items), "items")
    with open(os.path.join(out, "make", "scan-list.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(scans, indent=2) + "\n")


if __name__ == "__main__":
    main()
