#!/usr/bin/python3
"""A prose corpus set line by line with Pango and drawn by cairo (bench/layout/corpus-cairo).

Run with Debian's python (it has pycairo and Pango): /usr/bin/python3 bench/layout/make-corpus-cairo.py
Output: pairs <name>.pdf + <name>.json in the shared format (bench/layout/prose-corpus.ts).

Each block is broken into lines by Pango at its column's width (justified or ragged), and the
lines are poured into columns by this script: a region of columns runs until an element set
across the page (a title, a figure, a pull quote, a spanning heading), where the columns above
are balanced and the columns start again below it. Headings, lists, pull quotes, tinted sidebars
and grey figures with captions stand inside a column; footnotes at the foot of some pages;
running heads and folios are furniture (not in the truth). The truth's page of a block is the
page where its first line is drawn.
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

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus-cairo")
LICENCES = "/usr/share/common-licenses"
S = Pango.SCALE


def points_layout(ctx):
    """A Pango layout whose font sizes are points on the page (Pango's default is 96 dpi)."""
    layout = PangoCairo.create_layout(ctx)
    PangoCairo.context_set_resolution(layout.get_context(), 72)
    layout.context_changed()
    return layout


# ---- texts ----

def clean(s):
    return re.sub(r"\s+", " ", s).strip()


def nwords(s):
    return len(s.split())


def cut(text, most=130):
    if nwords(text) <= most:
        return [text]
    out, cur = [], ""
    for s in re.findall(r"[^.!?]+[.!?]+(?:\s|$)|[^.!?]+$", text):
        if cur and nwords(cur) + nwords(s) > most:
            out.append(clean(cur))
            cur = ""
        cur += s
    if clean(cur):
        out.append(clean(cur))
    return out


def licence(file, skip=0):
    out = []
    chunks = re.split(r"\n\s*\n", open(os.path.join(LICENCES, file), encoding="utf8").read())
    for chunk in chunks[skip:]:
        text = clean(re.sub(r"[=_*-]{4,}", " ", chunk))
        if not text or not re.search(r"[A-Za-z]{2}", text):
            continue
        if nwords(text) <= 9 and not re.search(r"[.,;:]$", text):
            out.append(("heading", text))
        elif re.match(r"^(\(?[a-z0-9]{1,2}\)|\d{1,2}(\.\d{1,2})*\.)\s", text) and nwords(text) > 9:
            out.extend(("list-item", t) for t in cut(text, 90)[:1])
        elif re.match(r"^\d{1,2}(\.\d{1,2})*\.\s", text) and nwords(text) <= 12:
            out.append(("heading", text))
        else:
            out.extend(("paragraph", t) for t in cut(text))
    return out


def changelog(file, entries):
    out, item, n = [], None, 0
    text = gzip.open(file, "rt", encoding="utf8", errors="replace").read()

    def flush():
        nonlocal item
        if item:
            out.append(("list-item", clean(item)))
        item = None

    for line in text.split("\n"):
        if re.match(r"^\S.*\(.*\)", line):
            flush()
            n += 1
            if n > entries:
                break
            out.append(("heading", clean(line)))
        elif re.match(r"^\s{2,4}\*\s", line):
            flush()
            item = re.sub(r"^\s*\*\s", "", line)
        elif line.startswith(" -- "):
            flush()
            out.append(("paragraph", clean("This upload was prepared and signed by " + line[4:] + ".")))
        elif re.match(r"^\s+\S", line) and item is not None and not re.match(r"^\s*\[", line):
            item += " " + line.strip()
        else:
            flush()
    flush()
    return [b for b in out if re.search(r"[A-Za-z]{2}", b[1]) and nwords(b[1]) >= 3]


def take(blocks, max_words):
    out, n = [], 0
    for b in blocks:
        if n >= max_words:
            break
        out.append(b)
        n += nwords(b[1])
    while out and out[-1][0] == "heading":
        out.pop()
    return out


def sentences(blocks, count, lo=9, hi=24):
    out = []
    for kind, text in blocks:
        if kind != "paragraph":
            continue
        for s in re.findall(r"[A-Z][^.!?]+[.!?]", text):
            if lo <= nwords(s) <= hi:
                out.append(clean(s))
    step = max(1, len(out) // max(1, count))
    return out[::step][:count]


# ---- setting ----

class Style:
    def __init__(self, face, size, lead=1.25, justify=False, align="left", indent=0.0, hang=0.0,
                 before=0.0, grey=0.0):
        self.face, self.size, self.lead = face, size, lead
        self.justify, self.align, self.indent, self.hang = justify, align, indent, hang
        self.before, self.grey = before, grey


def set_lines(ctx, text, style, width):
    """The text broken into lines at this width: (pango line, x offset, pitch, ascent)."""
    layout = points_layout(ctx)
    layout.set_font_description(Pango.FontDescription.from_string(f"{style.face} {style.size}"))
    layout.set_width(int((width - style.hang) * S))
    layout.set_wrap(Pango.WrapMode.WORD_CHAR)
    layout.set_justify(style.justify)
    layout.set_alignment({"left": Pango.Alignment.LEFT, "center": Pango.Alignment.CENTER}[style.align])
    if style.indent:
        layout.set_indent(int(style.indent * S))
    layout.set_text(text, -1)
    it = layout.get_iter()
    lines = []
    while True:
        _ink, logical = it.get_line_extents()
        base = it.get_baseline()
        lines.append((it.get_line_readonly(), logical.x / S + style.hang, style.size * style.lead,
                      (base - logical.y) / S))
        if not it.next_line():
            break
    return layout, lines


class Block:
    """One thing poured into a column (lines of text, a figure, a box) or set across the page."""

    def __init__(self, kind, text, style, span=False, keep=False, figure=0.0, box=None, truth=None):
        self.kind, self.text, self.style, self.span, self.keep = kind, text, style, span, keep
        self.figure = figure  # height of a grey plate drawn above the text (a figure's caption)
        self.box = box  # a sidebar: a list of (kind, text, style) set in a tinted box
        self.truth = truth if truth is not None else [(kind, text)]
        self.pages = {}


class Doc:
    def __init__(self, name, source, describe, page, margins, columns, gutter, body, blocks,
                 head=None, folio="centre", footnotes=None, balance_end=False):
        self.name, self.source, self.describe = name, source, describe
        self.W, self.H = page
        self.mt, self.mb, self.ml, self.mr = margins
        self.columns, self.gutter, self.body, self.blocks = columns, gutter, body, blocks
        self.head, self.folio = head, folio
        self.footnotes = footnotes or {}  # page -> list of texts
        self.balance_end = balance_end


def col_width(d):
    return (d.W - d.ml - d.mr - (d.columns - 1) * d.gutter) / d.columns


def measure(ctx, d, b, width):
    """The pieces of a block: a list of (height, draw(x, y), truth index or None) to pour."""
    pieces = []
    if b.box is not None:
        pad = 6
        inner = []
        for i, (k, t, st) in enumerate(b.box):
            _l, lines = set_lines(ctx, t, st, width - 2 * pad)
            inner.append((st.before if i else 0, lines, i))
        h = 2 * pad + sum(bf + sum(p for _, _, p, _ in ls) for bf, ls, _ in inner)

        def draw(x, y, inner=inner, h=h, pad=pad, b=b):
            ctx.set_source_rgb(0.88, 0.9, 0.93)
            ctx.rectangle(x, y, width, h)
            ctx.fill()
            ctx.set_source_rgb(0, 0, 0)
            yy = y + pad
            for bf, ls, i in inner:
                yy += bf
                b.pages.setdefault(i, d.page_no)
                for line, lx, pitch, asc in ls:
                    ctx.move_to(x + pad + lx, yy + asc)
                    PangoCairo.show_layout_line(ctx, line)
                    yy += pitch

        return [(h, draw)]
    if b.figure:
        def plate(x, y, h=b.figure):
            ctx.set_source_rgb(0.72, 0.72, 0.72)
            ctx.rectangle(x, y, width, h - 4)
            ctx.fill()
            ctx.set_source_rgb(0.55, 0.55, 0.55)
            ctx.rectangle(x + width * 0.15, y + h * 0.3, width * 0.25, h * 0.5)
            ctx.fill()
            ctx.set_source_rgb(0, 0, 0)
        pieces.append((b.figure, plate))
    _l, lines = set_lines(ctx, b.text, b.style, width)
    for n, (line, lx, pitch, asc) in enumerate(lines):
        def draw(x, y, line=line, lx=lx, asc=asc, n=n, b=b):
            if n == 0:
                b.pages.setdefault(0, d.page_no)
            ctx.set_source_rgb(b.style.grey, b.style.grey, b.style.grey)
            ctx.move_to(x + lx, y + asc)
            PangoCairo.show_layout_line(ctx, line)
            ctx.set_source_rgb(0, 0, 0)
        pieces.append((pitch, draw))
    if b.figure:
        # The plate and its caption are kept together.
        h = sum(p for p, _ in pieces)
        fns = [f for _, f in pieces]

        def both(x, y, fns=fns, pieces=list(pieces)):
            yy = y
            for (p, _), f in zip(pieces, fns):
                f(x, yy)
                yy += p
        return [(h, both)]
    if b.keep:
        h = sum(p for p, _ in pieces)
        fns = list(pieces)

        def whole(x, y, fns=fns):
            yy = y
            for p, f in fns:
                f(x, yy)
                yy += p
        return [(h, whole)]
    return pieces


def pour(queue, ncols, height, width, d, draw_at=None):
    """Pours queued (before, pieces, keep_with_next) into ncols columns of this height; draws when
    draw_at=(x0, y0). Returns how many pieces were placed (a count over the flattened queue)."""
    col, y, placed = 0, 0.0, 0
    flat = []
    for bi, (before, pieces, kwn) in enumerate(queue):
        for pi, piece in enumerate(pieces):
            flat.append((before if pi == 0 else 0.0, piece, kwn and pi == len(pieces) - 1, pi == 0))
    i = 0
    while i < len(flat):
        before, (h, fn), kwn, first = flat[i]
        gap = before if y > 0 else 0.0
        need = h + (flat[i + 1][1][0] * 2 if kwn and i + 1 < len(flat) else 0)
        if y + gap + need > height + 0.01 and y > 0:
            col += 1
            y = 0.0
            if col >= ncols:
                return placed
            continue
        if y + gap + h > height + 0.01:
            return placed  # one piece taller than a column
        y += gap
        if draw_at:
            fn(draw_at[0] + col * (width + d.gutter), draw_at[1] + y)
        y += h
        placed += 1
        i += 1
    return placed


def flatten_take(queue, n):
    """The queue with its first n pieces removed."""
    out = []
    for before, pieces, kwn in queue:
        if n >= len(pieces):
            n -= len(pieces)
            continue
        out.append((before if n == 0 else 0.0, pieces[n:], kwn))
        n = 0
    return out


def total(queue):
    return sum(len(p) for _, p, _ in queue)


def render(d):
    os.makedirs(OUT, exist_ok=True)
    pdf = os.path.join(OUT, d.name + ".pdf")
    surface = cairo.PDFSurface(pdf, d.W, d.H)
    ctx = cairo.Context(surface)
    width = col_width(d)
    full = d.W - d.ml - d.mr
    d.page_no = 1
    foot_style = Style(d.body.face, round(d.body.size * 0.8, 1), 1.2)

    def furniture():
        if d.head:
            _l, ls = set_lines(ctx, d.head, Style(d.body.face, 7.5), full)
            line, lx, pitch, asc = ls[0]
            ctx.move_to(d.ml + lx, d.mt - 16 + asc - pitch)
            PangoCairo.show_layout_line(ctx, line)
        if d.folio:
            t = str(d.page_no)
            st = Style(d.body.face, 8, align="center")
            _l, ls = set_lines(ctx, t, st, full)
            line, lx, pitch, asc = ls[0]
            x = d.ml + lx if d.folio == "centre" else (d.W - d.mr - 10 if d.page_no % 2 == 0 else d.ml)
            ctx.move_to(x if d.folio != "centre" else d.ml + lx, d.H - d.mb + 18 + asc)
            PangoCairo.show_layout_line(ctx, line)

    def footnote_height(p):
        notes = d.footnotes.get(p, [])
        if not notes:
            return 0.0, []
        sets = [set_lines(ctx, t, foot_style, full)[1] for t in notes]
        return 10 + sum(sum(pitch for _, _, pitch, _ in ls) + 3 for ls in sets), sets

    def draw_footnotes(p):
        h, sets = footnote_height(p)
        if not h:
            return
        y = d.H - d.mb - h
        ctx.set_line_width(0.5)
        ctx.move_to(d.ml, y + 4)
        ctx.line_to(d.ml + 72, y + 4)
        ctx.stroke()
        y += 10
        for ls in sets:
            for line, lx, pitch, asc in ls:
                ctx.move_to(d.ml + lx, y + asc)
                PangoCairo.show_layout_line(ctx, line)
                y += pitch
            y += 3

    y = d.mt
    bottom = d.H - d.mb - footnote_height(1)[0]
    queue = []  # column blocks waiting to be poured

    def new_page():
        nonlocal y, bottom
        draw_footnotes(d.page_no)
        furniture()
        ctx.show_page()
        d.page_no += 1
        y = d.mt
        bottom = d.H - d.mb - footnote_height(d.page_no)[0]

    def flush(balance):
        """Pours the queued column blocks: balanced above a spanning element, else filling pages."""
        nonlocal queue, y
        while queue:
            room = bottom - y
            n = total(queue)
            fits = pour(queue, d.columns, room, width, d) == n
            if fits and balance:
                lo, hi = 0.0, room
                while hi - lo > 0.5:
                    mid = (lo + hi) / 2
                    if pour(queue, d.columns, mid, width, d) == n:
                        hi = mid
                    else:
                        lo = mid
                pour(queue, d.columns, hi, width, d, (d.ml, y))
                y += hi
                queue = []
                return
            if fits:
                pour(queue, d.columns, room, width, d, (d.ml, y))
                # The last page's columns end where their text does (unequal lengths).
                queue = []
                return
            k = pour(queue, d.columns, room, width, d, (d.ml, y))
            queue = flatten_take(queue, k)
            new_page()

    for b in d.blocks:
        if b.span:
            flush(True)
            pieces = measure(ctx, d, b, full)
            h = sum(p for p, _ in pieces)
            gap = b.style.before if y > d.mt else 0
            if y + gap + h > bottom:
                new_page()
                gap = 0
            y += gap
            for p, fn in pieces:
                fn(d.ml, y)
                y += p
            y += b.style.before * 0.6
            continue
        w = width
        pieces = measure(ctx, d, b, w)
        queue.append((b.style.before, pieces, b.kind == "heading"))
    flush(d.balance_end)
    draw_footnotes(d.page_no)
    furniture()
    surface.finish()
    pages = d.page_no
    # Truth: blocks in the order of the text, footnotes after their page's body.
    out = []
    for b in d.blocks:
        for i, (k, t) in enumerate(b.truth):
            out.append({"page": b.pages.get(i, b.pages.get(0, 0)), "kind": k, "text": t})
    for p in sorted(d.footnotes):
        if p > pages:
            continue
        at = max([i + 1 for i, o in enumerate(out) if o["page"] <= p] or [0])
        for t in reversed(d.footnotes[p]):
            out.insert(at, {"page": p, "kind": "footnote", "text": t})
    missing = [o for o in out if o["page"] == 0]
    if missing:
        sys.exit(f"{d.name}: blocks never drawn: {missing[:2]}")
    truth = {"source": d.source, "generator": "pycairo + Pango (bench/layout/make-corpus-cairo.py): " + d.describe,
             "columns": d.columns, "pages": pages, "blocks": out}
    with open(os.path.join(OUT, d.name + ".json"), "w", encoding="utf8") as f:
        json.dump(truth, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"{d.name}: {pages} pages, {len(out)} blocks")


# ---- documents ----

def styles(face, size, justify, indent_mode, sans_heads=None):
    hface = sans_heads or face
    para = Style(face, size, 1.25, justify, indent=(1.5 * size if indent_mode == "indent" else 0),
                 before=(0 if indent_mode == "indent" else 0.7 * size))
    return {
        "paragraph": para,
        "first": Style(face, size, 1.25, justify, before=0.7 * size),
        "heading": Style(f"{hface} Bold", round(size * 1.25, 1), 1.2, before=1.1 * size),
        "list-item": Style(face, size, 1.25, justify, hang=1.2 * size, before=0.3 * size),
        "quote": Style(f"{face} Italic", round(size * 1.5, 1), 1.2, align="left", before=1.0 * size),
        "quote-span": Style(f"{face} Italic", round(size * 1.9, 1), 1.2, align="center", before=1.4 * size),
        "caption": Style(f"{face} Italic", round(size * 0.85, 1), 1.2, before=0.9 * size),
        "title": Style(f"{hface} Bold", round(size * 2.6, 1), 1.1, before=1.2 * size),
        "span-heading": Style(f"{hface} Bold", round(size * 1.8, 1), 1.15, before=1.2 * size),
        "deck": Style(f"{face} Italic", round(size * 1.3, 1), 1.25, before=0.6 * size),
        "side-head": Style(f"{hface} Bold", size, 1.25),
        "side": Style(hface if sans_heads else face, round(size * 0.9, 1), 1.25, before=0.4 * size),
    }


def blocks_from(texts, st, *, prev_heading=True):
    """Column blocks from (kind, text): an indented paragraph after a heading is set flush."""
    out, after_head = [], prev_heading
    for kind, text in texts:
        if kind == "heading":
            out.append(Block("heading", text, st["heading"], keep=True))
            after_head = True
        elif kind == "list-item":
            out.append(Block("list-item", "• " + text, st["list-item"], truth=[("list-item", text)]))
            after_head = False
        else:
            out.append(Block("paragraph", text, st["first"] if after_head else st["paragraph"]))
            after_head = False
    return out


def insert_every(blocks, extra, every):
    """Puts each extra block after `every` words of text more, between paragraphs."""
    out, n, k = [], 0, 0
    for b in blocks:
        out.append(b)
        n += nwords(b.text)
        if k < len(extra) and n >= every * (k + 1) and b.kind in ("paragraph", "list-item"):
            out.append(extra[k])
            k += 1
    return out


def figure(st, caption, height, span=False):
    return Block("caption", caption, st["caption"], span=span, keep=True, figure=height)


def sidebar(st, title, text):
    return Block("sidebar", title, st["side"], keep=True,
                 box=[("sidebar", title, st["side-head"]), ("sidebar", text, st["side"])],
                 truth=[("sidebar", title), ("sidebar", text)])


A4, LETTER, TABLOID = (595, 842), (612, 792), (792, 1224)


def docs():
    out = []
    gpl3 = licence("GPL-3")
    apache = licence("Apache-2.0")
    mpl2 = licence("MPL-2.0")
    gfdl = licence("GFDL-1.3")
    lgpl21 = licence("LGPL-2.1")
    artistic = licence("Artistic")
    gpl2 = licence("GPL-2")
    cc0 = licence("CC0-1.0")

    def doc(name, source, texts, *, page=A4, columns=2, gutter=12, face="DejaVu Serif", size=9.5,
            justify=True, indent="space", sans=None, title=None, deck=None, quotes=0, quote_span=0,
            sidebars=0, figs=0, span_figs=0, span_heads=False, notes=(), head=None, folio="centre",
            describe="", margins=None, every=None, balance_end=False, side_texts=None):
        st = styles(face, size, justify, indent, sans)
        body = blocks_from(texts, st)
        if span_heads:
            for b in body:
                if b.kind == "heading" and (span_heads is True or b.text in span_heads):
                    b.span, b.style, b.keep = True, st["span-heading"], False
        pool = sentences(texts, quotes + quote_span + sidebars * 2 + len(notes) * 0 + 4)
        extra = []
        for i in range(quotes):
            extra.append(Block("quote", pool[i % len(pool)], st["quote"], keep=True))
        for i in range(quote_span):
            extra.append(Block("quote", pool[(quotes + i) % len(pool)], st["quote-span"], span=True))
        for i in range(sidebars):
            s = side_texts[i] if side_texts else ("In brief", pool[(quotes + quote_span + i) % len(pool)])
            extra.append(sidebar(st, s[0], s[1]))
        for i in range(figs):
            extra.append(figure(st, f"Figure {i + 1}. " + pool[(i + 2) % len(pool)], 70 + 20 * (i % 2)))
        for i in range(span_figs):
            extra.append(figure(st, f"Plate {i + 1}. " + pool[(i + 3) % len(pool)], 150, span=True))
        # Spread the extras through the text: one after every so many words, alternating kinds.
        mixed = []
        kinds = [e for e in extra]
        order = sorted(range(len(kinds)), key=lambda i: (i % max(1, quotes or 1), i))
        mixed = [kinds[i] for i in order]
        words = sum(nwords(b.text) for b in body)
        body = insert_every(body, mixed, every or max(120, words // (len(mixed) + 1)))
        head_blocks = []
        if title:
            head_blocks.append(Block("title", title, st["title"], span=True))
        if deck:
            head_blocks.append(Block("paragraph", deck, st["deck"], span=True))
        m = margins or (60, 56, 54, 54)
        foot = {p: [f"{k + 1}. {t}" for k, t in enumerate(ts)] for p, ts in notes}
        out.append(Doc(name, source, describe, page, m, columns, gutter, st["paragraph"], head_blocks + body,
                       head=head, folio=folio, footnotes=foot, balance_end=balance_end))

    doc("gpl3-two-narrow-justified", "/usr/share/common-licenses/GPL-3 (verbatim copying permitted)",
        take(gpl3, 2300), columns=2, gutter=9, justify=True, title="Free Software, Freely Shared",
        deck="A reading of the GNU General Public License, version 3, set in two justified columns.",
        quotes=2, head="The Licence Review · GPL", describe="A4, DejaVu Serif 9.5 pt justified, 2 columns, 9 pt gutter, "
        "spanning title and deck, pull quotes in the column, paragraphs spaced, running head, folio")
    doc("apache-three-ragged-figure", "/usr/share/common-licenses/Apache-2.0", take(apache, 2600),
        columns=3, gutter=14, face="Liberation Sans", size=8.5, justify=False, title="The Apache Licence",
        span_figs=1, figs=1, head="Open Source Quarterly", describe="A4, Liberation Sans 8.5 pt ragged, 3 columns, "
        "14 pt gutter, a spanning plate mid-text with columns restarting below it, a figure in the column")
    doc("mpl2-three-indented", "/usr/share/common-licenses/MPL-2.0", take(mpl2, 2800), columns=3, gutter=11,
        face="Liberation Serif", size=9, justify=True, indent="indent", title="Mozilla Public License",
        quotes=2, sidebars=1, head="MPL 2.0", describe="A4, Liberation Serif 9 pt justified, 3 columns, 11 pt gutter, "
        "indented paragraphs with no space, a tinted sidebar in the column, pull quotes")
    doc("gfdl-four-tabloid", "/usr/share/common-licenses/GFDL-1.3", take(gfdl, 4200), page=TABLOID, columns=4,
        gutter=13, face="C059", size=9, justify=True, title="The Free Documentation License",
        deck="Manuals should be free too: the text of the GNU FDL, version 1.3.", span_figs=1, quote_span=1,
        head="Documentation Weekly", describe="Tabloid, C059 9 pt justified, 4 columns, 13 pt gutter, spanning title, "
        "deck, plate and pull quote with columns restarting under them")
    doc("lgpl21-two-wide-spanheads", "/usr/share/common-licenses/LGPL-2.1", take(lgpl21, 2600), columns=2,
        gutter=26, face="DejaVu Sans", size=9, justify=False, span_heads=True, head="Library Licensing",
        describe="A4, DejaVu Sans 9 pt ragged, 2 columns, 26 pt gutter, headings set across both columns "
        "(balanced columns above, restarting below)")
    doc("artistic-three-sidebars", "/usr/share/common-licenses/Artistic", take(artistic, 1800) + take(gpl2, 900),
        columns=3, gutter=10, face="DejaVu Serif", size=8.5, justify=True, indent="indent", sidebars=2, quotes=1,
        title="The Artistic License", head="Perl Community Newsletter", describe="Letter, DejaVu Serif 8.5 pt justified, "
        "3 columns, 10 pt gutter, indented paragraphs, two tinted sidebars, a pull quote", page=LETTER)
    doc("changelogs-three-newsletter", "changelogs of coreutils, bash and curl (/usr/share/doc)",
        [("heading", "Coreutils")] + changelog("/usr/share/doc/coreutils/changelog.Debian.gz", 5)
        + [("heading", "Bash")] + changelog("/usr/share/doc/bash/changelog.Debian.gz", 5)
        + [("heading", "Curl")] + changelog("/usr/share/doc/curl/changelog.Debian.gz", 5),
        columns=3, gutter=12, face="Liberation Serif", size=9, justify=False, span_heads=("Coreutils", "Bash", "Curl"),
        title="Package News", head="Debian Package Digest", describe="A4, Liberation Serif 9 pt ragged, 3 columns, "
        "12 pt gutter, a spanning headline per package with columns restarting below, version headings in the column, bulleted lists")
    doc("gpl2-two-footnotes", "/usr/share/common-licenses/GPL-2", take(gpl2, 2400), columns=2, gutter=14,
        face="Liberation Serif", size=10, justify=True, notes=[(1, sentences(gpl2, 2)), (3, sentences(gpl3, 1))],
        title="GNU General Public License, version 2", head="GPL-2", page=LETTER,
        describe="Letter, Liberation Serif 10 pt justified, 2 columns, 14 pt gutter, footnotes across the foot of pages 1 and 3")
    doc("cc0-apache-four-magazine", "/usr/share/common-licenses/CC0-1.0, Apache-2.0 and MPL-1.1", take(cc0, 1100) + take(apache[40:] + licence("MPL-1.1"), 3200),
        columns=4, gutter=8, face="Liberation Sans", size=8, justify=True, title="No Rights Reserved",
        deck="Dedicating a work to the public domain, and what a permissive licence asks in return.",
        quotes=2, figs=2, head="Magazine of Commons", describe="A4, Liberation Sans 8 pt justified, 4 columns, 8 pt gutter, "
        "title and deck, pull quotes and figures in the column")
    doc("gpl3-three-wide-lists", "/usr/share/common-licenses/GPL-3 (later sections)", take(gpl3[60:], 2600), columns=3,
        gutter=22, face="DejaVu Serif", size=8.5, justify=False, indent="indent", span_figs=1, quotes=1,
        head="Licence Notes", describe="A4, DejaVu Serif 8.5 pt ragged, 3 columns, 22 pt gutter, indented paragraphs, "
        "numbered clauses, a spanning plate")
    doc("mpl2-two-letter-quotespan", "/usr/share/common-licenses/MPL-2.0 (later sections)", take(mpl2[40:], 2200), page=LETTER,
        columns=2, gutter=11, face="C059", size=10, justify=True, quote_span=2, sidebars=1,
        title="Covered Software", head="Mozilla Public License 2.0", describe="Letter, C059 10 pt justified, 2 columns, 11 pt gutter, "
        "two pull quotes across the columns, a tinted sidebar")
    doc("lgpl21-four-ragged-notes", "/usr/share/common-licenses/LGPL-2.1 (later sections)", take(lgpl21[30:], 3000),
        page=TABLOID, columns=4, gutter=10, face="DejaVu Sans", size=8.5, justify=False, quotes=2, sidebars=1,
        notes=[(2, sentences(lgpl21, 2))], title="The Lesser GPL", describe="Tabloid, DejaVu Sans 8.5 pt ragged, "
        "4 columns, 10 pt gutter, pull quotes, sidebar, footnotes on page 2, no running head")
    doc("changelogs-two-indent", "changelogs of dash, bc and diffutils (/usr/share/doc)",
        [("heading", "Dash")] + changelog("/usr/share/doc/dash/changelog.Debian.gz", 6)
        + [("heading", "Bc")] + changelog("/usr/share/doc/bc/changelog.Debian.gz", 6)
        + [("heading", "Diffutils")] + changelog("/usr/share/doc/diffutils/changelog.Debian.gz", 6),
        columns=2, gutter=10, face="DejaVu Serif", size=9, justify=True, indent="indent", figs=1,
        title="Release Notes", head="Shell Tools Bulletin", describe="A4, DejaVu Serif 9 pt justified, 2 columns, "
        "10 pt gutter, version headings in the column, bulleted items, a figure in the column")
    doc("gfdl-three-spanfig-twice", "/usr/share/common-licenses/GFDL-1.3 (later sections)", take(gfdl[30:], 3000), columns=3,
        gutter=12, face="Liberation Serif", size=9.5, justify=True, span_figs=2, quotes=1,
        head="Free Manuals", describe="A4, Liberation Serif 9.5 pt justified, 3 columns, 12 pt gutter, two spanning "
        "plates with columns restarting under each")
    doc("artistic-gpl2-two-balanced", "/usr/share/common-licenses/Artistic and GPL-2", take(artistic, 900) + take(gpl2[20:], 1500),
        columns=2, gutter=13, face="Liberation Sans", size=9, justify=True, span_heads=True, balance_end=True,
        title="Two Licences", head="Comparative Licensing", describe="A4, Liberation Sans 9 pt justified, 2 columns, "
        "13 pt gutter, spanning headings, columns balanced at the end")
    doc("apache-two-wide-sidebar", "/usr/share/common-licenses/Apache-2.0 (later sections)", take(apache[20:] + licence("BSD"), 2200),
        columns=2, gutter=30, face="DejaVu Serif", size=9.5, justify=False, sidebars=2, span_figs=1,
        title="Redistribution", head="Apache 2.0", page=LETTER, describe="Letter, DejaVu Serif 9.5 pt ragged, "
        "2 columns, 30 pt gutter, two tinted sidebars, a spanning plate")
    return out


if __name__ == "__main__":
    only = sys.argv[1:]
    for d in docs():
        if not only or d.name in only:
            render(d)
