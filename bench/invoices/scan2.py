#!/usr/bin/python3
"""Second scan set for the invoice benches: print-and-scan effects unlike bench/invoices/scan.ts.

  /usr/bin/python3 bench/invoices/scan2.py [--out bench/invoices/corpus-scans2]

scan.ts (and rescan.ts) draw pages with pdftoppm and spoil them with sharp: grey, specks, a small
turn, blur, JPEG. Here pages are drawn by MuPDF (PyMuPDF) and spoiled with Pillow and numpy in six
other ways, one per invoice in turn:

  halftone   300 dpi, the page printed as a clustered-dot screen at 45 degrees and scanned back
             (grey text made of dots, moire where the screen meets the scan grid)
  fax        200 x 100 dpi, one bit a pixel, thresholded with a little noise (the image is
             stretched to the page, as a fax's half-height lines are)
  photo      a phone photo: perspective (the top edge narrower), light falling off to one corner,
             a warm colour cast, a dark table around the sheet, JPEG
  colour     coloured paper (yellow, pink, blue or green) with fibres, scanned in colour, JPEG
  stamp      a red rubber stamp and blue handwriting over part of the text, scanned in colour
  crop       turned 2 to 3.5 degrees and cropped unevenly (margins cut, the sheet off centre)

The sources are the born-digital tuning invoices of bench/invoices/corpus and corpus-drawn (every
fourth of each); each scan gets its original's truth beside it, with meta.scan true and
meta.effect naming what was done. Fixed seed: the same set every run.
"""

import argparse
import io
import json
import math
import os
import random

import fitz
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
EFFECTS = ["halftone", "fax", "photo", "colour", "stamp", "crop"]
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
HAND = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf"


def render(page, dpi):
    pix = page.get_pixmap(dpi=dpi, colorspace=fitz.csRGB, alpha=False)
    return Image.frombytes("RGB", (pix.width, pix.height), pix.samples)


def jpeg(img, quality):
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality)
    return buf.getvalue()


def png(img):
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def halftone(page, r):
    """A 300 dpi scan of a halftoned print: every grey becomes a screen of dots."""
    grey = np.asarray(render(page, 300).convert("L"), dtype=np.float32) / 255.0
    h, w = grey.shape
    cell = r.choice([5.0, 6.0])
    # A clustered-dot screen at 45 degrees: the threshold rises from the cell's centre outwards.
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    a = math.radians(45)
    u = (xx * math.cos(a) + yy * math.sin(a)) * (2 * math.pi / cell)
    v = (-xx * math.sin(a) + yy * math.cos(a)) * (2 * math.pi / cell)
    screen = (np.cos(u) + np.cos(v) + 2) / 4  # 0..1
    ink = (grey < screen * 0.9 + 0.05).astype(np.float32)
    # Ink spreads on paper and the scanner blurs it back into greys.
    img = Image.fromarray((255 - ink * 235).astype(np.uint8), "L")
    img = img.filter(ImageFilter.GaussianBlur(r.uniform(0.6, 1.0)))
    return jpeg(img, r.choice([60, 70])), "JPEG"


def fax(page, r):
    """Fine-mode fax: 200 dpi across, 100 lines an inch down, one bit a pixel."""
    img = render(page, 200).convert("L")
    w, h = img.size
    img = img.resize((w, h // 2), Image.BILINEAR)
    a = np.asarray(img, dtype=np.float32)
    a = a + np.random.default_rng(r.randrange(2**32)).normal(0, 18, a.shape).astype(np.float32)
    bits = a > r.choice([150, 170, 190])
    # Line noise: a few scan lines dropped to white or streaked black.
    for _ in range(r.randint(2, 6)):
        y = r.randrange(bits.shape[0])
        bits[y, :] = r.random() < 0.7
    return png(Image.fromarray(bits.astype(np.uint8) * 255, "L").convert("1")), "PNG"


def photo(page, r):
    """A photograph of the sheet on a table: perspective, uneven light, a colour cast."""
    img = render(page, r.choice([170, 200]))
    w, h = img.size
    pad = int(0.06 * w)
    table = Image.new("RGB", (w + 2 * pad, h + 2 * pad), (70, 58, 48))
    table.paste(img, (pad, pad))
    W, H = table.size
    inset = r.uniform(0.02, 0.05) * W
    drop = r.uniform(0.0, 0.02) * H
    # The camera leans back: the sheet's top edge is narrower than its bottom one.
    # Source corners for the output's upper left, lower left, lower right, upper right.
    quad = (-inset, -drop, 0, H, W, H, W + inset * r.uniform(0.7, 1.1), -drop * r.uniform(0, 1.5))
    photo_img = table.transform((W, H), Image.QUAD, quad, Image.BICUBIC)
    a = np.asarray(photo_img, dtype=np.float32)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    cx, cy = r.choice([(0, 0), (W, 0), (0, H), (W, H)])
    dist = np.sqrt((xx - cx) ** 2 + (yy - cy) ** 2) / math.hypot(W, H)
    light = (1.0 - 0.45 * (1 - dist))[..., None]  # darker towards one corner
    cast = np.array([1.0, 0.96, 0.86], dtype=np.float32)
    a = np.clip(a * light * cast, 0, 255).astype(np.uint8)
    out = Image.fromarray(a, "RGB").filter(ImageFilter.GaussianBlur(0.8))
    return jpeg(out, 70), "JPEG"


def colour(page, r):
    """Coloured paper with fibres, scanned in colour."""
    img = render(page, r.choice([200, 240]))
    paper = r.choice([(255, 240, 150), (255, 205, 215), (190, 220, 250), (200, 240, 200)])
    a = np.asarray(img, dtype=np.float32) / 255.0
    p = np.array(paper, dtype=np.float32)
    fibres = np.asarray(
        Image.effect_noise(img.size, 40).filter(ImageFilter.GaussianBlur(1.5)), dtype=np.float32
    )
    fibres = (fibres - fibres.mean())[..., None] * 0.35
    out = np.clip(a * p + fibres, 0, 255).astype(np.uint8)
    return jpeg(Image.fromarray(out, "RGB").filter(ImageFilter.GaussianBlur(0.5)), 65), "JPEG"


def stamp(page, r):
    """A red stamp and blue pen over the text."""
    img = render(page, 200).convert("RGBA")
    w, h = img.size
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    word = r.choice(["PAID", "RECEIVED", "APPROVED", "COPY", "BEZAHLT", "PAYÉ"])
    font = ImageFont.truetype(FONT, int(w * 0.07))
    box = d.textbbox((0, 0), word, font=font)
    tw, th = box[2] - box[0], box[3] - box[1]
    stamp_img = Image.new("RGBA", (tw + 60, th + 60), (0, 0, 0, 0))
    sd = ImageDraw.Draw(stamp_img)
    red = (200, 30, 40, r.randint(150, 200))
    sd.rectangle((6, 6, tw + 54, th + 54), outline=red, width=8)
    sd.text((30 - box[0], 30 - box[1]), word, font=font, fill=red)
    stamp_img = stamp_img.rotate(r.uniform(-25, 25), expand=True, resample=Image.BICUBIC)
    layer.alpha_composite(stamp_img, (int(r.uniform(0.3, 0.6) * w), int(r.uniform(0.15, 0.6) * h)))
    # Handwriting: a note and a tick in blue ink, somewhere over the page.
    pen = (20, 40, 160, 220)
    hand = ImageFont.truetype(HAND, int(w * 0.03))
    note = r.choice(["ok to pay - JR", "checked 12/3", "booked", "geprüft", "vu, à payer"])
    d.text((int(r.uniform(0.05, 0.5) * w), int(r.uniform(0.3, 0.85) * h)), note, font=hand, fill=pen)
    x, y = int(r.uniform(0.1, 0.8) * w), int(r.uniform(0.2, 0.9) * h)
    d.line([(x, y), (x + 25, y + 30), (x + 80, y - 45)], fill=pen, width=5)
    img.alpha_composite(layer)
    out = img.convert("RGB").filter(ImageFilter.GaussianBlur(0.6))
    return jpeg(out, 70), "JPEG"


def crop(page, r):
    """Turned more than a flatbed's usual skew, and cropped off centre."""
    img = render(page, r.choice([200, 240])).convert("L")
    w, h = img.size
    img = img.rotate(r.choice([-1, 1]) * r.uniform(2.0, 3.5), resample=Image.BICUBIC, expand=False, fillcolor=235)
    # Cut up to 3% off two sides (the margins) and put back blank paper on the others.
    left, top = int(r.uniform(0, 0.03) * w), int(r.uniform(0, 0.03) * h)
    cut = img.crop((left, top, w, h))
    out = Image.new("L", (w, h), 238)
    out.paste(cut, (0, 0))
    a = np.asarray(out, dtype=np.float32)
    a = a + np.asarray(Image.effect_noise((w, h), 12), dtype=np.float32) - 128 * 0.1
    out = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")
    return jpeg(out.filter(ImageFilter.GaussianBlur(0.5)), 60), "JPEG"


MAKERS = {"halftone": halftone, "fax": fax, "photo": photo, "colour": colour, "stamp": stamp, "crop": crop}


def sources():
    out = []
    for folder in ("corpus", "corpus-drawn"):
        d = os.path.join(HERE, folder)
        names = sorted(f[:-5] for f in os.listdir(d) if f.endswith(".json"))
        names = [n for n in names if not json.load(open(os.path.join(d, n + ".json")))["meta"]["scan"]]
        out += [(d, n) for i, n in enumerate(names) if i % 4 == 0]
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "corpus-scans2"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    r = random.Random(2039)
    for k, (folder, name) in enumerate(sources()):
        effect = EFFECTS[k % len(EFFECTS)]
        src = fitz.open(os.path.join(folder, name + ".pdf"))
        out = fitz.open()
        for page in src:
            data, _ = MAKERS[effect](page, r)
            new = out.new_page(width=page.rect.width, height=page.rect.height)
            new.insert_image(new.rect, stream=data, keep_proportion=False)
        base = f"s2-{k + 1:03d}-{effect}-{name}"
        out.save(os.path.join(args.out, base + ".pdf"), deflate=True)
        doc = json.load(open(os.path.join(folder, name + ".json")))
        doc["meta"] = {**doc["meta"], "scan": True, "effect": effect, "source": name}
        with open(os.path.join(args.out, base + ".json"), "w") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
        print(base, effect, len(src), "pages")


if __name__ == "__main__":
    main()
