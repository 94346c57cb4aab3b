"""WeasyPrint half of bench/heldout-prose2: HTML + CSS columns rendered by WeasyPrint's Python API.
Run: /usr/bin/python3 bench/heldout-prose2/maker/weasy.py <out dir>"""
import html, os, re, sys
from weasyprint import HTML
import texts
from truth import write_truth

OUT = sys.argv[1]
esc = html.escape

def svg(seed, w=200, h=90):
    # a plain chart with no text in it
    bars = "".join(f'<rect x="{10 + i * 30}" y="{h - 10 - ((seed * 37 + i * 53) % (h - 20))}" width="20" '
                   f'height="{(seed * 37 + i * 53) % (h - 20)}" fill="#{(seed*3+i*2)%10}{(seed+i)%10}8"/>' for i in range(6))
    return f'<svg viewBox="0 0 {w} {h}" width="100%" xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="{w}" height="{h}" fill="none" stroke="#555"/>{bars}</svg>'

def hanging(text):
    m = re.match(r"^(-\S.*?)\s(?=[A-Z])", text)
    if m and len(m.group(1)) < 45:
        return f'<p class="li dl"><b>{esc(m.group(1))}</b> {esc(text[len(m.group(1)) + 1:])}</p>'
    m = re.match(r'^("[^"]{2,40}")\s', text)
    if m:
        return f'<p class="li dl"><b>{esc(m.group(1))}</b> {esc(text[len(m.group(0)):])}</p>'
    m = re.match(r"^([A-Z][A-Za-z-]+:)\s", text)
    if m:
        return f'<div class="field"><span class="flab">{esc(m.group(1))}</span><span class="fval">{esc(text[len(m.group(0)):])}</span></div>'
    m = re.match(r"^(\d+(\.\d+)*\.?|\([a-z0-9]+\)|[a-z]\))\s", text)
    if m:
        return f'<p class="li"><span class="lab">{esc(m.group(1))}</span> {esc(text[len(m.group(0)):])}</p>'
    return f'<p class="li">{esc(text)}</p>'

def render(blocks):
    out = []
    for b in blocks:
        k, t, cls = b["kind"], b.get("text", ""), b.get("cls", "")
        if k == "title":
            out.append(f'<h1 class="title">{esc(t)}</h1>')
        elif k == "heading":
            out.append(f'<h2 class="{cls}">{esc(t)}</h2>')
        elif k == "paragraph":
            note = "".join(f'<span class="fn">{esc(n["text"])}</span>' for n in b.get("notes", []))
            out.append(f'<p class="{cls}">{esc(t)}{note}</p>')
        elif k == "list-item":
            out.append(hanging(t) if cls != "box" else f'<p class="li box">{esc(t)}</p>')
        elif k == "quote":
            out.append(f'<blockquote class="pull {cls}">{esc(t)}</blockquote>')
        elif k == "caption":
            out.append(f'<figure class="{cls}">{svg(len(out))}<figcaption>{esc(t)}</figcaption></figure>')
        elif k == "sidebar":
            head, body = b["parts"]
            out.append(f'<aside class="box {cls}"><h3>{esc(head)}</h3><p>{esc(body)}</p></aside>')
    return "\n".join(out)

def build(name, blocks, css, source, generator, columns, head):
    # footnotes ride on the paragraph before them; the truth lists them apart
    flat, last_para = [], None
    for b in blocks:
        if b["kind"] == "footnote":
            last_para.setdefault("notes", []).append(b)
        elif b["kind"] == "paragraph":
            last_para = b
        flat.append(b)
    body = render([b for b in flat if b["kind"] != "footnote"])
    doc = f"""<html lang="en"><head><meta charset="utf-8"><style>
@page {{ @top-center {{ content: "{head}"; font-size: 7pt; color: #444 }} @bottom-center {{ content: counter(page); font-size: 8pt }} }}
h1.title {{ column-span: all; margin: 0 0 6pt }}
p.abstract {{ column-span: all; font-style: italic; margin-bottom: 10pt }}
.across {{ column-span: all }}
p {{ margin: 0 0 0.5em; orphans: 2; widows: 2 }}
p.li {{ padding-left: 1.6em; text-indent: -1.6em }}
p.dl {{ padding-left: 2.2em; text-indent: -2.2em }}
blockquote.pull {{ font-size: 130%; font-style: italic; margin: 8pt 4pt; padding: 4pt 0; border-top: 1pt solid #333; border-bottom: 1pt solid #333 }}
figure {{ margin: 6pt 0 }} figcaption {{ font-size: 85% }}
aside.box {{ border: 0.8pt solid #222; background: #eee; padding: 5pt; margin: 6pt 0; font-size: 90% }}
aside.box h3 {{ margin: 0 0 3pt; font-size: 100% }}
span.fn {{ float: footnote; font-size: 75%; font-style: normal; text-indent: 0 }}
::footnote-call {{ content: counter(footnote); vertical-align: super; font-size: 65% }}
::footnote-marker {{ content: counter(footnote) ". " }}
{css}
</style></head><body><main>{body}</main></body></html>"""
    pdf = os.path.join(OUT, f"{name}.pdf")
    HTML(string=doc).write_pdf(pdf)
    for b in flat:
        if b["kind"] == "sidebar":
            b["text"] = b["parts"][0] + " " + b["parts"][1]
        if b["kind"] == "footnote":
            b["text"] = b["num"] + ". " + b["text"]
    n, bad = write_truth(pdf, [dict(b) for b in flat], os.path.join(OUT, f"{name}.json"), source, generator, columns)
    print(f"{name}: {n} pages, {len(flat)} blocks, {bad} problems")

def sentence(blocks, i, words=18):
    t = blocks[i]["text"]
    s = re.split(r"(?<=[.;:])\s", t)[0]
    return " ".join(s.split()[:words]).rstrip(",;:")

def insert(blocks, at, b):
    blocks.insert(at, b)

LIC = "/usr/share/common-licenses/"

# 1. MPL 2.0, two serif columns on A4
b = texts.licence(LIC + "MPL-2.0")
b[0] = {"kind": "title", "text": "Mozilla Public License, Version 2.0"}
b.insert(1, {"kind": "paragraph", "cls": "abstract", "text": "The full text of the licence as Debian ships it in /usr/share/common-licenses, set in two justified columns with hyphenation, a rule between the columns, numbered clauses and footnotes."})
b.insert(8, {"kind": "footnote", "num": "1", "text": "Definitions are numbered as in the original; the numbers are part of the text."})
b.insert(20, {"kind": "quote", "text": sentence(b, 24)})
b.insert(30, {"kind": "caption", "text": "Figure 1. How often each section is cited, drawn as bars without labels."})
b.insert(45, {"kind": "footnote", "num": "2", "text": "Exhibit A and Exhibit B follow the terms at the end of the document."})
build("mpl2-two-serif-a4", b, """@page { size: A4; margin: 22mm 18mm }
body { font-family: "Liberation Serif"; font-size: 10pt; line-height: 1.25 }
main { column-count: 2; column-gap: 18pt; column-rule: 0.5pt solid #777; text-align: justify; hyphens: auto }
h1 { font-size: 20pt } h2 { font-size: 11pt; margin: 8pt 0 3pt }""",
      "/usr/share/common-licenses/MPL-2.0: Mozilla Public License 2.0 text (redistributable verbatim)",
      "WeasyPrint 57 (Python API) from HTML/CSS: A4, Liberation Serif 10 pt, 2 CSS columns, 18 pt gap with a rule, justified, hyphens:auto, title and abstract across, running head, folio, footnotes (float: footnote), pull quote and figure in a column",
      2, "Mozilla Public License 2.0")

# 2. LGPL 2.1, three sans columns on Letter, ragged
b = texts.licence(LIC + "LGPL-2.1")
b[0] = {"kind": "title", "text": "GNU Lesser General Public License, Version 2.1"}
for x in b:
    if x["kind"] == "heading" and x["text"].isupper():
        x["cls"] = "across"
b.insert(5, {"kind": "sidebar", "parts": ["About this edition", "This copy was set for reading on paper in three narrow columns. The licence itself says that everyone may copy and distribute verbatim copies of it, but changing it is not allowed."]})
b.insert(15, {"kind": "quote", "cls": "across", "text": sentence(b, 18, 14)})
b.insert(26, {"kind": "caption", "cls": "across", "text": "Figure 1. A made-up chart across all three columns, standing for a diagram of linked libraries."})
build("lgpl21-three-sans-letter", b, """@page { size: Letter; margin: 0.7in 0.6in }
body { font-family: "DejaVu Sans"; font-size: 8pt; line-height: 1.3 }
main { column-count: 3; column-gap: 10pt; text-align: left }
h1 { font-size: 18pt } h2 { font-size: 9pt; margin: 6pt 0 2pt } h2.across { font-size: 11pt; text-align: center }""",
      "/usr/share/common-licenses/LGPL-2.1: GNU LGPL 2.1 text (verbatim copying permitted by its own terms)",
      "WeasyPrint 57 from HTML/CSS: Letter, DejaVu Sans 8 pt, 3 CSS columns, 10 pt gap without a rule, ragged right, upper-case headings across the columns, sidebar box, pull quote and figure across, running head, folio",
      3, "GNU LGPL 2.1")

# 3. grep and sed man pages, four columns on landscape A4
b = [{"kind": "title", "text": "grep and sed: two manual pages"}]
b.append({"kind": "paragraph", "cls": "abstract", "text": "The manual pages of grep(1) and sed(1) as installed on Debian 12, stripped of their formatting macros and set in four narrow justified columns."})
g = texts.manpage("grep", 14000); s = texts.manpage("sed", 9000)
b += [{"kind": "heading", "cls": "across", "text": "grep(1)"}] + g + [{"kind": "heading", "cls": "across", "text": "sed(1)"}] + s
b.insert(12, {"kind": "caption", "text": "Figure 1. Matches per file in an imaginary search, one bar per file."})
b.insert(40, {"kind": "quote", "text": "Line by line, the stream goes in one end and comes out changed at the other."})
build("man-grep-sed-four-a4-landscape", b, """@page { size: A4 landscape; margin: 15mm 14mm }
body { font-family: "Noto Sans"; font-size: 7.5pt; line-height: 1.22 }
main { column-count: 4; column-gap: 8pt; column-rule: 0.4pt solid #999; text-align: justify }
h1 { font-size: 16pt } h2 { font-size: 8.5pt; margin: 5pt 0 2pt } h2.across { font-size: 12pt; border-bottom: 1pt solid black }""",
      "/usr/share/man/man1/grep.1.gz and sed.1.gz (GNU grep, GNU sed; GPL-3+, as packaged in Debian), formatted with man -l and col -b",
      "WeasyPrint 57 from HTML/CSS: A4 landscape, Noto Sans 7.5 pt, 4 CSS columns, 8 pt gap with a rule, justified without hyphenation, hanging-label option lists, program headings across, figure and pull quote in a column, running head, folio",
      4, "Manual pages")

# 4. changelog entries in boxes of one height: paragraph gaps line up across the two columns
b = [{"kind": "title", "text": "Recent changes to seven Debian packages"}]
for pkg in ["tar", "grep", "sed", "gzip", "less", "coreutils", "bash"]:
    if os.path.exists(f"/usr/share/doc/{pkg}/changelog.Debian.gz"):
        b += [x for x in texts.changelog(pkg, 4) if len(x["text"]) <= 160]
for x in b[1:]:
    x["cls"] = "box"
build("changelogs-aligned-two-letter", b, """@page { size: Letter; margin: 0.8in 0.75in }
body { font-family: "Nimbus Roman"; font-size: 10pt; line-height: 13pt }
main { column-count: 2; column-gap: 24pt; text-align: left }
h1 { font-size: 18pt; line-height: 22pt; margin: 0 0 13pt }
main > h2, main > p.box { height: 52pt; margin: 0 0 13pt; overflow: hidden; font-size: 10pt; padding: 0; text-indent: 0; break-inside: avoid }
main > h2 { font-weight: bold }""",
      "/usr/share/doc/{tar,grep,sed,gzip,less,coreutils,bash}/changelog.Debian.gz: Debian changelogs (licensed with each package, GPL), entries of at most 160 characters",
      "WeasyPrint 57 from HTML/CSS: Letter, Nimbus Roman (URW base35) 10/13 pt, 2 CSS columns, 24 pt gap, ragged; every block a box of four lines and one blank line, so paragraph gaps line up across the columns; running head, folio",
      2, "Changelogs")

# 5. GPL 3 (first part), two columns of Palladio on A5, footnotes
b = texts.licence(LIC + "GPL-3", 21000)
b[0] = {"kind": "title", "text": "GNU General Public License, Version 3"}
b.insert(6, {"kind": "footnote", "num": "1", "text": "The preamble is not part of the terms; it explains their purpose."})
b.insert(17, {"kind": "footnote", "num": "2", "text": "Section numbers start at zero in this licence."})
b.insert(30, {"kind": "footnote", "num": "3", "text": "Compare section 6 below on conveying non-source forms."})
b.insert(24, {"kind": "quote", "text": "The licenses for most software and other practical works are designed to take away your freedom to share and change the works."})
build("gpl3-two-palladio-a5", b, """@page { size: A5; margin: 16mm 12mm 18mm }
body { font-family: "P052"; font-size: 8.5pt; line-height: 1.2 }
main { column-count: 2; column-gap: 12pt; text-align: justify; hyphens: auto }
h1 { font-size: 15pt; text-align: center } h2 { font-size: 9pt; font-variant: small-caps; margin: 6pt 0 2pt }""",
      "/usr/share/common-licenses/GPL-3: GNU GPL 3 text, first 21,000 characters (verbatim copying permitted by its own terms)",
      "WeasyPrint 57 from HTML/CSS: A5, P052 (URW Palladio) 8.5 pt, 2 CSS columns, 12 pt gap without a rule, justified, hyphens:auto, title across, footnotes, pull quote in a column, running head, folio",
      2, "GNU GPL 3")

# 6. Artistic License and CC0, three columns of C059 on Letter, headings across, definitions
b = [{"kind": "title", "text": "Two permissive licences: the Artistic License and CC0 1.0"}]
b.append({"kind": "paragraph", "cls": "abstract", "text": "Perl's original Artistic License and the Creative Commons CC0 1.0 Universal dedication, each headed across the page, set in three columns with wide gutters and rules."})
a = texts.licence(LIC + "Artistic")
for x in a:
    if x["text"].startswith('"'): x["kind"] = "list-item"
a[0]["cls"] = "across"
c = texts.licence(LIC + "CC0-1.0")
c[0]["cls"] = "across"
b += a + c
b.insert(9, {"kind": "quote", "text": "The intent of this document is to state the conditions under which a Package may be copied."})
b.insert(20, {"kind": "sidebar", "parts": ["Two kinds of permission", "The first text keeps a hold on the name of the work and its standard version; the second gives up every right the law allows one to give up."]})
b.insert(31, {"kind": "caption", "text": "Figure 1. Relative length of the two texts, as two groups of bars."})
build("artistic-cc0-three-c059-letter", b, """@page { size: Letter; margin: 0.75in }
body { font-family: "C059"; font-size: 9pt; line-height: 1.3 }
main { column-count: 3; column-gap: 24pt; column-rule: 0.6pt solid #444; text-align: justify; hyphens: auto }
h1 { font-size: 19pt } h2 { font-size: 10pt; margin: 6pt 0 2pt } h2.across { font-size: 14pt; margin: 10pt 0 4pt }""",
      "/usr/share/common-licenses/Artistic (Perl Artistic License 1.0) and CC0-1.0 (Creative Commons CC0 1.0, itself CC0): verbatim licence texts",
      "WeasyPrint 57 from HTML/CSS: Letter, C059 (URW Century Schoolbook) 9 pt, 3 CSS columns, 24 pt gap with a rule, justified with hyphenation, each licence's title across, definition list with bold terms, pull quote, sidebar box and figure in columns, running head, folio",
      3, "Artistic License / CC0 1.0")

# 7. machine-readable copyright files: label/value fields in two columns with a 40 pt gutter
b = [{"kind": "title", "text": "Copyright notices of four Debian packages"}]
b.append({"kind": "paragraph", "cls": "abstract", "text": "Debian's machine-readable copyright files list, for each group of files, who holds the copyright and under which licence. Each field is set as a label with its value hanging beside it."})
for pkg in ["tar", "sed", "gzip", "less"]:
    b.append({"kind": "heading", "text": f"Package {pkg}"})
    b += texts.dep5(pkg, 5000)
b.insert(8, {"kind": "sidebar", "parts": ["Reading a copyright file", "A Files field names a pattern of paths; the Copyright and License fields after it apply to those paths only, until the next Files field."]})
build("copyright-fields-two-sans-letter", b, """@page { size: Letter; margin: 0.6in 0.7in }
body { font-family: "Nimbus Sans"; font-size: 9pt; line-height: 1.3 }
main { column-count: 2; column-gap: 40pt; text-align: left }
div.field { padding-left: 84pt; margin: 0 0 4pt } span.flab { display: inline-block; width: 80pt; margin-left: -84pt; margin-right: 4pt; font-weight: bold }
h1 { font-size: 17pt } h2 { font-size: 11pt; margin: 10pt 0 4pt; border-bottom: 0.5pt solid #000 }""",
      "/usr/share/doc/{tar,sed,gzip,less}/copyright: Debian machine-readable copyright files (their text is licence notices meant to be redistributed with the packages)",
      "WeasyPrint 57 from HTML/CSS: Letter, Nimbus Sans (URW base35) 9 pt, 2 CSS columns, 40 pt gap without a rule, ragged; fields as hanging labels (an 84 pt label column beside the value: looks like a two-column table), sidebar box, running head, folio",
      2, "Copyright files")

# 8. tar and gzip man pages, three serif columns on A4; option terms on their own line
b = [{"kind": "title", "text": "tar and gzip"}]
b += [{"kind": "heading", "cls": "across", "text": "tar(1): an archiving utility"}] + texts.manpage("tar", 16000)
b += [{"kind": "heading", "cls": "across", "text": "gzip(1): compress or expand files"}] + texts.manpage("gzip", 8000)
for x in b:
    if x["kind"] == "list-item": x["cls"] = "term"
b.insert(14, {"kind": "caption", "cls": "across", "text": "Figure 1. Sizes of an archive before and after compression, for six sample trees."})
b.insert(60, {"kind": "quote", "cls": "across", "text": "An archive is a single file that holds many, and remembers where each came from."})
build("man-tar-gzip-three-serif-a4", b, """@page { size: A4; margin: 18mm 15mm }
body { font-family: "Noto Serif"; font-size: 8pt; line-height: 1.25 }
main { column-count: 3; column-gap: 14pt; text-align: justify }
h1 { font-size: 22pt; text-align: center } h2 { font-size: 8.5pt; margin: 5pt 0 2pt } h2.across { font-size: 12pt; margin: 8pt 0 4pt; text-transform: none }
p.dl { padding-left: 1.5em; text-indent: -1.5em } p.dl b { display: block }""",
      "/usr/share/man/man1/tar.1.gz and gzip.1.gz (GNU tar and GNU gzip manual pages, GPL-3+ / GFDL as packaged in Debian), formatted with man -l and col -b",
      "WeasyPrint 57 from HTML/CSS: A4, Noto Serif 8 pt, 3 CSS columns, 14 pt gap without a rule, justified without hyphenation, option terms on their own line above an indented description, program headings, figure and pull quote across, running head, folio",
      3, "tar(1) and gzip(1)")
