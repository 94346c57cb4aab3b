#!/usr/bin/python3
"""A tuning set of prose in CSS columns printed by Chromium (bench/layout/corpus-chromium-cols).

Run with Debian's python, from the repository root (playwright-core from node_modules drives
/usr/bin/chromium): /usr/bin/python3 bench/layout/make-corpus-chromium-cols.py [out dir]
Output: pairs <name>.pdf + <name>.json in the shared format (bench/layout/prose-corpus.ts).

Chromium's own multi-column layout: column-count 2-4, column-gap 0.6-2 em, column rules,
headings and pull quotes set across the columns (column-span: all, the columns balanced above
them), justified text with hyphens:auto, ragged text, floats in a column (a boxed note), an
uneven last column (column-fill: auto), several typefaces. Texts: licences under
/usr/share/common-licenses (each its own licence, verbatim copying allowed) and Debian
changelogs (each package's licence), cut into blocks by corpus_wp_texts.py. Block order is the
document order: Chromium pours the columns in it; a pull quote stands where it is set.
"""

import html
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpus_wp_texts import changelog, licence, limit, pages_of, readme  # noqa: E402

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus-chromium-cols")
LIC = "/usr/share/common-licenses/"
DOC = "/usr/share/doc/"

# name, texts, title, words, font, size pt, columns, gap em, justify, rule, span every n-th
# heading (0 none), pull quote every n blocks (0 none), float note, column-fill auto, page
DOCS = [
    ("gpl2-two-justify", ("lic", "GPL-2"), "GNU General Public License, version 2", 1700, "DejaVu Serif", 9, 2, 0.8, True, False, 0, 0, False, False, "A4"),
    ("lgpl21-three-rule", ("lic", "LGPL-2.1"), "Lesser General Public License", 2000, "Liberation Serif", 9.5, 3, 0.6, True, True, 0, 0, False, False, "Letter"),
    ("apache-three-spans", ("lic", "Apache-2.0"), "Apache License 2.0", 1900, "Liberation Sans", 8.5, 3, 1.0, False, False, 1, 0, False, False, "A4"),
    ("mpl2-four-narrow", ("lic", "MPL-2.0"), "Mozilla Public License 2.0", 2000, "Liberation Sans Narrow", 8, 4, 0.7, True, False, 0, 0, False, False, "A4"),
    ("gfdl-two-quotes", ("lic", "GFDL-1.3"), "GNU Free Documentation License", 1800, "Gentium", 10, 2, 1.2, True, False, 0, 7, False, False, "Letter"),
    ("artistic-three-quotes", ("lic", "Artistic"), "The Artistic License", 1500, "DejaVu Sans", 8, 3, 0.9, False, True, 0, 6, False, False, "A4"),
    ("gpl3-three-float", ("lic", "GPL-3"), "GNU General Public License, version 3", 1900, "Noto Serif", 8.5, 3, 1.4, True, False, 0, 0, True, False, "A4"),
    ("coreutils-changelog-three", ("chg", "coreutils"), "Changes in coreutils", 1700, "Liberation Serif", 9, 3, 0.7, True, False, 0, 0, False, False, "A4"),
    ("bash-changelog-two-rule", ("chg", "bash"), "Changes in bash", 1500, "DejaVu Sans Condensed", 9, 2, 0.6, False, True, 0, 0, False, False, "Letter"),
    ("lgpl3-four-spans", ("lic", "LGPL-3"), "Lesser General Public License, version 3", 1500, "Lato", 8.5, 4, 1.0, True, True, 1, 0, False, False, "A4"),
    ("cmake-changelog-uneven", ("chg", "cmake"), "Changes in cmake", 420, "Noto Sans", 8.5, 3, 2.0, False, False, 0, 0, False, True, "A4"),
    ("mpl11-two-spans-float", ("lic", "MPL-1.1"), "Mozilla Public License 1.1", 1900, "Nimbus Roman", 10, 2, 1.0, True, False, 2, 9, True, False, "Letter"),
]


def texts(kind, name):
    if kind == "lic":
        return licence(LIC + name)
    return changelog(DOC + name + "/changelog.Debian.gz", 30)


PRINT = r"""
const { chromium } = require("playwright-core");
(async () => {
  const [src, pdf, size] = process.argv.slice(1);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  const page = await browser.newPage();
  await page.goto("file://" + src);
  await page.pdf({ path: pdf, format: size, printBackground: true, preferCSSPageSize: true });
  await browser.close();
})();
"""


def render(d):
    (name, (kind, src), title, words, font, size, cols, gap, justify, rule, span_every, quote_every, float_note, fill_auto, page) = d
    blocks = limit(texts(kind, src), words)
    body = []
    truth = [{"kind": "title", "text": title}]
    open_cols = False

    def cols_open():
        nonlocal open_cols
        if not open_cols:
            body.append('<div class="cols">')
            open_cols = True

    body.append(f'<h1>{html.escape(title)}</h1>')
    cols_open()
    headings = 0
    in_list = False
    for i, (k, t) in enumerate(blocks):
        if k != "bullet" and in_list:
            body.append("</ul>")
            in_list = False
        if k == "heading":
            spans = span_every and headings % span_every == 0
            headings += 1
            cls = ' class="span"' if spans else ""
            body.append(f"<h2{cls}>{html.escape(t)}</h2>")
            truth.append({"kind": "heading", "text": t})
        elif k == "bullet":
            if not in_list:
                body.append("<ul>")
                in_list = True
            body.append(f"<li>{html.escape(t)}</li>")
            truth.append({"kind": "list-item", "text": t})
        else:
            body.append(f"<p>{html.escape(t)}</p>")
            truth.append({"kind": "paragraph", "text": t})
        if quote_every and i % quote_every == quote_every - 1 and k == "paragraph":
            q = " ".join(t.split()[:14]).rstrip(",;:") + "."
            body.append(f'<blockquote class="pull">{html.escape(q)}</blockquote>')
            truth.append({"kind": "quote", "text": q})
        if float_note and i % 11 == 5 and k == "paragraph":
            note = "Note: " + " ".join(t.split()[-18:])
            body.append(f'<aside class="note">{html.escape(note)}</aside>')
            truth.append({"kind": "sidebar", "text": note})
    if in_list:
        body.append("</ul>")
    body.append("</div>")
    css = f"""
@page {{ size: {page}; margin: 18mm 16mm 20mm 16mm; }}
body {{ font-family: '{font}'; font-size: {size}pt; line-height: 1.25; margin: 0; }}
h1 {{ font-size: {size * 2}pt; text-align: center; margin: 0 0 0.6em 0; }}
.cols {{ column-count: {cols}; column-gap: {gap}em; {'column-rule: 0.6pt solid #555;' if rule else ''}
  {'column-fill: auto; height: 215mm;' if fill_auto else ''} }}
p {{ margin: 0 0 0.45em 0; text-align: {'justify' if justify else 'left'}; hyphens: auto; }}
h2 {{ font-size: {size * 1.15}pt; margin: 0.7em 0 0.3em 0; break-after: avoid; }}
h2.span {{ column-span: all; font-size: {size * 1.35}pt; border-bottom: 0.5pt solid #888; }}
ul {{ margin: 0 0 0.4em 0; padding-left: 1.2em; }}
li {{ margin: 0 0 0.2em 0; text-align: {'justify' if justify else 'left'}; }}
blockquote.pull {{ column-span: all; font-size: {size * 1.5}pt; font-style: italic; text-align: center;
  margin: 0.5em 12%; padding: 0.3em 0; border-top: 1pt solid #333; border-bottom: 1pt solid #333; }}
aside.note {{ float: right; width: 55%; margin: 0.2em 0 0.3em 0.6em; padding: 0.3em; font-size: {size * 0.9}pt;
  border: 0.6pt solid #444; background: #eee; }}
"""
    doc = f'<!doctype html><html lang="en"><head><meta charset="utf-8"><style>{css}</style></head><body>{"".join(body)}</body></html>'
    with tempfile.TemporaryDirectory() as tmp:
        page_html = os.path.join(tmp, "doc.html")
        with open(page_html, "w") as f:
            f.write(doc)
        pdf = os.path.join(OUT, name + ".pdf")
        subprocess.run(["node", "-e", PRINT, page_html, pdf, "A4" if page == "A4" else "Letter"], check=True, cwd=os.path.dirname(os.path.dirname(HERE)))
    paged, n = pages_of(pdf, truth)
    meta = {
        "source": f"{src} ({'/usr/share/common-licenses' if kind == 'lic' else 'Debian changelog'})",
        "generator": f"Chromium print to PDF via playwright-core (bench/layout/make-corpus-chromium-cols.py): {page}, {font} {size} pt, CSS column-count {cols}, column-gap {gap} em"
        + (", justified, hyphens:auto" if justify else ", ragged right")
        + (", column rules" if rule else "")
        + (", headings across the columns" if span_every else "")
        + (", pull quotes across the columns" if quote_every else "")
        + (", floated notes" if float_note else "")
        + (", column-fill auto" if fill_auto else ""),
        "columns": cols,
        "pages": n,
        "blocks": paged,
    }
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump(meta, f, indent=2, ensure_ascii=False)
        f.write("\n")


os.makedirs(OUT, exist_ok=True)
for d in DOCS:
    render(d)
    print(d[0])
