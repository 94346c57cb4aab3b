#!/usr/bin/python3
"""A prose corpus printed by wkhtmltopdf (QtWebKit): bench/layout/corpus-wkhtml, a CHECK set.

Run with Debian's python (the text helpers of make-corpus-cairo.py need pycairo and Pango to
import): /usr/bin/python3 bench/layout/make-corpus-wkhtml.py [out dir] [name filter]
Output: pairs <name>.pdf + <name>.json in the shared format (bench/layout/prose-corpus.ts).

Each page is a set of frames placed absolutely (columns of unequal widths, a sidebar column, a
figure over two of three columns, a pull quote across the page with the columns starting again
under it, a one-column stretch above two columns). A script in the page pours the blocks into
the frames in reading order, word by word, so WebKit breaks the lines and the script knows each
block's page; the pages are written on a last page that is cut off the PDF. The frames are in
reading order: where a figure stands over two of three columns the text runs down the first
column, under the figure, then on to the second.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "corpus-wkhtml")

_spec = importlib.util.spec_from_file_location("cairo_maker", os.path.join(HERE, "make-corpus-cairo.py"))
_cm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cm)
licence, changelog, take, sentences, nwords = _cm.licence, _cm.changelog, _cm.take, _cm.sentences, _cm.nwords

# wkhtmltopdf (unpatched Qt) prints CSS points at this scale; the page is set in real points
# and every length is divided by it.
SCALE = 0.76834

SCRIPT = r"""
var S = %(scale)f;
var doc = %(doc)s;
var pages = [];
function pt(v) { return (v / S) + 'pt'; }
function esc(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
function el(tag, cls, parent) { var e = document.createElement(tag); e.className = cls; parent.appendChild(e); return e; }
function newPage() {
  var p = el('div', 'page', document.body);
  p.style.width = pt(doc.W); p.style.height = pt(doc.H - 1.5);
  pages.push(p);
  if (doc.head) { var h = el('div', 'head', p); h.style.left = pt(doc.ml); h.style.top = pt(doc.mt - 26); h.style.width = pt(doc.W - doc.ml - doc.mr); h.innerHTML = esc(doc.head); }
  var f = el('div', 'folio', p); f.style.left = pt(doc.ml); f.style.top = pt(doc.H - doc.mb + 14); f.style.width = pt(doc.W - doc.ml - doc.mr); f.innerHTML = '' + pages.length;
  return p;
}
function frameBox(p, fr, cap) {
  var d = el('div', 'frame ' + (fr.cls || ''), p);
  d.style.left = pt(fr.x); d.style.top = pt(fr.y); d.style.width = pt(fr.w);
  var h = Math.min(fr.h, cap || 1e9);
  d.style.height = pt(h);
  var inner = el('div', 'inner', d);
  if (fr.pad) inner.style.paddingLeft = pt(fr.pad);
  return { d: d, inner: inner, h: h / S * 96 / 72 };
}
function fits(box) { return box.inner.offsetHeight <= box.h + 0.5; }
function blockEl(box, b, words, from, to) {
  var e = el(b.tag, b.kind + (from > 0 ? ' cont' : ''), box.inner);
  e.innerHTML = esc(words.slice(from, to).join(' '));
  return e;
}
// Pours the queue from state {i, w} into one frame; returns the new state and the blocks started.
function pourFrame(box, q, st, started) {
  var i = st.i, w = st.w;
  while (i < q.length) {
    var b = q[i], words = b.text.split(' ');
    var e = blockEl(box, b, words, w, words.length);
    if (fits(box)) { if (w === 0) started.push(b.id); i++; w = 0; continue; }
    box.inner.removeChild(e);
    if (!b.split) break;
    var lo = 0, hi = words.length - w;
    while (lo < hi) {
      var mid = Math.ceil((lo + hi) / 2);
      var t = blockEl(box, b, words, w, w + mid);
      var ok = fits(box);
      box.inner.removeChild(t);
      if (ok) lo = mid; else hi = mid - 1;
    }
    // Two words at least on a line: a lone word at the foot of a column is pushed on.
    if (lo >= 3) { blockEl(box, b, words, w, w + lo); if (w === 0) started.push(b.id); w += lo; }
    break;
  }
  return { i: i, w: w };
}
function pourPage(tpl, st, cap) {
  var p = newPage(), started = [];
  var queues = { body: doc.body, side: doc.side };
  var sides = { i: st.si, w: st.sw };
  var body = { i: st.i, w: st.w };
  for (var k = 0; k < tpl.length; k++) {
    var fr = tpl[k];
    if (fr.fixed) {
      var d = el('div', 'frame fixed ' + (fr.cls || ''), p);
      d.style.left = pt(fr.x); d.style.top = pt(fr.y); d.style.width = pt(fr.w); d.style.height = pt(fr.h);
      d.innerHTML = fr.html;
      if (fr.id !== undefined) started.push(fr.id);
      continue;
    }
    if (fr.side) { sides = pourFrame(frameBox(p, fr), queues.side, sides, started); continue; }
    body = pourFrame(frameBox(p, fr, fr.balance ? cap : 0), queues.body, body, started);
  }
  return { p: p, started: started, st: { i: body.i, w: body.w, si: sides.i, sw: sides.w } };
}
var st = { i: 0, w: 0, si: 0, sw: 0 }, truth = [];
for (var n = 0; n < 60 && (st.i < doc.body.length || st.si < doc.side.length); n++) {
  var tpl = doc.tpls[Math.min(n, doc.tpls.length - 1)];
  var r = pourPage(tpl, st, 0);
  if (doc.balance && r.st.i >= doc.body.length) {
    // The last page's columns balanced: the lowest frame height that still takes the rest.
    var lo = 40, hi = doc.H;
    while (hi - lo > 2) {
      var mid = (lo + hi) / 2;
      document.body.removeChild(r.p); pages.pop();
      var t = pourPage(tpl, st, mid);
      if (t.st.i >= doc.body.length) hi = mid; else lo = mid;
      r = t;
    }
    document.body.removeChild(r.p); pages.pop();
    r = pourPage(tpl, st, hi);
  }
  for (var k = 0; k < r.started.length; k++) truth.push(r.started[k] + ':' + pages.length);
  st = r.st;
}
var last = el('div', 'page', document.body);
last.innerHTML = 'QTRUTH ' + truth.join(' ') + ' QEND';
"""

CSS = r"""
body { margin: 0; padding: 0; }
.page { position: relative; overflow: hidden; page-break-after: always; page-break-inside: avoid; }
.frame { position: absolute; overflow: hidden; }
.inner { position: relative; }
.head, .folio { position: absolute; font: %(small)s; color: #555; text-align: center; }
p { margin: 0; padding: 0 0 %(pgap)s 0; text-align: %(align)s; text-indent: %(indent)s; }
p.cont { text-indent: 0; }
h2 { margin: 0; padding: %(hgap)s 0 3pt 0; font: bold %(hfont)s; }
li, p.list-item { list-style: none; padding-left: 1.2em; text-indent: -1.2em; margin: 0; padding-bottom: 2pt; text-align: left; }
.side { background: #e8e8e8; }
.side p { padding: 0 6pt 4pt 6pt; text-indent: 0; font-size: 90%%; text-align: left; }
.rule { border-left: 0.6pt solid #444; }
.fixed.title { font: bold %(tfont)s; text-align: center; }
.fixed.quote { font: italic %(qfont)s; text-align: center; border-top: 1pt solid #333; border-bottom: 1pt solid #333; padding-top: 6pt; }
.fixed.figure { background: #ccc; }
.fixed.caption, .fixed.footnote { font: %(small)s; }
.fixed.footnote { border-top: 0.5pt solid #666; padding-top: 3pt; }
"""


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Doc:
    def __init__(self, name, source, describe, columns, page=(595, 842), margins=(64, 60, 50, 50),
                 font="10pt 'DejaVu Serif'", lead=1.3, align="justify", indent="0", pgap="5pt", head=None,
                 hfont="11pt 'DejaVu Sans'", balance=False):
        self.name, self.source, self.describe, self.columns = name, source, describe, columns
        self.W, self.H = page
        self.mt, self.mb, self.ml, self.mr = margins
        self.font, self.lead, self.align, self.indent, self.pgap = font, lead, align, indent, pgap
        self.head, self.hfont, self.balance = head, hfont, balance
        self.truth = []  # (kind, text), by id
        self.body, self.side = [], []
        self.tpls = []  # frames of page 1, 2, ...; the last repeats

    def block(self, kind, text, queue=None):
        self.truth.append((kind, text))
        b = {"id": len(self.truth) - 1, "kind": kind, "text": text,
             "tag": "h2" if kind == "heading" else "p", "split": kind not in ("heading",)}
        (queue if queue is not None else self.body).append(b)

    def fixed(self, kind, text, x, y, w, h, cls, html=None):
        self.truth.append((kind, text))
        return {"fixed": True, "x": x, "y": y, "w": w, "h": h, "cls": cls,
                "html": html if html is not None else esc(text), "id": len(self.truth) - 1}

    def plain(self, x, y, w, h, cls):
        return {"fixed": True, "x": x, "y": y, "w": w, "h": h, "cls": cls, "html": ""}

    def inner(self):
        return self.ml, self.mt, self.W - self.ml - self.mr, self.H - self.mt - self.mb


def cols(x, y, w, h, widths, gap, rule=False, balance=False, side=None):
    """Frames of columns left to right: widths are shares of the width less the gaps."""
    free = w - gap * (len(widths) - 1)
    out, at = [], x
    for k, share in enumerate(widths):
        cw = free * share
        fr = {"x": at, "y": y, "w": cw, "h": h, "balance": balance}
        if rule and k > 0:
            fr["cls"] = "rule"
            fr["x"] = at - gap / 2
            fr["w"] = cw + gap / 2
            fr["pad"] = gap / 2
        if side is not None and k == side:
            fr["side"] = True
            fr["cls"] = (fr.get("cls", "") + " side").strip()
        out.append(fr)
        at += cw + gap
    return out


def render(d):
    work = tempfile.mkdtemp(prefix="wk-")
    data = {"W": d.W, "H": d.H, "ml": d.ml, "mr": d.mr, "mt": d.mt, "mb": d.mb, "head": d.head,
            "body": d.body, "side": d.side, "tpls": d.tpls, "balance": d.balance}
    css = CSS % {"small": "8pt 'DejaVu Sans'", "pgap": d.pgap, "align": d.align, "indent": d.indent,
                 "hgap": "6pt", "hfont": d.hfont, "tfont": "20pt 'DejaVu Sans'", "qfont": "13pt 'DejaVu Serif'"}
    frame_css = ".frame .inner { font: %s; line-height: %s; }\n" % (d.font, d.lead)
    # A frame after a rule keeps its text clear of the rule.
    frame_css += ".rule .inner { padding-left: var(--pad); }\n"
    html = ("<!DOCTYPE html><html><head><meta charset='utf-8'><style>" + css + frame_css
            + "</style></head><body><script>" + SCRIPT % {"scale": SCALE, "doc": json.dumps(data)}
            + "</script></body></html>")
    # Old WebKit has no CSS variables: the rule's padding is set per frame.
    html = html.replace(".rule .inner { padding-left: var(--pad); }\n", "")
    src = os.path.join(work, "doc.html")
    with open(src, "w", encoding="utf8") as f:
        f.write(html)
    pdf = os.path.join(work, "all.pdf")
    subprocess.run(["wkhtmltopdf", "-q", "-T", "0", "-B", "0", "-L", "0", "-R", "0", "--page-size",
                    "A4" if d.W < 600 else "Letter", "--no-stop-slow-scripts", src, pdf],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, timeout=600)
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout
    n = int(info.split("Pages:")[1].split()[0])
    last = subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), "-raw", pdf, "-"], capture_output=True,
                          text=True).stdout
    m = re.search(r"QTRUTH(.*?)QEND", last.replace("\n", " "), re.S)
    if not m:
        raise SystemExit(f"{d.name}: no truth page (see {work})")
    pages = {}
    for tok in m.group(1).split():
        k, p = tok.split(":")
        pages.setdefault(int(k), int(p))
    # A fixed element of a page template the text never reached is not printed: not in the truth.
    poured = {b["id"] for b in d.body + d.side}
    missing = [k for k in poured if k not in pages]
    if missing:
        raise SystemExit(f"{d.name}: blocks never placed: {missing[:5]} (see {work})")
    for p in range(1, n):
        subprocess.run(["pdfseparate", "-f", str(p), "-l", str(p), pdf, os.path.join(work, f"p{p:03d}.pdf")], check=True)
    out_pdf = os.path.join(OUT, d.name + ".pdf")
    subprocess.run(["pdfunite"] + [os.path.join(work, f"p{p:03d}.pdf") for p in range(1, n)] + [out_pdf], check=True)
    # Reading order: the order the frames were filled in, page by page; footnotes after the body.
    order = [int(t.split(":")[0]) for t in m.group(1).split()]
    seen, ids = set(), []
    for k in order:
        if k not in seen:
            seen.add(k)
            ids.append(k)
    blocks = [{"page": pages[k], "kind": d.truth[k][0], "text": d.truth[k][1]} for k in ids]
    blocks.sort(key=lambda b: (b["page"], b["kind"] == "footnote"))
    truth = {"source": d.source, "generator": "wkhtmltopdf 0.12 (QtWebKit) from HTML poured by script: "
             "bench/layout/make-corpus-wkhtml.py; " + d.describe, "columns": d.columns, "pages": n - 1,
             "blocks": blocks}
    with open(os.path.join(OUT, d.name + ".json"), "w", encoding="utf8") as f:
        json.dump(truth, f, indent=2, ensure_ascii=False)
        f.write("\n")
    shutil.rmtree(work)
    print(f"{d.name}: {n - 1} pages, {len(blocks)} blocks")


def body(d, texts, sidebars=()):
    for kind, text in texts:
        d.block(kind, text)
    for title, text in sidebars:
        d.block("sidebar", title + ". " + text, d.side)


def docs():
    gpl3, apache, mpl2, gfdl = licence("GPL-3"), licence("Apache-2.0"), licence("MPL-2.0"), licence("GFDL-1.3")
    lgpl21, artistic, gpl2, lgpl3 = licence("LGPL-2.1"), licence("Artistic"), licence("GPL-2"), licence("LGPL-3")
    mpl11, gfdl12 = licence("MPL-1.1"), licence("GFDL-1.2")
    out = []

    # 1. Two columns of unequal width (62 / 38), a rule between them.
    d = Doc("apache-unequal-rule", "/usr/share/common-licenses/Apache-2.0",
            "A4, DejaVu Serif 9.5 pt justified, 2 columns of 62 and 38 per cent 14 pt apart with a rule, title across",
            2, font="9.5pt 'DejaVu Serif'", head="Apache Licence · Reading Notes")
    x, y, w, h = d.inner()
    first = [d.fixed("title", "The Apache License, Version 2.0", x, y, w, 40, "title")] + cols(
        x, y + 50, w, h - 50, [0.62, 0.38], 14, rule=True)
    rest = cols(x, y, w, h, [0.62, 0.38], 14, rule=True)
    body(d, take(apache, 2600))
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 2. Two body columns and a tinted sidebar column of other text, narrow gaps.
    d = Doc("gpl3-two-plus-sidebar", "/usr/share/common-licenses/GPL-3 (verbatim copying permitted)",
            "Letter, Liberation Sans 9 pt ragged right, 2 body columns and a tinted sidebar column (25 per cent) of "
            "short notes, 10 pt gaps", 3, page=(612, 792), font="9pt 'Liberation Sans'", align="left",
            hfont="10pt 'Liberation Sans'")
    x, y, w, h = d.inner()
    first = [d.fixed("title", "Free Software, Freely Shared", x, y, w, 40, "title")] + cols(
        x, y + 50, w, h - 50, [0.375, 0.375, 0.25], 10, side=2)
    rest = cols(x, y, w, h, [0.375, 0.375, 0.25], 10, side=2)
    notes = sentences(gpl3, 10, 10, 30)
    body(d, take(gpl3, 2800), sidebars=[("Note %d" % (k + 1), s) for k, s in enumerate(notes)])
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 3. Three columns, a figure over the first two in the middle of page 1 (text runs around it).
    d = Doc("mpl2-three-figure-two", "/usr/share/common-licenses/MPL-2.0",
            "A4, Nimbus Roman 9 pt justified, 3 columns 11 pt apart, a figure with caption over the first two "
            "columns mid-page (the text runs down each column under it)", 3, font="9pt 'Nimbus Roman'")
    x, y, w, h = d.inner()
    c = cols(x, y + 50, w, h - 50, [1 / 3] * 3, 11)
    fy, fh = y + 300, 170
    fig = d.plain(c[0]["x"], fy, c[1]["x"] + c[1]["w"] - c[0]["x"], fh - 34, "figure")
    cap = d.fixed("caption", "Figure 1. " + sentences(mpl2, 1)[0], c[0]["x"], fy + fh - 30,
                  c[1]["x"] + c[1]["w"] - c[0]["x"], 28, "caption")
    above = lambda f: {**f, "h": fy - 8 - f["y"]}
    below = lambda f: {**f, "y": fy + fh + 6, "h": f["y"] + f["h"] - (fy + fh + 6)}
    first = [d.fixed("title", "Mozilla Public License 2.0", x, y, w, 40, "title"),
               above(c[0]), fig, cap, below(c[0]), above(c[1]), below(c[1]), c[2]]
    rest = cols(x, y, w, h, [1 / 3] * 3, 11)
    body(d, take(mpl2, 3000))
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 4. Ragged-right columns 7 pt apart: long lines nearly touch the next column.
    d = Doc("lgpl21-two-ragged-tight", "/usr/share/common-licenses/LGPL-2.1",
            "A4, URW Bookman 9 pt ragged right, 2 columns 7 pt apart, indented paragraphs, last page balanced",
            2, font="9pt 'URW Bookman'", align="left", indent="1.2em", pgap="1pt", balance=True)
    x, y, w, h = d.inner()
    first = [d.fixed("title", "GNU Lesser General Public License", x, y, w, 40, "title")] + cols(
        x, y + 50, w, h - 50, [0.5, 0.5], 7, balance=True)
    rest = cols(x, y, w, h, [0.5, 0.5], 7, balance=True)
    body(d, take(lgpl21, 2700))
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 5. Three columns, a pull quote across the page mid-page: columns above it, columns again below.
    d = Doc("gfdl-three-quote-across", "/usr/share/common-licenses/GFDL-1.3",
            "A4, C059 9 pt justified, 3 columns 12 pt apart, a pull quote across the page on every page with the "
            "columns read above it and again below it", 3, font="9pt 'C059'", head="Documentation Weekly")
    x, y, w, h = d.inner()
    pool = sentences(gfdl, 6)

    def rows(top, quote):
        qy = top + (y + h - top) * 0.45
        return (cols(x, top, w, qy - top - 8, [1 / 3] * 3, 12)
                + [d.fixed("quote", quote, x + 40, qy, w - 80, 56, "quote")]
                + cols(x, qy + 64, w, y + h - qy - 64, [1 / 3] * 3, 12))

    first = [d.fixed("title", "The Free Documentation License", x, y, w, 40, "title")] + rows(y + 50, pool[0])
    rest = rows(y, pool[1])
    d.tpls = [first, rest, rows(y, pool[2]), rows(y, pool[3]), cols(x, y, w, h, [1 / 3] * 3, 12)]
    body(d, take(gfdl, 3000))
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 6. A one-column introduction over two columns on page 1; footnotes across the foot.
    d = Doc("gpl2-intro-footnotes", "/usr/share/common-licenses/GPL-2",
            "Letter, Liberation Serif 10 pt justified, a one-column stretch over 2 columns 16 pt apart on page 1, "
            "a footnote across the foot of each page", 2, page=(612, 792), font="10pt 'Liberation Serif'")
    x, y, w, h = d.inner()
    notes = sentences(gpl2, 8, 8, 22)
    fn = [d.fixed("footnote", "%d. %s" % (k + 1, notes[k]), x, y + h - 30, w, 30, "footnote") for k in range(1)]
    first = ([d.fixed("title", "GNU General Public License, Version 2", x, y, w, 40, "title"),
                {"x": x, "y": y + 50, "w": w, "h": 150}]
               + cols(x, y + 210, w, h - 250, [0.5, 0.5], 16) + fn)
    rest = cols(x, y, w, h - 40, [0.5, 0.5], 16)
    d.tpls = [first] + [rest + [d.fixed("footnote", "%d. %s" % (k + 1, notes[k]), x, y + h - 30, w, 30, "footnote")]
                        for k in (1, 2)] + [cols(x, y, w, h, [0.5, 0.5], 16)]
    body(d, take(gpl2, 2600))
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 7. Four narrow columns, Letter landscape-ish tabloid, ragged, rules.
    d = Doc("artistic-four-rules", "/usr/share/common-licenses/Artistic and LGPL-3",
            "Letter, Noto Sans 8 pt ragged right, 4 columns 9 pt apart with rules", 4, page=(612, 792),
            font="8pt 'Noto Sans'", align="left", hfont="9pt 'Noto Sans'")
    x, y, w, h = d.inner()
    first = [d.fixed("title", "The Artistic License", x, y, w, 40, "title")] + cols(
        x, y + 50, w, h - 50, [0.25] * 4, 9, rule=True)
    rest = cols(x, y, w, h, [0.25] * 4, 9, rule=True)
    body(d, take(artistic, 1700) + take(lgpl3, 1300))
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 8. A narrow sidebar column at the LEFT (30 per cent) beside one wide body column.
    d = Doc("mpl11-left-sidebar", "/usr/share/common-licenses/MPL-1.1",
            "A4, P052 9.5 pt justified, a tinted notes column at the left (30 per cent) beside one body column, "
            "12 pt apart", 2, font="9.5pt 'P052'")
    x, y, w, h = d.inner()
    first = [d.fixed("title", "Mozilla Public License 1.1", x, y, w, 40, "title")] + cols(
        x, y + 50, w, h - 50, [0.3, 0.7], 12, side=0)
    rest = cols(x, y, w, h, [0.3, 0.7], 12, side=0)
    notes = sentences(mpl11, 8, 10, 30)
    body(d, take(mpl11, 2600), sidebars=[("Aside %d" % (k + 1), s) for k, s in enumerate(notes)])
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 9. Changelogs: two columns of short list items 12 pt apart.
    d = Doc("changelogs-two-lists", "changelogs of tar, gzip and findutils (/usr/share/doc)",
            "A4, DejaVu Sans 8.5 pt ragged right, 2 columns 12 pt apart, headings and list items", 2,
            font="8.5pt 'DejaVu Sans'", align="left", hfont="10pt 'DejaVu Sans'")
    x, y, w, h = d.inner()
    first = [d.fixed("title", "Package News", x, y, w, 40, "title")] + cols(x, y + 50, w, h - 50, [0.5, 0.5], 12)
    rest = cols(x, y, w, h, [0.5, 0.5], 12)
    cl = ([("heading", "Tar")] + changelog("/usr/share/doc/tar/changelog.Debian.gz", 9)
          + [("heading", "Gzip")] + changelog("/usr/share/doc/gzip/changelog.Debian.gz", 9)
          + [("heading", "Findutils")] + changelog("/usr/share/doc/findutils/changelog.Debian.gz", 9))
    body(d, cl)
    d.tpls = d.tpls or [first, rest]
    out.append(d)

    # 10. Three columns: 1/4, 1/2, 1/4 (a wide middle column), justified.
    d = Doc("gfdl12-three-wide-middle", "/usr/share/common-licenses/GFDL-1.2",
            "A4, Noto Serif 8.5 pt justified, 3 columns of 25, 50 and 25 per cent, 10 pt apart", 3,
            font="8.5pt 'Noto Serif'")
    x, y, w, h = d.inner()
    first = [d.fixed("title", "GNU Free Documentation License 1.2", x, y, w, 40, "title")] + cols(
        x, y + 50, w, h - 50, [0.25, 0.5, 0.25], 10)
    rest = cols(x, y, w, h, [0.25, 0.5, 0.25], 10)
    body(d, take(gfdl12, 2800))
    d.tpls = d.tpls or [first, rest]
    out.append(d)
    return out


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    only = sys.argv[2] if len(sys.argv) > 2 else ""
    for d in docs():
        if only in d.name:
            render(d)
