"""Documents set line by line with PyMuPDF (fitz 1.21): a small typesetter of our own that
breaks paragraphs into lines with the fonts' own widths and places every line (or every word,
when justified) with a TextWriter.

Two layouts:
- bands: columns filled in order, paragraphs running from column to column and page to page;
  an element across the page (heading or pull quote) closes the band above it, whose columns
  are balanced first, so the spanning element is read after everything above it.
- rows: the gaps between paragraphs of the two columns are made to line up across the page
  (each pair of paragraphs starts at the same height), and paragraphs never leave their column.
The truth is the list of blocks given to the typesetter, with the page of each first line.
"""

import os

import fitz

import texts
from common import OUT, footnotes_after_page_body, write_truth

FONTS = "/usr/share/fonts/truetype"


class Face:
    def __init__(self, name=None, file=None):
        self.font = fitz.Font(fontname=name) if name else fitz.Font(fontfile=os.path.join(FONTS, file))

    def width(self, text, size):
        return self.font.text_length(text, fontsize=size)


class Style:
    def __init__(self, face, size, leading, justify=True, before=0.0, indent=0.0, hang=0.0, color=(0, 0, 0)):
        self.face, self.size, self.leading = face, size, leading
        self.justify, self.before, self.indent, self.hang, self.color = justify, before, indent, hang, color


def lines_of(text, style, width, label=None):
    """Greedy line breaking; a list label hangs in the left margin of the first line."""
    words = text.split()
    if label:
        words = words[len(label.split()):]
    lines, cur = [], []
    left = style.hang + style.indent
    avail = width - left
    for w in words:
        trial = " ".join(cur + [w])
        if cur and style.face.width(trial, style.size) > avail:
            lines.append(cur)
            cur = [w]
            avail = width - style.hang
        else:
            cur.append(w)
    if cur:
        lines.append(cur)
    return lines


class Setter:
    def __init__(self, name, pagesize, margins, columns, gutter, head=None, foot=None, notes_style=None):
        self.name = name
        self.doc = fitz.open()
        self.W, self.H = pagesize
        self.ml, self.mt, self.mr, self.mb = margins
        self.cols, self.gut = columns, gutter
        self.colw = (self.W - self.ml - self.mr - gutter * (columns - 1)) / columns
        self.head, self.foot = head, foot
        self.blocks = []
        self.writers = {}
        self.notes_style = notes_style
        self.page_notes = {}
        self.new_page()

    # pages and text
    def new_page(self):
        self.page = self.doc.new_page(width=self.W, height=self.H)
        self.pno = len(self.doc)
        self.y = self.mt

    def tw(self, color=(0, 0, 0)):
        key = (self.pno, color)
        if key not in self.writers:
            self.writers[key] = (self.page, fitz.TextWriter(self.page.rect, color=color))
        return self.writers[key][1]

    def put(self, x, y, words, style, width, last, first_indent):
        x0 = x + first_indent
        if style.justify and not last and len(words) > 1:
            natural = sum(style.face.width(w, style.size) for w in words)
            gap = (width - first_indent - natural) / (len(words) - 1)
            for w in words:
                self.tw(style.color).append((x0, y), w, font=style.face.font, fontsize=style.size)
                x0 += style.face.width(w, style.size) + gap
        else:
            self.tw(style.color).append((x0, y), " ".join(words), font=style.face.font, fontsize=style.size)

    def record(self, kind, text, note=None):
        self.blocks.append({"kind": kind, "text": text, "page": self.pno, "note": note})
        if note:
            self.page_notes.setdefault(self.pno, []).append(note)

    # bands
    def units(self, items):
        """Items as placeable lines: (height, draw(x, y), starts_block, gap_before)."""
        out = []
        for item in items:
            kind, text, style = item["kind"], item["text"], item["style"]
            label = item.get("label")
            ls = lines_of(text, style, self.colw, label)
            for i, words in enumerate(ls):
                def draw(x, y, words=words, i=i, n=len(ls), style=style, label=label):
                    if i == 0 and label:
                        self.tw(style.color).append((x, y + style.size), label, font=style.face.font,
                                                    fontsize=style.size)
                    ind = style.hang + (style.indent if i == 0 else 0)
                    self.put(x + (style.hang if i else 0), y + style.size, words, style,
                             self.colw - (style.hang if i else 0), i == n - 1, ind if i == 0 else 0)
                out.append({"h": style.leading, "draw": draw, "start": item if i == 0 else None,
                            "gap": style.before if i == 0 else 0})
        return out

    def fits(self, units, h):
        col, used = 0, 0.0
        for u in units:
            need = u["h"] + (u["gap"] if used > 0 else 0)
            if used + need > h + 0.01:
                col += 1
                used = 0.0
                need = u["h"]
                if col >= self.cols:
                    return False
            used += need
        return True

    def bottom(self):
        return self.H - self.mb

    def flow(self, items):
        """Set items in columns from self.y; balance the last part so what follows goes under it."""
        units = self.units(items)
        while units:
            avail = self.bottom() - self.y
            if self.fits(units, avail):
                lo, hi = 0.0, avail
                for _ in range(30):
                    mid = (lo + hi) / 2
                    if self.fits(units, mid):
                        hi = mid
                    else:
                        lo = mid
                units = self.place(units, hi)
                self.y += hi
            else:
                units = self.place(units, avail)
                self.finish_page()
                self.new_page()

    def place(self, units, h):
        col, used = 0, 0.0
        for k, u in enumerate(units):
            gap = u["gap"] if used > 0 else 0
            if used + gap + u["h"] > h + 0.01:
                col += 1
                used, gap = 0.0, 0
                if col >= self.cols:
                    return units[k:]
            x = self.ml + col * (self.colw + self.gut)
            if u["start"] is not None:
                self.record(u["start"]["kind"], u["start"]["text"], u["start"].get("note"))
            u["draw"](x, self.y + used + gap)
            used += gap + u["h"]
        return []

    def span(self, kind, text, style, rule=False, space=8):
        """A heading or pull quote across all columns, under what was set above it."""
        width = self.W - self.ml - self.mr - 2 * style.indent
        ls = lines_of(text, style, width)
        need = space * 2 + len(ls) * style.leading + (8 if rule else 0)
        if self.y + need + 30 > self.bottom():
            self.finish_page()
            self.new_page()
        self.y += space if self.y > self.mt else 0
        if rule:
            self.page.draw_line((self.ml + 40, self.y), (self.W - self.mr - 40, self.y), width=1)
            self.y += 6
        self.record(kind, text)
        for i, words in enumerate(ls):
            line = " ".join(words)
            if style.justify:
                x = self.ml + style.indent
            else:  # centred
                x = (self.W - style.face.width(line, style.size)) / 2
            self.tw(style.color).append((x, self.y + style.size), line, font=style.face.font, fontsize=style.size)
            self.y += style.leading
        if rule:
            self.y += 4
            self.page.draw_line((self.ml + 40, self.y), (self.W - self.mr - 40, self.y), width=1)
        self.y += space

    # rows: gaps line up across the two columns
    def rows(self, items, gap):
        """Fill a page with left paragraphs i..i+r and right paragraphs i+r..i+2r, paired in rows."""
        i = 0
        while i < len(items):
            avail = self.bottom() - self.y
            heights = [len(lines_of(it["text"], it["style"], self.colw, it.get("label"))) * it["style"].leading
                       for it in items]
            best = 0
            for r in range(1, (len(items) - i) // 2 + 2):
                left = items[i:i + r]
                right = items[i + r:i + 2 * r]
                need = sum(max(heights[i + k], heights[i + r + k] if i + r + k < len(items) else 0) + gap
                           for k in range(len(left)))
                if need - gap <= avail:
                    best = r
                else:
                    break
            if best == 0:
                self.finish_page()
                self.new_page()
                continue
            r = best
            y = self.y
            ys = []
            for k in range(r):
                hl = heights[i + k]
                hr = heights[i + r + k] if i + r + k < len(items) else 0
                ys.append(y)
                y += max(hl, hr) + gap
            for col, start in ((0, i), (1, i + r)):
                x = self.ml + col * (self.colw + self.gut)
                for k in range(r):
                    if start + k >= len(items):
                        break
                    it = items[start + k]
                    self.record(it["kind"], it["text"], it.get("note"))
                    self.draw_block(it, x, ys[k])
            i += 2 * r
            if i < len(items):
                self.finish_page()
                self.new_page()
            else:
                self.y = y

    def draw_block(self, it, x, y):
        for u in self.units([it]):
            u["draw"](x, y)
            y += u["h"]

    # page furniture
    def finish_page(self):
        if self.head:
            self.head(self)
        notes = self.page_notes.get(self.pno, [])
        if notes and self.notes_style:
            st = self.notes_style
            y = self.H - self.mb + 14
            self.page.draw_line((self.ml, y - 8), (self.ml + 70, y - 8), width=0.5)
            for n in notes:
                for words in lines_of(n, st, self.W - self.ml - self.mr):
                    self.tw().append((self.ml, y + st.size), " ".join(words), font=st.face.font, fontsize=st.size)
                    y += st.leading
                self.blocks.append({"kind": "footnote", "text": n, "page": self.pno})
        # a page object goes stale once the next page is made: write its text now
        for key in [k for k in self.writers if k[0] == self.pno]:
            self.writers.pop(key)[1].write_text(self.page)

    def save(self, source, generator):
        self.finish_page()
        path = os.path.join(OUT, self.name + ".pdf")
        self.doc.save(path, garbage=4, deflate=True)
        blocks = [b for b in self.blocks]
        write_truth(self.name, source, generator, self.cols, footnotes_after_page_body(blocks))


def running(left, right, font, size=7.5):
    def draw(s):
        s.tw((0.3, 0.3, 0.3)).append((s.ml, s.mt - 22), left, font=font.font, fontsize=size)
        t = right(s.pno)
        s.tw((0.3, 0.3, 0.3)).append((s.W - s.mr - font.width(t, size), s.mt - 22), t, font=font.font,
                                     fontsize=size)
        num = str(s.pno)
        s.tw().append(((s.W - font.width(num, size + 1)) / 2, s.H - 28), num, font=font.font, fontsize=size + 1)
    return draw


def room():
    name = "room-view-fitz-2col-aligned-gaps"
    tiro, tibo = Face("tiro"), Face("tibo")
    body = Style(tiro, 10, 12.4, justify=True)
    head = Style(tibo, 11, 14)
    title = Style(tibo, 20, 24, justify=False)
    s = Setter(name, fitz.paper_size("letter"), (60, 72, 60, 60), 2, 24,
               head=running("A Room with a View", lambda p: "E. M. Forster", tiro))
    s.span("title", "A Room with a View", title)
    items = []
    for kind, text in texts.gutenberg("room-with-a-view-ch1-2.txt")[:90]:
        items.append({"kind": kind, "text": text, "style": head if kind == "heading" else body})
    s.rows(items, gap=9)
    s.save(texts.GUTENBERG.format(n=2641, title="E. M. Forster, A Room with a View", file="pg2641.txt")
           + "; chapter 1 and the start of chapter 2",
           "PyMuPDF 1.21 (TextWriter, our own line breaking): two justified columns, Times-Roman "
           "10/12.4 pt, 24 pt gutter, US Letter; paragraphs of the left and right column set in "
           "pairs that start at the same height, so every gap between paragraphs lines up across "
           "the page; paragraphs never cross a column; title across page 1, running head, page number")


def gfdl():
    name = "gfdl-fitz-3col-spanning-headings"
    sans, bold = Face(file="dejavu/DejaVuSans.ttf"), Face(file="dejavu/DejaVuSans-Bold.ttf")
    ital = Face(file="dejavu/DejaVuSerif-Italic.ttf")
    body = Style(sans, 8.5, 10.8, justify=True, before=4)
    item = Style(sans, 8.5, 10.8, justify=True, before=3, hang=12)
    head = Style(bold, 11, 14, justify=False)
    quote = Style(ital, 13, 16, justify=False)
    title = Style(bold, 18, 22, justify=False)
    notes = Style(sans, 7, 8.5, justify=False)
    s = Setter(name, fitz.paper_size("a4"), (42, 64, 42, 78), 3, 14,
               head=running("GNU Free Documentation License", lambda p: f"v1.3 · page {p}", sans), notes_style=notes)
    blocks = texts.licence("GFDL-1.3")
    end = next(i for i, b in enumerate(blocks) if b[1].startswith("6. COLLECTIONS"))
    s.span("title", blocks[0][1], title)
    pending = []
    n = 0
    for kind, text in blocks[1:end]:
        if kind in ("heading", "title"):
            s.flow(pending)
            pending = []
            s.span("heading", text, head, space=6)
            continue
        n += 1
        it = {"kind": kind, "text": text, "style": body}
        if kind == "list-item":
            it.update(style=item, label=texts.label_of(text) or text.split()[0])
        if n == 5:
            it["text"] = text.replace(" ", "* ", 1)
            it["note"] = "* Text of the licence as shipped in /usr/share/common-licenses/GFDL-1.3."
        pending.append(it)
        if n == 9:
            s.flow(pending)
            pending = []
            s.span("quote", "“A copy that is not Transparent is called Opaque.”", quote, rule=True)
    s.flow(pending)
    s.save("GNU Free Documentation License 1.3, sections 0-5, from /usr/share/common-licenses/GFDL-1.3 "
           "(verbatim copying permitted by the FSF)",
           "PyMuPDF 1.21 (TextWriter, our own line breaking and justification): three justified columns, "
           "DejaVu Sans 8.5/10.8 pt, 14 pt gutter, A4; section headings across all three columns "
           "mid-page with the columns above balanced, a pull quote between rules across the columns, "
           "lettered items with hanging labels, paragraphs running from column to column and over "
           "pages, a footnote at the foot, running head and page number")


def artistic():
    name = "artistic-cc0-fitz-2col-courier"
    cour, courb = Face("cour"), Face("cobo")
    body = Style(cour, 9, 11, justify=False, before=6)
    item = Style(cour, 9, 11, justify=False, before=6, hang=22)
    head = Style(courb, 10, 13, justify=False, before=12)
    s = Setter(name, fitz.paper_size("letter"), (54, 66, 54, 60), 2, 40,
               head=running("Two licences", lambda p: f"- {p} -", cour))
    items = []
    for src in ("Artistic", "CC0-1.0"):
        for kind, text in texts.licence(src):
            if kind == "title":
                kind = "heading"
            it = {"kind": kind, "text": text, "style": head if kind == "heading" else body}
            label = text.split()[0]
            if kind == "paragraph" and label[:-1].isdigit() and label.endswith("."):
                it.update(kind="list-item", style=item, label=label)
            if kind == "list-item" and "label" not in it:
                it.update(style=item, label=texts.label_of(text) or label)
            items.append(it)
    s.flow(items)
    s.save("The Artistic License (Perl, version 1) and Creative Commons CC0 1.0, from "
           "/usr/share/common-licenses/Artistic and CC0-1.0 (both may be copied verbatim; CC0 is a "
           "public-domain dedication)",
           "PyMuPDF 1.21 (TextWriter, our own line breaking): two ragged-right columns, Courier "
           "9/11 pt, wide 40 pt gutter, US Letter; numbered clauses with hanging numbers, headings in "
           "the columns, paragraphs running from column to column and over pages; running head and "
           "page number")


if __name__ == "__main__":
    for make in (room, gfdl, artistic):
        make()
