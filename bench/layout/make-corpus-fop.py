#!/usr/bin/python3
"""A check set of prose laid out from XSL-FO by Apache FOP (bench/layout/corpus-fop): run, never tuned on.

Run with Debian's python and FOP installed (apt fop): /usr/bin/python3 bench/layout/make-corpus-fop.py
Output: pairs <name>.pdf + <name>.json in the shared format (bench/layout/prose-corpus.ts).

Other hands than the AbiWord set: FOP breaks lines with its own justification (Knuth-Plass),
columns come from the page's region (column-count, column-gap), a block spanning all columns
balances the columns above it (so one page switches between one and two or three columns),
lists are list-blocks (a label and a body with a provisional distance: clauses, bullets,
definition terms), a table of contents uses dot leaders, headers put left, centre and right
parts on one line with space leaders, footnotes sit at the page's foot. Other texts too.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_wp_texts import changelog, licence, limit, pages_of, readme, summaries, with_short_lists  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-fop")
LIC = "/usr/share/common-licenses/"
DOC = "/usr/share/doc/"
FO = 'xmlns:fo="http://www.w3.org/1999/XSL/Format"'
DEFINITION = re.compile(r'^[“"]([^"”]{2,40})[”"]\s+(.*)$')


def item(label, body, dist, size):
    return (
        f'<fo:list-block provisional-distance-between-starts="{dist}" provisional-label-separation="2mm" space-after="{size * 0.3}pt">'
        f'<fo:list-item><fo:list-item-label end-indent="label-end()"><fo:block>{label}</fo:block></fo:list-item-label>'
        f'<fo:list-item-body start-indent="body-start()"><fo:block>{body}</fo:block></fo:list-item-body></fo:list-item></fo:list-block>\n'
    )


def render(doc):
    size = doc["size"]
    align = "justify" if doc.get("justify") else "start"
    truth = []
    flow = []
    flow.append(f'<fo:block span="all" font-size="{size * 2.1}pt" font-weight="bold" text-align="center" space-after="4pt">{escape(doc["title"])}</fo:block>\n')
    truth.append({"kind": "title", "text": doc["title"]})
    if doc.get("byline"):
        left, right = doc["byline"]
        # Two short columns of a title page: a name at the left, a date at the right.
        flow.append(f'<fo:block span="all" text-align-last="justify" space-after="8pt">{escape(left)}<fo:leader leader-pattern="space"/>{escape(right)}</fo:block>\n')
        truth.append({"kind": "paragraph", "text": f"{left} {right}"})
    for left, right in doc.get("block", []):
        flow.append(f'<fo:block span="all" text-align-last="justify">{escape(left)}<fo:leader leader-pattern="space"/>{escape(right)}</fo:block>\n')
        truth.append({"kind": "paragraph", "text": f"{left} {right}"})
    texts = doc["texts"]
    if doc.get("toc"):
        flow.append('<fo:block span="all" font-weight="bold" space-before="4pt">Contents</fo:block>\n')
        truth.append({"kind": "heading", "text": "Contents"})
        for i, h in enumerate([t for k, t in texts if k == "heading"][: doc["toc"]]):
            flow.append(f'<fo:block span="all" text-align-last="justify" end-indent="{doc.get("toc_indent", "0mm")}">{escape(h)}<fo:leader leader-pattern="dots"/>{1 + i // 2}</fo:block>\n')
            truth.append({"kind": "list-item", "text": f"{h} {1 + i // 2}"})
    n = 0
    foot = 0
    spans = doc.get("spans", set())
    for i, (k, t) in enumerate(texts):
        span = ' span="all"' if i in spans else ""
        if k == "heading":
            variant = ' font-variant="small-caps"' if doc.get("small_caps") else ""
            flow.append(f'<fo:block{span}{variant} font-weight="bold" space-before="{size * 0.7}pt" space-after="{size * 0.3}pt" keep-with-next="always">{escape(t)}</fo:block>\n')
            truth.append({"kind": "heading", "text": t})
        elif k == "clause":
            m = re.match(r"^(\S+)\s+(.*)$", t)
            flow.append(f'<fo:block{span} text-align="{align}">' + item(escape(m.group(1)), escape(m.group(2)), doc["dist"], size) + "</fo:block>\n")
            truth.append({"kind": "list-item", "text": t})
        elif k == "short":
            flow.append(f'<fo:block{span}>' + item("•", escape(t), doc["dist"], size) + "</fo:block>\n")
            truth.append({"kind": "list-item", "text": f"• {t}"})
        elif k == "bullet":
            n += 1
            label = doc["bullet"](n)
            flow.append(f'<fo:block{span} text-align="{align}">' + item(escape(label), escape(t), doc["dist"], size) + "</fo:block>\n")
            truth.append({"kind": "list-item", "text": f"{label} {t}"})
        elif k == "paragraph" and doc.get("definitions") and DEFINITION.match(t):
            m = DEFINITION.match(t)
            flow.append(f'<fo:block{span} text-align="{align}">' + item(f'<fo:inline font-weight="bold">{escape(m.group(1))}</fo:inline>', escape(m.group(2)), doc["term"], size) + "</fo:block>\n")
            truth.append({"kind": "list-item", "text": f"{m.group(1)} {m.group(2)}"})
        else:
            inner = escape(t)
            truth.append({"kind": "paragraph", "text": t})
            if doc.get("footnotes") and len(t.split()) > 40 and foot < doc["footnotes"]:
                foot += 1
                note = doc["notes"][(foot - 1) % len(doc["notes"])]
                cut = t.find(". ") + 1 or len(t)
                inner = (
                    escape(t[:cut])
                    + f'<fo:footnote><fo:inline baseline-shift="super" font-size="{size * 0.6}pt">{foot}</fo:inline>'
                    + f'<fo:footnote-body><fo:block font-size="{size - 1.5}pt" text-align="start"><fo:inline baseline-shift="super" font-size="{size * 0.5}pt">{foot}</fo:inline> {escape(note)}</fo:block></fo:footnote-body></fo:footnote>'
                    + escape(t[cut:])
                )
                truth.append({"kind": "footnote", "text": note})
            indent = f' text-indent="{doc["indent"]}"' if doc.get("indent") else ""
            flow.append(f'<fo:block{span}{indent} text-align="{align}" space-after="{size * 0.4}pt">{inner}</fo:block>\n')
    w, h = doc["paper"]
    hl, hc, hr = doc["header"]
    rule = ' column-rule-style="solid"' if doc.get("rule") else ""  # FOP ignores rules; kept for the record
    fo = f"""<?xml version="1.0" encoding="UTF-8"?>
<fo:root {FO} font-family="{doc["font"]}" font-size="{size}pt" line-height="{doc.get("leading", 1.2)}" language="en" hyphenate="{str(doc.get("hyphenate", False)).lower()}">
<fo:layout-master-set><fo:simple-page-master master-name="p" page-width="{w}" page-height="{h}" margin="{doc["margin"]}">
<fo:region-body column-count="{doc["columns"]}" column-gap="{doc["gap"]}" margin-top="12mm" margin-bottom="12mm"{rule}/>
<fo:region-before extent="9mm"/><fo:region-after extent="9mm"/></fo:simple-page-master></fo:layout-master-set>
<fo:page-sequence master-reference="p">
<fo:static-content flow-name="xsl-region-before"><fo:block font-size="{size - 1}pt" text-align-last="justify" border-bottom="0.4pt solid black">{escape(hl)}<fo:leader leader-pattern="space"/>{escape(hc)}<fo:leader leader-pattern="space"/>{escape(hr)}</fo:block></fo:static-content>
<fo:static-content flow-name="xsl-region-after"><fo:block font-size="{size - 1}pt" text-align="{doc.get("folio", "center")}">{escape(doc["footer"])} <fo:page-number/></fo:block></fo:static-content>
<fo:static-content flow-name="xsl-footnote-separator"><fo:block><fo:leader leader-pattern="rule" leader-length="30%" rule-thickness="0.4pt"/></fo:block></fo:static-content>
<fo:flow flow-name="xsl-region-body">
{"".join(flow)}</fo:flow></fo:page-sequence></fo:root>
"""
    return fo, truth


def build(doc):
    os.makedirs(OUT, exist_ok=True)
    fo, truth = render(doc)
    pdf = os.path.join(OUT, doc["name"] + ".pdf")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, doc["name"] + ".fo")
        open(src, "w", encoding="utf8").write(fo)
        subprocess.run(["fop", "-q", "-fo", src, "-pdf", pdf], check=True, capture_output=True)
    blocks, pages = pages_of(pdf, truth)
    with open(os.path.join(OUT, doc["name"] + ".json"), "w", encoding="utf8") as fh:
        json.dump(
            {
                "source": doc["source"],
                "generator": "Apache FOP from XSL-FO (bench/layout/make-corpus-fop.py): " + doc["describe"],
                "columns": doc["columns"],
                "pages": pages,
                "blocks": blocks,
            },
            fh,
            indent=2,
            ensure_ascii=False,
        )
        fh.write("\n")
    print(doc["name"], pages, "pages", file=sys.stderr)


NOTES = [
    "Quoted from the copy shipped with Debian; the wording is the licence's own.",
    "Paragraph breaks follow the plain-text original.",
    "Headings were kept where the original has them.",
]
A4 = ("210mm", "297mm")
LETTER = ("8.5in", "11in")


def letters(n):
    return f"({'abcdefghijklmnopqrstuvwxyz'[(n - 1) % 26]})"


def docs():
    yield dict(
        name="gfdl-two-justified", source="GNU FDL 1.3 (/usr/share/common-licenses/GFDL-1.3)",
        describe="A4, serif 9.5 pt justified, 2 columns, 4 mm gutter, numbered sections, footnotes",
        paper=A4, margin="16mm", columns=2, gap="4mm", font="serif", size=9.5, justify=True,
        title="GNU Free Documentation License", byline=("Free Software Foundation", "3 November 2008"),
        texts=limit(licence(LIC + "GFDL-1.3"), 4200), dist="7mm", bullet=lambda n: "•", footnotes=3, notes=NOTES,
        header=("GFDL 1.3", "Free Documentation", "fsf.org"), footer="Page",
    )
    yield dict(
        name="mpl11-three-definitions", source="Mozilla Public License 1.1 (/usr/share/common-licenses/MPL-1.1)",
        describe="Letter, sans 8 pt ragged, 3 columns, 5 mm gutter, numbered clauses as list blocks, contents with dot leaders",
        paper=LETTER, margin="0.7in", columns=3, gap="5mm", font="sans-serif", size=8, justify=False,
        title="Mozilla Public License 1.1", byline=("Netscape Communications", "1998"), toc=8, toc_indent="60mm",
        texts=limit(licence(LIC + "MPL-1.1"), 4200), dist="9mm", bullet=lambda n: "–", definitions=True, term="22mm",
        header=("MPL 1.1", "", "Mozilla"), footer="", folio="end",
    )
    yield dict(
        name="lgpl3-switch-spans", source="GNU LGPL 3 and GPL 1 (/usr/share/common-licenses)",
        describe="A4, serif 9 pt justified, 2 columns with blocks across both (columns balanced above them), small caps headings",
        paper=A4, margin="15mm", columns=2, gap="6mm", font="serif", size=9, justify=True, small_caps=True,
        title="Lesser and General Public Licences", byline=("GNU Project", "1989 and 2007"),
        texts=(t := limit(licence(LIC + "LGPL-3") + licence(LIC + "GPL-1"), 4600)), dist="6mm", bullet=lambda n: "•",
        spans={i for i, (k, _) in enumerate(t) if k == "heading" and i % 3 == 0} | {i + 1 for i, (k, _) in enumerate(t) if k == "heading" and i % 3 == 0},
        header=("LGPL-3", "GPL-1", "GNU"), footer="—",
    )
    yield dict(
        name="changelog-three-narrow", source="Debian changelogs of apt and dpkg (GPL)",
        describe="A4, sans 8 pt justified, 3 columns, 4 mm gutter, changes as bullet list blocks",
        paper=A4, margin="14mm", columns=3, gap="4mm", font="sans-serif", size=8, justify=True,
        title="Changes in apt and dpkg", byline=("Debian", "2026"),
        texts=limit(changelog(DOC + "apt/changelog.gz", 12) + changelog(DOC + "dpkg/changelog.gz", 8), 3800),
        dist="4mm", bullet=lambda n: "•",
        header=("Changes", "apt · dpkg", "Debian"), footer="Page",
    )
    yield dict(
        name="readme-two-letters", source="READMEs of aspell, adduser and the FHS note of base-files (GPL)",
        describe="Letter, serif 10 pt ragged, 2 columns, 8 mm gutter, first-line indents, lettered items",
        paper=LETTER, margin="0.75in", columns=2, gap="8mm", font="serif", size=10, justify=False, indent="5mm",
        title="Notes on Debian Packages", byline=("Debian documentation", "Reprint"),
        texts=limit(readme(DOC + "aspell/README.gz") + readme(DOC + "adduser/README.gz") + readme(DOC + "base-files/README.FHS"), 3600),
        dist="8mm", bullet=letters,
        header=("README", "", "aspell, adduser, base-files"), footer="Page",
    )
    yield dict(
        name="apache-cc0-spans", source="Apache License 2.0 and CC0 1.0 (/usr/share/common-licenses)",
        describe="A4, sans 8.5 pt justified, 3 columns, 4 mm gutter, definition list blocks, every fourth heading across the page",
        paper=A4, margin="15mm", columns=3, gap="4mm", font="sans-serif", size=8.5, justify=True,
        title="Two Permissive Texts", byline=("Apache Software Foundation", "Creative Commons"),
        texts=(t2 := limit(licence(LIC + "Apache-2.0") + licence(LIC + "CC0-1.0"), 5000)), dist="6mm", bullet=lambda n: "•",
        definitions=True, term="20mm",
        spans={i for i, (k, _) in enumerate(t2) if k == "heading" and i % 4 == 1},
        header=("Apache-2.0", "CC0-1.0", "Licences"), footer="Page", footnotes=2, notes=NOTES,
    )
    # A spread of fonts, sizes, gutters and column counts over more changelogs.
    spread = [
        ("wget", "serif", 10, 2, "3mm", True, A4),
        ("git", "sans-serif", 8.5, 3, "3.5mm", True, LETTER),
        ("perl", "serif", 11, 3, "4mm", True, A4),
        ("xz-utils", "sans-serif", 9, 2, "5mm", False, LETTER),
    ]
    for k, (pkg, font, size, cols, gap, justify, paper) in enumerate(spread):
        yield dict(
            name=f"{pkg}-{cols}-{font}", source=f"Debian changelog of {pkg}; package summaries from dpkg",
            describe=f"{'A4' if paper is A4 else 'Letter'}, {font} {size} pt {'justified' if justify else 'ragged'}, {cols} columns, {gap} gutter, short-item lists, a title block of two short columns",
            paper=paper, margin="15mm", columns=cols, gap=gap, font=font, size=size, justify=justify,
            title=f"Changes in {pkg}", block=[("Debian maintainers", f"Release {2020 + k}"), ("Software in the Public Interest", "Status: final")],
            texts=with_short_lists(limit(changelog(DOC + pkg + "/changelog.Debian.gz", 40), 3000), summaries(400 + 40 * k, 40), 8, 4),
            dist="5mm", bullet=(lambda n: f"{n}.") if k % 2 else (lambda n: "–"), small_caps=k % 2 == 0,
            header=(pkg, "Changes", "Debian"), footer="Page",
        )


if __name__ == "__main__":
    only = sys.argv[1:]
    for d in docs():
        if not only or d["name"] in only:
            build(d)
