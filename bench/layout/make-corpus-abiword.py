#!/usr/bin/python3
"""A prose corpus laid out by a word processor: AbiWord (bench/layout/corpus-abiword, tuned on).

Run with Debian's python and AbiWord installed (apt abiword): /usr/bin/python3 bench/layout/make-corpus-abiword.py
Output: pairs <name>.pdf + <name>.json in the shared format (bench/layout/prose-corpus.ts).

Each document is written as AbiWord's own XML (.abw) and laid out by `abiword --to=pdf`: the
word processor breaks lines, justifies, sets tabs and columns. Word-processor habits a table
finder may take for a table: sections of one, two or three columns on one page (continuous
section breaks), narrow gutters with column rules, justified text, numbered clauses and bullets
set with a tab and a hanging indent, definition lists (a term, a tab, its description), a table
of contents with dot leaders, a title page's author | date line, headers and footers in left,
centre and right parts, small capitals and footnotes.
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

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-abiword")
LIC = "/usr/share/common-licenses/"
DOC = "/usr/share/doc/"

DEFINITION = re.compile(r'^[“"]([^"”]{2,40})[”"]\s+(.*)$')


def para(props, inner):
    return f'<p props="{props}">{inner}</p>\n'


def render(doc):
    """The .abw text and the truth blocks (reading order, no page yet) of one document."""
    font = doc["font"]
    size = doc["size"]
    base = f"font-family:{font}; font-size:{size}pt"
    align = "justify" if doc.get("justify") else "left"
    sections = []
    truth = []
    body = []  # (section props, [paragraph xml])

    # The opening: a title across the page, an author | date line set with tabs, a table of contents.
    opening = []
    opening.append(para(f"{base}; font-size:{size * 2}pt; font-weight:bold; text-align:center; margin-bottom:6pt", escape(doc["title"])))
    truth.append({"kind": "title", "text": doc["title"]})
    if doc.get("byline"):
        left, mid, right = doc["byline"]
        opening.append(para(f"{base}; tabstops:{doc['width'] / 2}in/C0,{doc['width']}in/R0; margin-bottom:8pt", f"{escape(left)}\t{escape(mid)}\t{escape(right)}"))
        truth.append({"kind": "paragraph", "text": f"{left} {mid} {right}"})
    for left, right in doc.get("block", []):
        # A title page's two short columns, one line each: the left part, a tab, the right part.
        opening.append(para(f"{base}; tabstops:{doc['width']}in/R0", f"{escape(left)}\t{escape(right)}"))
        truth.append({"kind": "paragraph", "text": f"{left} {right}"})
    texts = doc["texts"]
    if doc.get("toc"):
        opening.append(para(f"{base}; font-weight:bold; margin-top:6pt", "Contents"))
        truth.append({"kind": "heading", "text": "Contents"})
        heads = [t for k, t in texts if k == "heading"][: doc["toc"]]
        for i, h in enumerate(heads):
            page = 1 + i // 3
            opening.append(para(f"{base}; tabstops:{doc['toc_width']}in/R1", f"{escape(h)}\t{page}"))
            truth.append({"kind": "list-item", "text": f"{h} {page}"})
    sections.append(("columns:1", opening))

    # The body: parts of the text in the plan's column counts, one continuous section each.
    plan = doc["plan"]
    per = max(1, len(texts) // len(plan))
    number = 0
    short = 0
    foot = 0
    for p, cols in enumerate(plan):
        part = texts[p * per : (p + 1) * per] if p < len(plan) - 1 else texts[p * per :]
        xs = []
        for k, t in part:
            if k == "heading":
                style = "font-variant:small-caps; " if doc.get("small_caps") else ""
                xs.append(para(f"{base}; {style}font-weight:bold; margin-top:8pt; margin-bottom:3pt; keep-with-next:yes", escape(t)))
                truth.append({"kind": "heading", "text": t})
            elif k == "clause":
                m = re.match(r"^(\S+)\s+(.*)$", t)
                label, rest = m.group(1), m.group(2)
                xs.append(para(f"{base}; text-align:{align}; tabstops:{doc['hang']}in/L0; margin-left:{doc['hang']}in; text-indent:-{doc['hang']}in; margin-bottom:3pt", f"{escape(label)}\t{escape(rest)}"))
                truth.append({"kind": "list-item", "text": t})
            elif k == "short":
                # A list of short items: a bullet, a tab, a few words.
                short += 1
                label = doc.get("short_label", "•")
                label = label(short) if callable(label) else label
                xs.append(para(f"{base}; tabstops:{doc['hang']}in/L0; margin-left:{doc['hang']}in; text-indent:-{doc['hang']}in", f"{escape(label)}\t{escape(t)}"))
                truth.append({"kind": "list-item", "text": f"{label} {t}"})
            elif k == "bullet":
                number += 1
                label = doc["bullet"](number)
                xs.append(para(f"{base}; text-align:{align}; tabstops:{doc['hang']}in/L0; margin-left:{doc['hang']}in; text-indent:-{doc['hang']}in; margin-bottom:2pt", f"{escape(label)}\t{escape(t)}"))
                truth.append({"kind": "list-item", "text": f"{label} {t}"})
            elif k == "paragraph" and DEFINITION.match(t) and doc.get("definitions"):
                m = DEFINITION.match(t)
                term, rest = m.group(1), m.group(2)
                if doc["definitions"] == "inline":
                    # Term and description on one line, a tab between them, the description hanging.
                    xs.append(para(f"{base}; text-align:{align}; tabstops:{doc['term']}in/L0; margin-left:{doc['term']}in; text-indent:-{doc['term']}in; margin-bottom:3pt", f'<c props="font-weight:bold">{escape(term)}</c>\t{escape(rest)}'))
                    truth.append({"kind": "list-item", "text": f"{term} {rest}"})
                else:
                    # The term on a line of its own, the description indented below it.
                    xs.append(para(f"{base}; font-weight:bold; keep-with-next:yes", escape(term)))
                    xs.append(para(f"{base}; text-align:{align}; margin-left:{doc['term']}in; margin-bottom:3pt", escape(rest)))
                    truth.append({"kind": "heading", "text": term})
                    truth.append({"kind": "paragraph", "text": rest})
            else:
                indent = f"; text-indent:{doc['indent']}in" if doc.get("indent") else ""
                inner = escape(t)
                if doc.get("footnotes") and len(t.split()) > 40 and foot < doc["footnotes"]:
                    foot += 1
                    note = doc["notes"][(foot - 1) % len(doc["notes"])]
                    # The footnote's reference after the paragraph's first sentence.
                    cut = t.find(". ") + 1 or len(t)
                    inner = (
                        escape(t[:cut])
                        + f'<field type="footnote_ref" footnote-id="{foot}" props="text-position:superscript"/>'
                        + f'<foot footnote-id="{foot}"><p props="{base}; font-size:{size - 2}pt"><field type="footnote_anchor" footnote-id="{foot}" props="text-position:superscript"/>{escape(note)}</p></foot>'
                        + escape(t[cut:])
                    )
                    truth.append({"kind": "paragraph", "text": t})
                    truth.append({"kind": "footnote", "text": note})
                else:
                    truth.append({"kind": "paragraph", "text": t})
                xs.append(para(f"{base}; text-align:{align}; margin-bottom:{doc.get('after', 4)}pt{indent}", inner))
        rule = "; column-line:on" if doc.get("rule") else ""
        sections.append((f"columns:{cols}; column-gap:{doc['gap']}in{rule}", xs))

    margins = f"page-margin-left:{doc['margin']}in; page-margin-right:{doc['margin']}in; page-margin-top:0.9in; page-margin-bottom:0.9in; page-margin-header:0.4in; page-margin-footer:0.4in"
    hl, hc, hr = doc["header"]
    fl, fr = doc["footer"]
    xml = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<abiword template="false" xmlns="http://www.abisource.com/awml.dtd" version="1.0" fileformat="1.0">\n',
        f'<pagesize pagetype="{doc["paper"][0]}" orientation="portrait" width="{doc["paper"][1]}" height="{doc["paper"][2]}" units="mm" page-scale="1.000000"/>\n',
    ]
    for i, (props, xs) in enumerate(sections):
        hf = ' header="h1" footer="f1"' if i == 0 else ""
        xml.append(f'<section{hf} props="{props}; {margins}">\n{"".join(xs)}</section>\n')
    small = f"font-family:{font}; font-size:{size - 1.5}pt"
    w = doc["width"]
    header = para(f"{small}; tabstops:{w / 2}in/C0,{w}in/R0", f"{escape(hl)}\t{escape(hc)}\t{escape(hr)}")
    footer = para(f"{small}; tabstops:{w}in/R0", f'{escape(fl)}\t{escape(fr)} <field type="page_number"/>')
    xml.append(f'<section id="h1" type="header">{header}</section>\n')
    xml.append(f'<section id="f1" type="footer">{footer}</section>\n')
    xml.append("</abiword>\n")
    return "".join(xml), truth


def build(doc):
    os.makedirs(OUT, exist_ok=True)
    xml, truth = render(doc)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, doc["name"] + ".abw")
        open(src, "w", encoding="utf8").write(xml)
        subprocess.run(["abiword", "--to=pdf", src], check=True, capture_output=True)
        pdf = os.path.join(OUT, doc["name"] + ".pdf")
        os.replace(os.path.join(tmp, doc["name"] + ".pdf"), pdf)
    blocks, pages = pages_of(pdf, truth)
    with open(os.path.join(OUT, doc["name"] + ".json"), "w", encoding="utf8") as fh:
        json.dump(
            {
                "source": doc["source"],
                "generator": "AbiWord (bench/layout/make-corpus-abiword.py): " + doc["describe"],
                "columns": max(doc["plan"]),
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
    "The text is reproduced as it is distributed with Debian, in /usr/share/common-licenses.",
    "Section numbers follow the original; headings were added where the text has none.",
    "A later version of this text may differ; only the version quoted here applies.",
]

A4 = ("A4", "210.000000", "297.000000")
LETTER = ("Letter", "215.900000", "279.400000")


def roman(n):
    return ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"][(n - 1) % 10] + ")"


def docs():
    common = dict(paper=A4, margin=0.8, width=6.67, gap=0.16, hang=0.35, term=1.1, indent=0, toc_width=6.6)
    yield dict(
        common, name="gpl3-two-rule-narrow", source="GNU GPL version 3 (/usr/share/common-licenses/GPL-3)",
        describe="A4, Liberation Serif 9.5 pt justified, 2 columns, 0.4 cm gutter with a rule, numbered clauses, small-caps headings, footnotes",
        title="GNU General Public License", byline=("Free Software Foundation", "Version 3", "29 June 2007"),
        texts=limit(licence(LIC + "GPL-3"), 4200), font="Liberation Serif", size=9.5, justify=True, rule=True,
        plan=[2], small_caps=True, footnotes=3, notes=NOTES, bullet=lambda n: "•",
        header=("GPL-3", "Terms and Conditions", "Draft copy"), footer=("Free Software Foundation", "Page"),
    )
    yield dict(
        common, name="apache-three-definitions", source="Apache License 2.0 (/usr/share/common-licenses/Apache-2.0)",
        describe="Letter, Liberation Sans 8.5 pt ragged, 3 columns, 0.5 cm gutter, table of contents with dot leaders, definitions with a tab",
        paper=LETTER, width=6.9, margin=0.8, gap=0.2, toc=8, toc_width=3.2,
        title="Apache License", byline=("The Apache Software Foundation", "", "January 2004"),
        texts=limit(licence(LIC + "Apache-2.0"), 4000), font="Liberation Sans", size=8.5, justify=False,
        plan=[3], definitions="inline", term=0.9, bullet=lambda n: "•",
        header=("Apache License", "Version 2.0", "apache.org/licenses"), footer=("Apache-2.0", "Page"),
    )
    yield dict(
        common, name="changelog-bullets-switch", source="Debian changelogs of coreutils and bash (GPL)",
        describe="A4, DejaVu Serif 8.5 pt justified, sections of 1, 2 and 3 columns on one page, tab bullets with hanging indents",
        title="Release Notes", byline=("Debian maintainers", "Packages: coreutils, bash", "Collected 2026"),
        texts=limit(changelog(DOC + "coreutils/changelog.Debian.gz", 14) + changelog(DOC + "bash/changelog.Debian.gz", 10), 3600),
        font="DejaVu Serif", size=8.5, justify=True, plan=[2, 1, 3, 2], gap=0.22, hang=0.2, bullet=lambda n: "–",
        header=("Release notes", "", "coreutils and bash"), footer=("Debian", "Page"),
    )
    yield dict(
        common, name="lgpl-two-numbered", source="GNU LGPL version 2.1 (/usr/share/common-licenses/LGPL-2.1)",
        describe="A4, Liberation Serif 10 pt justified, 2 columns, 0.6 cm gutter, first-line indents, numbered clauses with a tab",
        title="GNU Lesser General Public License", byline=("Version 2.1", "", "February 1999"),
        texts=limit(licence(LIC + "LGPL-2.1"), 4200), font="Liberation Serif", size=10, justify=True, gap=0.24,
        plan=[2], indent=0.2, hang=0.3, bullet=lambda n: "•",
        header=("LGPL-2.1", "", "Preamble and terms"), footer=("GNU Project", "Page"),
    )
    yield dict(
        common, name="mpl-switch-definitions", source="Mozilla Public License 2.0 (/usr/share/common-licenses/MPL-2.0)",
        describe="Letter, DejaVu Sans 8 pt justified, 1 then 2 then 3 columns, narrow 0.4 cm gutters with rules, numbered clauses (1.1 ...)",
        paper=LETTER, width=6.9, margin=0.8, title="Mozilla Public License", byline=("Mozilla Foundation", "Version 2.0", ""),
        texts=limit(licence(LIC + "MPL-2.0"), 4400), font="DejaVu Sans", size=8, justify=True, rule=True,
        plan=[1, 2, 3], hang=0.45, toc=6, toc_width=6.8, small_caps=True, bullet=lambda n: "•",
        header=("MPL 2.0", "Mozilla", "Exhibit A"), footer=("mozilla.org/MPL/2.0", "Page"),
    )
    yield dict(
        common, name="readme-three-roman", source="READMEs of apt, bash and coreutils (GPL)",
        describe="A4, Liberation Sans 8 pt ragged, 3 columns, 0.4 cm gutter, roman-numbered items with a tab",
        title="Notes on Three Packages", byline=("Debian documentation", "", "Reprinted 2026"),
        texts=limit(readme(DOC + "apt/README.md.gz") + readme(DOC + "bash/README.gz") + readme(DOC + "coreutils/README.gz"), 3800),
        font="Liberation Sans", size=8, justify=False, plan=[3], hang=0.3, bullet=roman,
        header=("README", "apt · bash · coreutils", "Debian"), footer=("Documentation", "Page"),
    )
    yield dict(
        common, name="apache-two-glossary", source="Apache License 2.0 and GNU GPL version 2 (/usr/share/common-licenses)",
        describe="A4, Liberation Serif 9 pt justified, 2 columns, 0.3 cm gutter, glossary terms above indented descriptions, footnotes",
        title="Two Licences", byline=("Apache Software Foundation", "and", "Free Software Foundation"),
        texts=limit(licence(LIC + "Apache-2.0")[:40] + licence(LIC + "GPL-2"), 4600), font="Liberation Serif", size=9, justify=True,
        gap=0.12, plan=[2], definitions="below", term=0.25, footnotes=2, notes=NOTES, bullet=lambda n: "•",
        header=("Licences", "", "Apache-2.0, GPL-2"), footer=("Reprint", "Page"),
    )
    yield dict(
        common, name="artistic-switch-numbers", source="Artistic License and BSD licence (/usr/share/common-licenses)",
        describe="Letter, DejaVu Serif 9 pt ragged, 2 then 1 then 2 columns, numbered items with a tab",
        paper=LETTER, width=6.9, margin=0.8, title="The Artistic License", byline=("Larry Wall", "", "Perl"),
        texts=limit(licence(LIC + "Artistic") + licence(LIC + "BSD"), 3400), font="DejaVu Serif", size=9, justify=False,
        plan=[2, 1, 2], gap=0.3, hang=0.3, bullet=lambda n: f"{n}.",
        header=("Artistic", "", "BSD"), footer=("Perl Foundation", "Page"),
    )
    yield dict(
        common, name="tar-three-wide-gaps", source="Debian changelogs of tar and gzip (GPL); package summaries from dpkg",
        describe="Letter, Liberation Serif 11 pt justified in 3 narrow columns (wide word gaps), 0.15 in gutters, a title block of two short columns, lists of short items",
        paper=LETTER, width=6.9, margin=0.8, gap=0.15, hang=0.18,
        title="Archivers", block=[("Prepared by the Debian maintainers", "Release 2026.1"), ("Archive tools team", "Status: final"), ("Software in the Public Interest", "12 pages")],
        texts=with_short_lists(limit(changelog(DOC + "tar/changelog.Debian.gz", 12) + changelog(DOC + "gzip/changelog.Debian.gz", 8), 3000), summaries(0, 60), 7, 5),
        font="Liberation Serif", size=11, justify=True, plan=[3], bullet=lambda n: "•",
        header=("Archivers", "tar and gzip", "Debian"), footer=("Changes", "Page"),
    )
    yield dict(
        common, name="gpl2-two-short-items", source="GNU GPL version 2 (/usr/share/common-licenses/GPL-2); package summaries from dpkg",
        describe="A4, DejaVu Sans 9 pt ragged, 2 columns, 0.4 cm gutter with a rule, numbered short items with a tab, sections switching 1 and 2 columns",
        title="General Public License, Version 2", block=[("Free Software Foundation", "June 1991")],
        texts=with_short_lists(limit(licence(LIC + "GPL-2"), 3600), summaries(60, 60), 5, 6),
        font="DejaVu Sans", size=9, justify=False, rule=True, plan=[2, 1, 2], short_label="–", hang=0.25, bullet=lambda n: f"{n}.",
        header=("GPL-2", "GNU", "June 1991"), footer=("fsf.org", "Page"),
    )
    yield dict(
        common, name="grep-sed-three-rule", source="Debian changelogs of grep, sed and findutils (GPL)",
        describe="A4, Liberation Sans 8 pt justified, 3 columns, 0.4 cm gutters with rules, small-caps headings, footnotes",
        title="Text Tools", byline=("grep · sed · findutils", "", "Debian"),
        texts=limit(changelog(DOC + "grep/changelog.Debian.gz", 10) + changelog(DOC + "sed/changelog.Debian.gz", 8) + changelog(DOC + "findutils/changelog.Debian.gz", 8), 3600),
        font="Liberation Sans", size=8, justify=True, rule=True, plan=[3], small_caps=True, hang=0.15, bullet=lambda n: "*",
        footnotes=2, notes=["Entries are quoted as the maintainers wrote them.", "Closed bug numbers refer to bugs.debian.org."],
        header=("grep", "sed", "findutils"), footer=("Text tools", "Page"),
    )
    yield dict(
        common, name="lgpl3-switch-wide", source="GNU LGPL version 3 and GFDL 1.2 (/usr/share/common-licenses)",
        describe="Letter, Liberation Serif 10.5 pt justified, 1, 2, 3 and 2 columns on a page, 0.4 cm gutters, first-line indents",
        paper=LETTER, width=6.9, margin=0.9, gap=0.16, indent=0.25,
        title="Lesser GPL and Free Documentation License", byline=("GNU Project", "2007", "2002"),
        texts=limit(licence(LIC + "LGPL-3") + licence(LIC + "GFDL-1.2"), 5200), font="Liberation Serif", size=10.5, justify=True,
        plan=[1, 2, 3, 2], hang=0.3, bullet=lambda n: "•",
        header=("LGPL-3", "", "GFDL-1.2"), footer=("GNU", "Page"),
    )
    yield dict(
        common, name="mpl-two-numbered-short", source="Mozilla Public License 2.0 (/usr/share/common-licenses/MPL-2.0); package summaries from dpkg",
        describe="A4, Liberation Serif 9.5 pt justified, 2 columns, 0.4 cm gutter, numbered lists of short items with a tab",
        title="Mozilla Public License, Version 2.0", block=[("Mozilla Foundation", "2012")],
        texts=with_short_lists(limit(licence(LIC + "MPL-2.0"), 3000), summaries(300, 60), 4, 5),
        font="Liberation Serif", size=9.5, justify=True, plan=[2], short_label=lambda n: f"{n}.", hang=0.3, bullet=lambda n: "•",
        header=("MPL-2.0", "", "Mozilla"), footer=("mozilla.org", "Page"),
    )
    # A spread of fonts, sizes, gutters and column counts over more changelogs.
    spread = [
        ("util-linux", "Nimbus Roman", 10, 2, 0.16, True, A4),
        ("procps", "Gentium", 11, 3, 0.14, True, LETTER),
        ("openssl", "FreeSans", 8.5, 3, 0.2, False, A4),
        ("curl", "Bitstream Charter", 9.5, 2, 0.12, True, LETTER),
        ("less", "C059", 10, 2, 0.3, True, A4),
        ("make", "DejaVu Serif Condensed", 9, 3, 0.16, True, A4),
    ]
    for k, (pkg, font, size, cols, gap, justify, paper) in enumerate(spread):
        letter = paper is LETTER
        yield dict(
            common, name=f"{pkg}-{cols}-{font.split()[0].lower()}", source=f"Debian changelog of {pkg}; package summaries from dpkg",
            describe=f"{paper[0]}, {font} {size} pt {'justified' if justify else 'ragged'}, {cols} columns, {gap} in gutter, short-item lists, numbered changes",
            paper=paper, width=6.9 if letter else 6.67, gap=gap, hang=0.22,
            title=f"Changes in {pkg}", block=[("Debian maintainers", f"{2020 + k}")] if k % 2 else [],
            byline=None if k % 2 else (pkg, "", "unstable"),
            texts=with_short_lists(limit(changelog(DOC + pkg + "/changelog.Debian.gz", 30), 2600), summaries(120 + 30 * k, 30), 9, 4),
            font=font, size=size, justify=justify, plan=[cols] if k % 3 else [1, cols], rule=k % 2 == 1,
            bullet=(lambda n: f"{n}.") if k % 2 else (lambda n: "•"), small_caps=k % 3 == 0,
            header=(pkg, "Changes" if k % 2 else "", "Debian"), footer=(pkg, "Page"),
        )


if __name__ == "__main__":
    only = sys.argv[1:]
    for d in docs():
        if not only or d["name"] in only:
            build(d)
