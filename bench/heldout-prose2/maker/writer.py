"""LibreOffice Writer half of bench/heldout-prose2: flat ODT (.fodt) with column sections, frames and
footnotes, converted by `soffice --headless --convert-to pdf`.
Run: /usr/bin/python3 bench/heldout-prose2/maker/writer.py <out dir>"""
import os, re, subprocess, sys, tempfile
from xml.sax.saxutils import escape as esc
import texts
from truth import write_truth

OUT = sys.argv[1]
PAGES = {"A4": ("21cm", "29.7cm"), "Letter": ("8.5in", "11in"), "A5": ("14.8cm", "21cm")}

def columns_xml(widths, gap_pt, rule):
    total = sum(widths)
    sep = '<style:column-sep style:width="0.02cm" style:color="#000000" style:height="100%" style:vertical-align="top"/>' if rule else ""
    cols = []
    for i, w in enumerate(widths):
        start = 0 if i == 0 else gap_pt / 2
        end = 0 if i == len(widths) - 1 else gap_pt / 2
        cols.append(f'<style:column style:rel-width="{w * 1000}*" fo:start-indent="{start}pt" fo:end-indent="{end}pt"/>')
    return f'<style:columns fo:column-count="{len(widths)}">{sep}{"".join(cols)}</style:columns>'

def build(name, blocks, page, font, size, widths, gap, rule, justify, head, source, generator):
    pw, ph = PAGES[page]
    align = "justify" if justify else "start"
    body, sect, n_sect = [], False, 0
    note_no = 0
    def open_sect():
        nonlocal sect, n_sect
        n_sect += 1
        body.append(f'<text:section text:style-name="Cols" text:name="S{n_sect}">')
        sect = True
    def close_sect():
        nonlocal sect
        if sect:
            body.append("</text:section>")
        sect = False
    pending_notes = []
    for b in blocks:
        k, t, cls = b["kind"], b.get("text", ""), b.get("cls", "")
        across = k == "title" or cls == "across"
        if k == "footnote":
            continue
        if across:
            close_sect()
        elif not sect:
            open_sect()
        if k == "title":
            body.append(f'<text:h text:style-name="Title" text:outline-level="1">{esc(t)}</text:h>')
        elif k == "heading":
            body.append(f'<text:h text:style-name="{"HeadAcross" if across else "Head"}" text:outline-level="2">{esc(t)}</text:h>')
        notes = "".join(f'<text:note text:id="n{n["num"]}" text:note-class="footnote"><text:note-citation>{n["num"]}</text:note-citation><text:note-body><text:p text:style-name="Footnote">{esc(n["text"])}</text:p></text:note-body></text:note>' for n in b.get("notes", []))
        if k == "paragraph":
            body.append(f'<text:p text:style-name="{"Abstract" if across else "Body"}">{esc(t)}{notes}</text:p>')
        elif k == "list-item":
            m = re.match(r"^(\d+(\.\d+)*\.?|\([a-z0-9]+\)|[a-z]\)|-\S+(?:, -\S+)?)\s", t)
            if m:
                body.append(f'<text:p text:style-name="Item">{esc(m.group(1))}<text:tab/>{esc(t[len(m.group(0)):])}{notes}</text:p>')
            else:
                body.append(f'<text:p text:style-name="Item2">{esc(t)}{notes}</text:p>')
        elif k == "quote":
            body.append(f'<text:p text:style-name="Pull">{esc(t)}</text:p>')
        elif k == "sidebar":
            h, p = b["parts"]
            body.append(f'<text:p text:style-name="Body"><draw:frame draw:style-name="Box" draw:name="box{len(body)}" text:anchor-type="paragraph" svg:width="{b.get("width", "5cm")}" draw:z-index="0"><draw:text-box fo:min-height="1cm"><text:p text:style-name="BoxHead">{esc(h)}</text:p><text:p text:style-name="BoxText">{esc(p)}</text:p></draw:text-box></draw:frame></text:p>')
        elif k == "caption":
            body.append(f'<text:p text:style-name="Fig"><draw:frame draw:style-name="Pic" draw:name="fig{len(body)}" text:anchor-type="as-char" svg:width="4.5cm" svg:height="2cm" draw:z-index="1"><draw:text-box><text:p/></draw:text-box></draw:frame></text:p><text:p text:style-name="Caption">{esc(t)}</text:p>')
    close_sect()
    xml = f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="F" svg:font-family="'{font}'"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph"><style:paragraph-properties fo:hyphenation-ladder-count="no-limit"/><style:text-properties style:font-name="F" fo:font-size="{size}pt" fo:language="en" fo:country="US" fo:hyphenate="{str(justify).lower()}" fo:hyphenation-remain-char-count="3" fo:hyphenation-push-char-count="3"/></style:default-style>
<style:style style:name="Body" style:family="paragraph"><style:paragraph-properties fo:text-align="{align}" fo:margin-bottom="{size * 0.5}pt" fo:orphans="2" fo:widows="2"/></style:style>
<style:style style:name="Abstract" style:family="paragraph"><style:paragraph-properties fo:text-align="start" fo:margin-bottom="{size}pt"/><style:text-properties fo:font-style="italic" fo:font-size="{size + 1}pt"/></style:style>
<style:style style:name="Title" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="{size}pt"/><style:text-properties fo:font-size="{size * 2}pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Head" style:family="paragraph"><style:paragraph-properties fo:margin-top="{size * 0.8}pt" fo:margin-bottom="{size * 0.3}pt" fo:keep-with-next="always"/><style:text-properties fo:font-size="{size + 1}pt" fo:font-weight="bold"/></style:style>
<style:style style:name="HeadAcross" style:family="paragraph"><style:paragraph-properties fo:margin-top="{size}pt" fo:margin-bottom="{size * 0.5}pt" fo:keep-with-next="always" fo:border-bottom="0.5pt solid #000000"/><style:text-properties fo:font-size="{size + 4}pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Item" style:family="paragraph"><style:paragraph-properties fo:text-align="{align}" fo:margin-left="{size * 3}pt" fo:text-indent="-{size * 3}pt" fo:margin-bottom="{size * 0.4}pt"><style:tab-stops><style:tab-stop style:position="0cm"/></style:tab-stops></style:paragraph-properties></style:style>
<style:style style:name="Item2" style:family="paragraph"><style:paragraph-properties fo:text-align="{align}" fo:margin-left="{size * 1.5}pt" fo:text-indent="-{size * 1.5}pt" fo:margin-bottom="{size * 0.4}pt"/></style:style>
<style:style style:name="Pull" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-top="{size}pt" fo:margin-bottom="{size}pt" fo:border-top="1pt solid #000000" fo:border-bottom="1pt solid #000000" fo:padding="3pt"/><style:text-properties fo:font-size="{size * 1.35}pt" fo:font-style="italic"/></style:style>
<style:style style:name="Caption" style:family="paragraph"><style:paragraph-properties fo:margin-bottom="{size}pt"/><style:text-properties fo:font-size="{size - 1}pt" fo:font-style="italic"/></style:style>
<style:style style:name="Fig" style:family="paragraph"><style:paragraph-properties fo:text-align="center" fo:margin-top="{size * 0.5}pt"/></style:style>
<style:style style:name="Footnote" style:family="paragraph"><style:text-properties fo:font-size="{size - 1.5}pt"/></style:style>
<style:style style:name="BoxHead" style:family="paragraph"><style:text-properties fo:font-weight="bold" fo:font-size="{size}pt"/></style:style>
<style:style style:name="BoxText" style:family="paragraph"><style:paragraph-properties fo:text-align="start"/><style:text-properties fo:font-size="{size - 0.5}pt"/></style:style>
<style:style style:name="Header" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="{size - 1.5}pt"/></style:style>
<style:style style:name="Box" style:family="graphic"><style:graphic-properties style:wrap="parallel" style:number-wrapped-paragraphs="no-limit" fo:margin-left="6pt" fo:margin-right="0pt" fo:margin-bottom="4pt" fo:padding="4pt" fo:border="0.8pt solid #000000" fo:background-color="#e8e8e8" style:horizontal-pos="right" style:horizontal-rel="paragraph" style:vertical-pos="top" style:vertical-rel="paragraph"/></style:style>
<style:style style:name="Pic" style:family="graphic"><style:graphic-properties fo:border="0.8pt solid #333333" fo:background-color="#b0c4de"/></style:style>
</office:styles>
<office:automatic-styles>
<style:style style:name="Cols" style:family="section"><style:section-properties text:dont-balance-text-columns="false">{columns_xml(widths, gap, rule)}</style:section-properties></style:style>
<style:page-layout style:name="PL"><style:page-layout-properties fo:page-width="{pw}" fo:page-height="{ph}" fo:margin-top="1.2cm" fo:margin-bottom="1.2cm" fo:margin-left="{'1.4cm' if page == 'A5' else '2cm'}" fo:margin-right="{'1.4cm' if page == 'A5' else '2cm'}"/><style:header-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-bottom="0.4cm"/></style:header-style><style:footer-style><style:header-footer-properties fo:min-height="0.6cm" fo:margin-top="0.4cm"/></style:footer-style></style:page-layout>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="PL"><style:header><text:p text:style-name="Header">{esc(head)}</text:p></style:header><style:footer><text:p text:style-name="Header"><text:page-number text:select-page="current">1</text:page-number></text:p></style:footer></style:master-page></office:master-styles>
<office:body><office:text>{"".join(body)}</office:text></office:body></office:document>"""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, f"{name}.fodt")
        open(src, "w").write(xml)
        subprocess.run(["soffice", f"-env:UserInstallation=file://{tmp}/profile", "--headless", "--convert-to", "pdf", "--outdir", OUT, src],
                       check=True, capture_output=True)
    flat = []
    for b in blocks:
        b = dict(b)
        if b["kind"] == "sidebar":
            b["text"] = b["parts"][0] + " " + b["parts"][1]
        if b["kind"] == "footnote":
            b["text"] = b["num"] + " " + b["text"]
        flat.append(b)
    n, bad = write_truth(os.path.join(OUT, f"{name}.pdf"), flat, os.path.join(OUT, f"{name}.json"), source, generator, len(widths))
    print(f"{name}: {n} pages, {len(flat)} blocks, {bad} problems")

def attach_notes(blocks):
    last = None
    for b in blocks:
        if b["kind"] == "footnote":
            last.setdefault("notes", []).append(b)
        elif b["kind"] in ("paragraph", "list-item"):
            last = b
    return blocks

LIC = "/usr/share/common-licenses/"

# 1. the rest of GPL 3 in two unequal columns (2:1) with a rule, sans, ragged, sidebar frame, footnotes
g = texts.licence(LIC + "GPL-3")
start = next(i for i, x in enumerate(g) if x["text"].startswith("6. Conveying Non-Source Forms"))
b = [{"kind": "title", "text": "GNU GPL 3, sections 6 to 17"}]
b.append({"kind": "paragraph", "cls": "across", "text": "The second half of the GNU General Public License, version 3, as Debian ships it, in a wide and a narrow column."})
b += g[start:]
b.insert(6, {"kind": "footnote", "num": "1", "text": "A User Product is defined in the paragraph that follows."})
b.insert(9, {"kind": "sidebar", "width": "4.5cm", "parts": ["Object code", "Conveying object code means giving others the compiled form; this part of the licence says what source must go with it."]})
b.insert(25, {"kind": "footnote", "num": "2", "text": "Additional permissions are the subject of section 7."})
b.insert(40, {"kind": "quote", "text": "You may not propagate or modify a covered work except as expressly provided under this License."})
build("gpl3-rest-unequal-two-sans-a4", attach_notes(b), "A4", "Liberation Sans", 9, [2, 1], 20, True, False, "GNU General Public License 3 (continued)",
      "/usr/share/common-licenses/GPL-3: GNU GPL 3 text from section 6 to the end (verbatim copying permitted by its own terms)",
      "LibreOffice Writer 7 (soffice --headless --convert-to pdf) from flat ODT: A4, Liberation Sans 9 pt, a section of 2 unequal columns (2:1), 20 pt gap with a rule, ragged right, title and lead across, numbered clauses with a hanging tab, sidebar frame wrapped in the wide column, footnotes, pull quote, running head, folio")

# 2. MPL 1.1 in three equal justified serif columns, section headings across (a new section each)
b = texts.licence(LIC + "MPL-1.1", 26000)
b[0] = {"kind": "title", "text": "Mozilla Public License, Version 1.1"}
for x in b:
    if x["kind"] == "heading" and re.match(r"^\d+\. ", x["text"]):
        x["cls"] = "across"
b.insert(4, {"kind": "footnote", "num": "1", "text": "Version 1.1 was published in 1999 and was later replaced by version 2.0."})
b.insert(20, {"kind": "caption", "text": "Figure 1. A placeholder drawing for a diagram of the licence's parts."})
b.insert(33, {"kind": "footnote", "num": "2", "text": "The defined terms are capitalised throughout the text."})
build("mpl11-three-serif-letter", attach_notes(b), "Letter", "DejaVu Serif", 8.5, [1, 1, 1], 8, False, True, "MPL 1.1",
      "/usr/share/common-licenses/MPL-1.1: Mozilla Public License 1.1 text, first 26,000 characters (redistributable verbatim)",
      "LibreOffice Writer 7 from flat ODT: Letter, DejaVu Serif 8.5 pt, sections of 3 equal columns, 8 pt gap without a rule, justified with hyphenation, numbered section headings across (each starts a new column section), footnotes, figure with caption, running head, folio")

# 3. changelogs of other packages, two columns on A5, serif, justified
b = [{"kind": "title", "text": "Changes in apt, dpkg and openssl"}]
for pkg in ["apt", "dpkg", "openssl"]:
    if os.path.exists(f"/usr/share/doc/{pkg}/changelog.Debian.gz"):
        b.append({"kind": "heading", "cls": "across", "text": f"{pkg}"})
        b += texts.changelog(pkg, 7)
b.insert(6, {"kind": "sidebar", "width": "3.2cm", "parts": ["Format", "Each entry names the version, the target suite and the urgency, then lists the changes and ends with a signed line."]})
build("changelogs-two-serif-a5", attach_notes(b), "A5", "Liberation Serif", 8, [1, 1], 12, False, True, "Debian changelogs",
      "/usr/share/doc/{apt,dpkg,openssl}/changelog.Debian.gz: Debian changelogs, first seven entries each (licensed with each package: GPL-2+, Apache-2.0)",
      "LibreOffice Writer 7 from flat ODT: A5, Liberation Serif 8 pt, sections of 2 columns, 12 pt gap without a rule, justified, package names across, changelog items as hanging paragraphs, signed trailer lines, sidebar frame, running head, folio")

# 4. rsync and ssh man pages in three unequal columns (narrow, wide, wide) with rules, narrow sans
b = [{"kind": "title", "text": "rsync and ssh"}]
b += [{"kind": "heading", "cls": "across", "text": "rsync(1)"}] + texts.manpage("rsync", 15000)
b += [{"kind": "heading", "cls": "across", "text": "ssh(1)"}] + texts.manpage("ssh", 9000)
b.insert(30, {"kind": "quote", "text": "Copy only what changed, and check that what arrived is what was sent."})
build("man-rsync-ssh-three-unequal-letter", attach_notes(b), "Letter", "Liberation Sans Narrow", 8.5, [2, 3, 3], 14, True, False, "rsync(1), ssh(1)",
      "/usr/share/man/man1/rsync.1.gz (GPL-3+) and ssh.1.gz (OpenSSH, BSD licence), formatted with man -l and col -b",
      "LibreOffice Writer 7 from flat ODT: Letter, Liberation Sans Narrow 8.5 pt, sections of 3 unequal columns (2:3:3), 14 pt gaps with rules, ragged, option lists with a hanging tab, program headings across, pull quote, running head, folio")
