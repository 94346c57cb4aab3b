"""Documents typeset by groff with the ms macros (.2C / .MC columns), PDF by groff's own -Tpdf
driver or by -Tps piped to ghostscript's ps2pdf.

Each block is emitted with a `.tm QBLK <n> <page>` request placed right before its first text
line, after the macro that spaces it: groff reports the page on which the block's first line is
set (a page break happens only after a line that crosses the trap, so nothing moves the block
between the report and its first line).
"""

import os
import re
import subprocess
import sys

import texts
from common import OUT, footnotes_after_page_body, write_truth


def esc(text):
    """Text as one groff input line: backslashes escaped, no control character at the start."""
    return "\\&" + text.replace("\\", "\\e")


class Ms:
    def __init__(self, setup):
        self.src = [setup]
        self.blocks = []
        self.opts = ""
        self.ps2pdf = ""

    def mark(self, kind, text, page_hint=None):
        self.src.append(f".tm QBLK {len(self.blocks)} \\n%")
        self.blocks.append({"kind": kind, "text": text, "page": None})

    def title(self, text):
        self.src.append(".TL")
        self.mark("title", text)
        self.src.append(esc(text))

    def heading(self, text, numbered=False):
        self.src.append(".SH")
        self.mark("heading", text)
        self.src.append(esc(text))

    def para(self, text, first=False, note=None):
        self.src.append(".LP" if first else ".PP")
        self.mark("paragraph", text)
        self.src.append(esc(text))
        if note:
            self.footnote(note)

    def footnote(self, text):
        # the footnote's label is the first character of its text (*, † ...); the body text
        # carries the same mark glued to a word
        self.src.append(f".FS {text[0]}")
        self.mark("footnote", text)
        self.src.append(esc(text[1:].strip()))
        self.src.append(".FE")

    def item(self, text, label="\\(bu", width="1.5m"):
        self.src.append(f".IP {label} {width}")
        self.mark("list-item", text)
        body = text
        if label != "\\(bu":
            body = text[len(label):].strip()
        self.src.append(esc(body))

    def pull_quote(self, text):
        # set apart inside the column: rules above and below, larger italic, indented
        self.src.append(".sp .4\n.ne 6\n.LP\n\\l'\\n(.lu'\n.QP")
        self.mark("quote", text)
        self.src.append("\\s+2\\fI" + esc(text) + "\\fP\\s-2")
        self.src.append(".LP\n\\l'\\n(.lu'\n.sp .4")

    def figure(self, caption, height="1.1i"):
        # a drawn box stands for the figure; the caption is kept on the same page by .ne
        self.src.append(f".sp .5\n.ne {height}+4v\n.LP")
        self.src.append(f".PS\nbox wid 2.7 ht {height.rstrip('i')}\n.PE")
        self.src.append(".LP")
        self.mark("caption", caption)
        self.src.append("\\s-1" + esc(caption) + "\\s+1")

    def raw(self, s):
        self.src.append(s)

    def build(self, name, device="pdf", columns=2, source="", generator=""):
        path = os.path.join(OUT, name)
        with open(path + ".ms", "w", encoding="utf-8") as f:
            f.write("\n".join(self.src) + "\n")
        if device == "pdf":
            cmd = f"groff -k -p -ms -Tpdf {self.opts} {path}.ms > {path}.pdf"
        else:
            cmd = f"groff -k -p -ms -Tps {self.opts} {path}.ms | ps2pdf {self.ps2pdf} - {path}.pdf"
        res = subprocess.run(cmd, shell=True, capture_output=True, text=True)
        if res.returncode:
            sys.exit(res.stderr)
        os.remove(path + ".ms")
        for line in (res.stderr + res.stdout).splitlines():
            m = re.match(r"^QBLK (\d+) (\d+)$", line.strip())
            if m:
                self.blocks[int(m.group(1))]["page"] = int(m.group(2))
            elif line.strip():
                print(f"{name}: groff says: {line}", file=sys.stderr)
        missing = [b for b in self.blocks if b["page"] is None]
        if missing:
            sys.exit(f"{name}: no page for {missing[0]}")
        write_truth(name, source, generator, columns, footnotes_after_page_body(self.blocks))


def setup(ps, vs, family, page, po, ll, extra=""):
    """ms registers; page is 'letter' or 'a4'."""
    pl = "11i" if page == "letter" else "29.7c"
    return "\n".join(
        [
            f".nr PS {ps}",
            f".nr VS {vs}",
            f".ds FAM {family}",
            f".fam {family}",
            f".pl {pl}",
            f".nr PO {po}",
            f".nr LL {ll}",
            ".nr HM 0.9i",
            ".nr FM 0.9i",
            extra,
        ]
    )


def paper(page):
    return "-dpaper=a4 -P-pa4" if page == "a4" else "-dpaper=letter -P-pletter"


def add(doc, blocks, numbered_items=False):
    """Typeset text blocks as they come; list items carry their own label when numbered."""
    for kind, text in blocks:
        if kind == "title":
            doc.heading(text)
        elif kind == "heading":
            doc.heading(text)
        elif kind == "list-item":
            label = texts.label_of(text)
            if label:
                doc.item(text, label=label, width=4)
            else:
                doc.item(text)
        else:
            doc.para(text)


def gpl3():
    name = "gpl3-ms-times-2col"
    blocks = texts.licence("GPL-3")
    end = next(i for i, b in enumerate(blocks) if b[1].startswith("7. Additional Terms"))
    blocks = blocks[:end]
    doc = Ms(
        setup(10, 12, "T", "letter", "1i", "6.5i")
        + "\n.ds LH GNU General Public License\n.ds CH\n.ds RH Version 3\n.ds CF \\\\n%\n"
    )
    doc.opts = paper("letter")
    doc.title(blocks[0][1])
    doc.raw(".2C")
    for i, (kind, text) in enumerate(blocks[1:], start=1):
        if kind != "paragraph":
            add(doc, [(kind, text)])
        elif text.startswith("Developers that use the GNU GPL"):
            doc.para(text.replace("two steps:", "two steps:*"),
                     note="* The wording is that of the licence file shipped by Debian 12 "
                     "in /usr/share/common-licenses/GPL-3.")
        else:
            doc.para(text)
    doc.build(
        name,
        source="GNU General Public License version 3, preamble and sections 0-6, from "
        "/usr/share/common-licenses/GPL-3 (verbatim copying permitted by the FSF)",
        generator="groff 1.22.4 -ms -Tpdf: title across the page, then .2C two columns; Times "
        "10/12 pt, justified and hyphenated, US Letter, .SH headings inside the columns, running "
        "head and page number foot, one footnote",
    )


def apache():
    name = "apache-ms-helvetica-3col"
    blocks = texts.licence("Apache-2.0")
    end = next(i for i, b in enumerate(blocks) if b[1].startswith("END OF TERMS"))
    blocks = blocks[: end + 1]
    doc = Ms(
        setup(9, 10.5, "H", "a4", "0.7i", "6.87i", ".na")
        + "\n.ds LH\n.ds CH\n.ds RH\n.ds LF Apache License 2.0\n.ds CF\n.ds RF page \\\\n%\n"
    )
    doc.opts = paper("a4")
    doc.title(blocks[0][1])
    doc.raw(".MC 2.21i 0.12i")
    add(doc, blocks[1:])
    doc.build(
        name,
        source="Apache License 2.0, terms and conditions, from /usr/share/common-licenses/Apache-2.0 "
        "(the licence text may be reproduced verbatim)",
        columns=3,
        generator="groff 1.22.4 -ms -Tpdf: title across the page, then .MC three columns with a "
        "narrow 0.12 in gutter; Helvetica 9/10.5 pt, ragged right and hyphenated, A4; numbered "
        "clauses as paragraphs, (a)-(d) items as .IP, running foot with page number",
    )


def changelog():
    name = "changelog-ms-palatino-2col"
    blocks = texts.changelog("ghostscript", 40)
    doc = Ms(
        setup(9, 11, "P", "a4", "0.8i", "6.67i")
        + "\n.ds LH ghostscript (Debian)\n.ds CH changelog\n.ds RH \\\\n%\n.ds CF\n.nr PD 0.5v\n"
    )
    doc.opts = paper("a4")
    doc.title("Debian changelog of ghostscript")
    doc.raw(".2C\n.nr GW 0.5i")
    add(doc, blocks)
    doc.build(
        name,
        source="Debian changelog of the ghostscript package (/usr/share/doc/ghostscript/changelog.Debian.gz, "
        "packaging files under GPL-3+ per /usr/share/doc/ghostscript/copyright), first 40 entries",
        generator="groff 1.22.4 -ms -Tpdf: title, .2C two columns with a 0.5 in gutter; Palatino "
        "9/11 pt, justified and hyphenated, A4; each release a bold .SH heading, changes as "
        "bulleted .IP items, sign-off lines as paragraphs; running head with page number",
        columns=2,
    )


def moby():
    name = "moby-dick-ms-bookman-2col"
    blocks = texts.gutenberg("moby-dick-ch1-3.txt")
    doc = Ms(
        setup(10.5, 13, "BM", "letter", "0.9i", "6.7i")
        + "\n.ds LH Moby-Dick\n.ds CH\n.ds RH Herman Melville\n.ds LF\n.ds CF \\\\n%\n.ds RF\n.nr GW 0.35i\n"
    )
    doc.opts = paper("letter")
    doc.ps2pdf = "-sPAPERSIZE=letter"
    doc.title("Moby-Dick; or, The Whale")
    doc.raw(".2C")
    n = 0
    for kind, text in blocks:
        if kind == "heading":
            doc.heading(text)
            continue
        n += 1
        if n == 3:
            doc.para(text)
            doc.pull_quote("Meditation and water are wedded for ever.")
        elif n == 6:
            doc.para(text.replace(". ", ".* ", 1),
                     note="* Excerpt from chapters 1 and 2 of Project Gutenberg eBook 2701.")
        elif n == 9:
            doc.figure("Figure 1. A box drawn by pic stands where an engraving of the "
                       "Manhattoes waterfront would be set.")
            doc.para(text)
        else:
            doc.para(text)
    doc.build(
        name,
        device="ps",
        source=texts.GUTENBERG.format(n=2701, title="Herman Melville, Moby-Dick", file="pg2701.txt")
        + "; chapters 1-2",
        generator="groff 1.22.4 -ms -Tps | ps2pdf (ghostscript): title across the page, .2C two "
        "columns with a 0.35 in gutter; Bookman 10.5/13 pt, justified and hyphenated, US Letter; "
        "chapter headings in the columns, a pull quote between paragraphs (ruled, larger italic), a "
        "pic box as a figure with caption, one footnote, running head and page-number foot",
    )


def lgpl():
    name = "lgpl21-ms-courier-3col"
    blocks = texts.licence("LGPL-2.1")
    end = next(i for i, b in enumerate(blocks) if b[1].startswith("8. "))
    blocks = blocks[:end]
    doc = Ms(
        setup(8, 9.5, "C", "letter", "0.6i", "7.3i", ".na")
        + "\n.ds LH GNU LGPL 2.1\n.ds CH\n.ds RH\n.ds LF\n.ds CF -\\\\n%-\n.ds RF\n"
    )
    doc.opts = paper("letter")
    doc.ps2pdf = "-sPAPERSIZE=letter"
    doc.title(blocks[0][1])
    doc.raw(".MC 2.3i 0.2i")
    add(doc, blocks[1:])
    doc.build(
        name,
        device="ps",
        columns=3,
        source="GNU Lesser General Public License 2.1, preamble and sections 0-7, from "
        "/usr/share/common-licenses/LGPL-2.1 (verbatim copying permitted by the FSF)",
        generator="groff 1.22.4 -ms -Tps | ps2pdf (ghostscript): title across the page, .MC three "
        "columns with a 0.2 in gutter; Courier 8/9.5 pt, ragged right with hyphenation, US Letter; "
        "numbered sections as paragraphs, lettered items as .IP, centred page number foot",
    )


if __name__ == "__main__":
    for make in (gpl3, apache, changelog, moby, lgpl):
        make()
