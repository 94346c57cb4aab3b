"""Right-to-left prose set by MuPDF's own HTML layout (PyMuPDF 1.21 fitz.Story), which
orders Hebrew lines with its bidi algorithm. (Arabic renders well too, but MuPDF 1.21 writes
no text for its lam-alef ligatures, so an Arabic PDF from it cannot be read back in full.)

The title spans the page; the body flows into two columns, the right one first (the first
column of a right-to-left page). Each paragraph carries an id; element_positions reports where
its first line is placed, which gives the page of each block.
"""

import html
import os

import fitz

from common import OUT, write_truth

HERE = os.path.dirname(os.path.abspath(__file__))
NOTO = "/usr/share/fonts/truetype/noto"


def paragraphs(name):
    text = open(os.path.join(HERE, "texts", name), encoding="utf-8").read()
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def rtl_doc(name, textfile, font_file, family, size, leading, source, generator):
    paras = paragraphs(textfile)
    title, body = paras[0], paras[1:]
    css = (
        f"@font-face {{font-family: {family}; src: url({font_file});}}\n"
        f"body {{font-family: {family}; font-size: {size}pt; line-height: {leading};}}\n"
        "p {text-align: justify; margin: 0 0 5pt 0;}\n"
        f"h1 {{font-size: {size * 1.8}pt; text-align: center; margin: 0;}}\n"
    )
    head_html = f'<html><body dir="rtl"><h1 id="t">{html.escape(title)}</h1></body></html>'
    body_html = '<html><body dir="rtl">' + "".join(
        f'<p id="p{i}">{html.escape(p)}</p>' for i, p in enumerate(body)) + "</body></html>"
    archive = fitz.Archive(NOTO)
    page_rect = fitz.paper_rect("a5")
    m, gut, top, bottom = 36, 18, 40, 40
    colw = (page_rect.width - 2 * m - gut) / 2
    pages = {}
    page_no = 0

    def seen(pos):
        # the first time an element opens is where its first line is placed
        if pos.id and pos.open_close & 1 and pos.id not in pages:
            pages[pos.id] = page_no

    path = os.path.join(OUT, name + ".pdf")
    writer = fitz.DocumentWriter(path)
    story = fitz.Story(html=body_html, user_css=css, archive=archive)
    more = 1
    while more:
        page_no += 1
        dev = writer.begin_page(page_rect)
        y0 = top
        if page_no == 1:
            head = fitz.Story(html=head_html, user_css=css, archive=archive)
            _, filled = head.place(fitz.Rect(m, top, page_rect.width - m, top + 80))
            head.element_positions(seen, {})
            head.draw(dev)
            y0 = fitz.Rect(filled).y1 + 14
        # right column first, then left
        for x0 in (m + colw + gut, m):
            if not more:
                break
            more, _ = story.place(fitz.Rect(x0, y0, x0 + colw, page_rect.height - bottom))
            story.element_positions(seen, {})
            story.draw(dev)
        writer.end_page()
    writer.close()
    blocks = [{"kind": "title", "text": title, "page": pages["t"]}]
    blocks += [{"kind": "paragraph", "text": p, "page": pages[f"p{i}"]} for i, p in enumerate(body)]
    write_truth(name, source, generator, 2, blocks)


def hebrew():
    rtl_doc(
        "udhr-hebrew-story-2col-rtl", "udhr-hebrew.txt", "NotoSerifHebrew-Regular.ttf", "NotoSerifHebrew",
        10.5, 1.35,
        "Universal Declaration of Human Rights in Hebrew (United Nations; the UN lets its translations "
        "be reproduced freely): preamble and articles 1-3, 19 and 22, as quoted in public GitHub source "
        "files (spelling kept as found), kept in make/texts/udhr-hebrew.txt",
        "PyMuPDF 1.21 fitz.Story (MuPDF HTML layout with bidi): right-to-left, title across the page, "
        "two justified columns read right column first, Noto Serif Hebrew 10.5 pt, A5",
    )


if __name__ == "__main__":
    hebrew()
