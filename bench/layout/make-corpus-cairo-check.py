#!/usr/bin/python3
"""A check set for column reading order (bench/layout/corpus-cairo-check), run only, never tuned on.

Run with Debian's python: /usr/bin/python3 bench/layout/make-corpus-cairo-check.py
Output: pairs <name>.pdf + <name>.json in the shared format (bench/layout/prose-corpus.ts).

Other layout code than make-corpus-cairo.py: words are measured by Pango one at a time, lines
broken greedily by this script and drawn word by word with cairo (justified by stretching the
spaces), into fixed frames per page: a page template names its frames (columns, a band across
the page, a box) and the text runs from frame to frame in the template's order. Other fonts
(URW and Noto faces) and other texts (Python's module documentation, README files).
"""

import gzip
import json
import os
import re
import sys

import cairo
import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-cairo-check")
S = Pango.SCALE


def points_layout(ctx):
    """A Pango layout whose font sizes are points on the page (Pango's default is 96 dpi)."""
    layout = PangoCairo.create_layout(ctx)
    PangoCairo.context_set_resolution(layout.get_context(), 72)
    layout.context_changed()
    return layout


def clean(s):
    return re.sub(r"\s+", " ", s).strip()


def module_doc(name):
    """A module's documentation as (kind, text): its docstring and its functions' docstrings."""
    import importlib

    m = importlib.import_module(name)
    out = []
    for title, doc in [(name, m.__doc__)] + [
        (f"{name}.{k}", getattr(m, k).__doc__) for k in sorted(dir(m))
        if not k.startswith("_") and callable(getattr(m, k)) and getattr(m, k).__doc__
    ]:
        paras = [clean(p) for p in re.split(r"\n\s*\n", doc or "") if clean(p)]
        paras = [p for p in paras if len(p.split()) >= 12 and not re.search(r">>>|\s{3,}", p)]
        if not paras:
            continue
        out.append(("heading", title))
        out.extend(("paragraph", p) for p in paras[:4])
    return out


def readme(path):
    text = gzip.open(path, "rt", errors="replace").read() if path.endswith(".gz") else open(path, errors="replace").read()
    out = []
    for chunk in re.split(r"\n\s*\n", text):
        t = clean(re.sub(r"[=#*_`-]{3,}", " ", chunk))
        if not re.search(r"[A-Za-z]{3}", t):
            continue
        if len(t.split()) <= 7 and not t.endswith("."):
            out.append(("heading", t.strip("# ")))
        elif re.match(r"^[-*o] ", chunk.strip()):
            out.append(("list-item", t[2:]))
        elif len(t.split()) >= 8:
            out.append(("paragraph", t))
    return out


def limit(blocks, words):
    out, n = [], 0
    for b in blocks:
        if n > words:
            break
        out.append(b)
        n += len(b[1].split())
    while out and out[-1][0] == "heading":
        out.pop()
    return out


class Setter:
    def __init__(self, ctx):
        self.ctx = ctx
        self.cache = {}

    def width(self, word, font):
        key = (word, font)
        if key not in self.cache:
            layout = points_layout(self.ctx)
            layout.set_font_description(Pango.FontDescription.from_string(font))
            layout.set_text(word, -1)
            self.cache[key] = layout.get_extents()[1].width / S
        return self.cache[key]

    def wrap(self, text, font, size, width, first_indent=0.0):
        words = text.split()
        space = self.width("a b", font) - self.width("ab", font)
        lines, cur, w = [], [], first_indent
        for word in words:
            ww = self.width(word, font)
            if cur and w + space + ww > width:
                lines.append(cur)
                cur, w = [], 0.0
            w += (space if cur else 0) + ww
            cur.append(word)
        if cur:
            lines.append(cur)
        return lines, space

    def draw_line(self, words, font, x, y, width, space, justify):
        ws = [self.width(w, font) for w in words]
        gap = space
        if justify and len(words) > 1:
            gap = (width - sum(ws)) / (len(words) - 1)
        for w, wd in zip(words, ws):
            layout = points_layout(self.ctx)
            layout.set_font_description(Pango.FontDescription.from_string(font))
            layout.set_text(w, -1)
            self.ctx.move_to(x, y - layout.get_baseline() / S)
            PangoCairo.show_layout(self.ctx, layout)
            x += wd + gap


def build(name, source, describe, page, frames_for, font, size, texts, justify, extras, head):
    """frames_for(page) -> list of (kind, x, y, w, h): 'col' frames take the text in order."""
    os.makedirs(OUT, exist_ok=True)
    W, H = page
    surface = cairo.PDFSurface(os.path.join(OUT, name + ".pdf"), W, H)
    ctx = cairo.Context(surface)
    st = Setter(ctx)
    lead = size * 1.3
    truth = []
    queue = [(k, t) for k, t in texts]
    # Extras (a quote or a figure caption) go after every so many blocks.
    for at, extra in sorted(extras, reverse=True):
        queue.insert(min(at, len(queue)), extra)
    pno = 0
    pending = None  # (kind, lines left, font, size, justify, started)
    while queue or pending:
        pno += 1
        frames = frames_for(pno)
        for fk, fx, fy, fw, fh in frames:
            if fk == "band":
                # A band across the page: the next title or lead paragraph, if any waits.
                y = fy
                while queue and queue[0][0] in ("title", "lead"):
                    k, t = queue.pop(0)
                    f = f"{font} Bold {size * 2.4}" if k == "title" else f"{font} Italic {size * 1.35}"
                    fs = size * (2.4 if k == "title" else 1.35)
                    lines, sp = st.wrap(t, f, fs, fw)
                    y += fs
                    for ln in lines:
                        st.draw_line(ln, f, fx, y, fw, sp, False)
                        y += fs * 1.2
                    truth.append({"page": pno, "kind": "title" if k == "title" else "paragraph", "text": t})
                continue
            y = fy
            bottom = fy + fh
            while queue or pending:
                if pending is None:
                    k, t = queue.pop(0)
                    if k in ("title", "lead"):
                        queue.insert(0, (k, t))
                        break
                    f = {"heading": f"{font} Bold {size * 1.15}", "quote": f"{font} Italic {size * 1.45}",
                         "caption": f"{font} Italic {size * 0.85}"}.get(k, f"{font} {size}")
                    fs = size * {"heading": 1.15, "quote": 1.45, "caption": 0.85}.get(k, 1)
                    text = ("– " + t) if k == "list-item" else t
                    lines, sp = st.wrap(text, f, fs, fw - (8 if k == "list-item" else 0))
                    before = {"heading": 1.2, "quote": 1.0, "caption": 0.8}.get(k, 0.6) * size
                    plate = 80 if k == "caption" else 0
                    keep = k in ("heading", "quote", "caption")
                    need = before * (y > fy) + plate + (len(lines) if keep else 1) * fs * 1.3 + (2 * lead if k == "heading" else 0)
                    if y + need > bottom and y > fy:
                        queue.insert(0, (k, t))
                        break
                    y += before if y > fy else 0
                    if plate:
                        ctx.set_source_rgb(0.7, 0.7, 0.7)
                        ctx.rectangle(fx, y, fw, plate - 6)
                        ctx.fill()
                        ctx.set_source_rgb(0, 0, 0)
                        y += plate
                    truth.append({"page": pno, "kind": k, "text": t})
                    pending = [k, lines, f, fs, sp]
                k, lines, f, fs, sp = pending
                while lines and y + fs * 1.3 <= bottom + 0.1:
                    ln = lines.pop(0)
                    last = not lines
                    x = fx + (8 if k == "list-item" and ln[0] != "–" else 0)
                    st.draw_line(ln, f, x, y + fs, fw - (x - fx), sp, justify and not last and k != "heading")
                    y += fs * 1.3
                if lines:
                    break  # the frame is full: the paragraph goes on in the next one
                pending = None
        if head:
            ctx.set_font_size(7)
            lay = points_layout(ctx)
            lay.set_font_description(Pango.FontDescription.from_string(f"{font} 7"))
            lay.set_text(f"{head}   {pno}", -1)
            ctx.move_to(frames[0][1], 30)
            PangoCairo.show_layout(ctx, lay)
        ctx.show_page()
        if pno > 12:
            sys.exit(f"{name}: runaway")
    surface.finish()
    cols = max(sum(1 for f in frames_for(2) if f[0] == "col" and abs(f[2] - frames_for(2)[0][2]) < 1), 1)
    with open(os.path.join(OUT, name + ".json"), "w", encoding="utf8") as fh:
        json.dump({"source": source, "generator": "pycairo + Pango, word by word (bench/layout/make-corpus-cairo-check.py): " + describe,
                   "columns": cols, "pages": pno, "blocks": truth}, fh, indent=2, ensure_ascii=False)
        fh.write("\n")
    print(f"{name}: {pno} pages, {len(truth)} blocks")


def grid(W, H, n, gutter, top=56, bottom=56, side=50, band=0):
    """Frames of n columns, under a band of `band` points across the page on page 1."""
    cw = (W - 2 * side - (n - 1) * gutter) / n

    def frames(p):
        out = []
        t = top
        if p == 1 and band:
            out.append(("band", side, top, W - 2 * side, band))
            t = top + band
        out += [("col", side + c * (cw + gutter), t, cw, H - bottom - t) for c in range(n)]
        return out
    return frames


def main():
    A4, LET = (595, 842), (612, 792)
    docs = []
    t1 = limit(module_doc("argparse"), 2200)
    docs.append(("argparse-two-p052", "Python 3.11 argparse docstrings (PSF licence)", "A4, P052 9.5 pt justified, 2 columns, 10 pt gutter, title band",
                 A4, grid(595, 842, 2, 10, band=70), "P052", 9.5, [("title", "Parsing Command Lines")] + t1, True,
                 [(6, ("quote", "A parser holds the arguments it knows and reads the command line into a namespace.")), (14, ("caption", "Figure 1. The options a program declares, and the help they print."))], "Python Notes"))
    t2 = limit(readme("/usr/share/doc/bash/README.gz") + readme("/usr/share/doc/apt/README.md.gz"), 3400)
    docs.append(("bash-readme-three-nimbus", "bash and apt READMEs (GPL-3, GPL-2)", "Letter, Nimbus Sans 8.5 pt ragged, 3 columns, 13 pt gutter",
                 LET, grid(612, 792, 3, 13, band=60), "Nimbus Sans", 8.5, [("title", "Bourne Again")] + t2, False,
                 [(8, ("quote", "The shell is both a command interpreter and a programming language of its own."))], "Shell Monthly"))
    t3 = limit(module_doc("textwrap") + module_doc("difflib") + module_doc("csv") + module_doc("string"), 6000)
    docs.append(("textwrap-difflib-four-noto", "Python 3.11 textwrap, difflib, csv and string docstrings (PSF licence)", "Tabloid, Noto Serif 8 pt justified, 4 columns, 9 pt gutter",
                 (792, 1224), grid(792, 1224, 4, 9, band=110), "Noto Serif", 8, [("title", "Text in, Text out"), ("lead", "How the standard library wraps lines of text and compares sequences, from its own documentation.")] + t3, True,
                 [(10, ("caption", "Figure 1. Lines wrapped at two widths.")), (20, ("quote", "A difference is a list of the lines that must change to turn one text into the other."))], "Library Review"))
    t4 = limit(module_doc("heapq") + module_doc("bisect") + module_doc("functools"), 2000)
    docs.append(("heapq-two-wide-bookman", "Python 3.11 heapq, bisect and functools docstrings (PSF licence)", "A4, URW Bookman 9 pt ragged, 2 columns, 28 pt gutter",
                 A4, grid(595, 842, 2, 28), "URW Bookman", 9, t4, False, [(9, ("quote", "A heap keeps its smallest item first, whatever order the others come in."))], None))
    t5 = limit(readme("/usr/share/doc/coreutils/README.gz"), 2400)
    docs.append(("coreutils-three-narrow-gothic", "coreutils README (GPL-3)", "A4, URW Gothic 8.5 pt justified, 3 columns, 8 pt gutter",
                 A4, grid(595, 842, 3, 8, band=56), "URW Gothic", 8.5, [("title", "Core Utilities")] + t5, True,
                 [(7, ("caption", "Figure 1. Where each utility reads its input.")), (15, ("quote", "Each program does one thing, and reads and writes plain text."))], "Tools"))
    t6 = limit(module_doc("logging") + module_doc("shutil"), 2400)
    docs.append(("logging-three-schoolbook", "Python 3.11 logging and shutil docstrings (PSF licence)", "Letter, Noto Sans 9 pt justified, 3 columns, 12 pt gutter",
                 LET, grid(612, 792, 3, 12, band=64), "Noto Sans", 9, [("title", "Logs and Files")] + t6, True, [], "Notes"))
    for d in docs:
        if len(sys.argv) < 2 or d[0] in sys.argv[1:]:
            build(*d)


main()
