#!/usr/bin/python3
"""Third scan set for the invoice benches: office-scanner pages of ReportLab and pdf-lib invoices.

  /usr/bin/python3 bench/invoices/scan3.py [--out bench/invoices/corpus-scans3]

Unlike scan.ts / rescan.ts (sharp) and scan2.py (MuPDF, one strong effect per invoice), every page
here goes through one pipeline of several mild effects, each drawn at random, as a sheet fed
through an office scanner or copier shows them together:

  drawing    pdftoppm in grey at 150, 200, 240 or 300 dpi
  placement  the sheet scaled 97-103% and shifted a little on the glass, turned 0.2 to 2 degrees
  paper      grey paper, light falling off unevenly across the sheet (a lid not closed, a curl)
  bleed      the other side of the sheet (another invoice's page, mirrored) showing through faintly
  toner      strokes a little heavier or thinner (a min or max filter), some pages
  optics     Gaussian blur 0.3 to 1.1 px, sensor noise
  output     grey JPEG at quality 35 to 80, or bitonal (a threshold at a share of the paper's
             brightness, 1 bit a pixel, deflated)

The image is written into a PDF of its own making (one image a page, page size from the dpi, so a
scaled sheet gives a page a little larger or smaller than A4 or Letter). The sources are
born-digital tuning invoices of bench/invoices/corpus-third (ReportLab) and corpus-drawn
(pdf-lib), drawn at random; each scan gets its original's truth beside it (meta.scan true,
meta.effects saying what was done). Fixed seed: the same set every run.
"""

import argparse
import io
import json
import math
import os
import random
import subprocess
import tempfile
import zlib

import numpy as np
from PIL import Image, ImageFilter, ImageOps

HERE = os.path.dirname(os.path.abspath(__file__))


def draw(pdf, dpi):
    """Every page of `pdf` as a grey PIL image at `dpi`."""
    with tempfile.TemporaryDirectory() as work:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", pdf, os.path.join(work, "pg")], check=True)
        names = sorted(f for f in os.listdir(work) if f.endswith(".png"))
        return [Image.open(os.path.join(work, f)).convert("L").copy() for f in names]


def lighting(h, w, r):
    """A multiplicative light field: brighter on one side, falling off towards another."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = r.uniform(0, 2 * math.pi)
    ramp = (xx / w - 0.5) * math.cos(angle) + (yy / h - 0.5) * math.sin(angle)
    depth = r.uniform(0.05, 0.22)
    field = 1.0 - depth * (ramp + 0.5)
    if r.random() < 0.4:
        # A shadow along the binding edge (a sheet not lying flat).
        edge = r.choice(["left", "top"])
        dist = (xx / w) if edge == "left" else (yy / h)
        field *= 1.0 - r.uniform(0.15, 0.35) * np.exp(-dist / r.uniform(0.02, 0.05))
    return field


def place(img, r, dpi):
    """Scaled, shifted and turned on the glass: the output keeps the drawn size."""
    w, h = img.size
    scale = r.uniform(0.97, 1.03)
    angle = r.choice([-1, 1]) * r.uniform(0.2, 2.0)
    sheet = img.resize((round(w * scale), round(h * scale)), Image.BICUBIC)
    sheet = sheet.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=255)
    out = Image.new("L", (w, h), 255)
    dx = int((w - sheet.size[0]) / 2 + r.uniform(-0.012, 0.012) * w)
    dy = int((h - sheet.size[1]) / 2 + r.uniform(-0.01, 0.01) * h)
    out.paste(sheet, (dx, dy))
    return out, {"scale": round(scale, 3), "angle": round(angle, 2)}


def spoil(page, back, r, dpi):
    """One page through the scanner: returns (image bytes, filter, pdf colour info, effects)."""
    effects = {"dpi": dpi}
    img, placed = place(page, r, dpi)
    effects.update(placed)
    bitonal = dpi >= 200 and r.random() < 0.3
    if r.random() < 0.35:
        # Heavier strokes (a min filter spreads ink); thinner ones only on grey output, where a
        # threshold would not break them up as well.
        heavy = bitonal or r.random() < 0.6
        img = img.filter(ImageFilter.MinFilter(3) if heavy else ImageFilter.MaxFilter(3))
        effects["toner"] = "heavy" if heavy else "light"
    a = np.asarray(img, dtype=np.float32) / 255.0
    h, w = a.shape
    if back is not None and r.random() < 0.75:
        b = ImageOps.mirror(back.resize((w, h), Image.BILINEAR)).filter(ImageFilter.GaussianBlur(r.uniform(1.5, 3.0)))
        ink = 1.0 - np.asarray(b, dtype=np.float32) / 255.0
        strength = r.uniform(0.06, 0.16)
        a = a * (1.0 - strength * ink)
        effects["bleed"] = round(strength, 2)
    paper = r.uniform(0.86, 0.97)
    light = paper * lighting(h, w, r)
    a = a * light
    img = Image.fromarray(np.clip(a * 255, 0, 255).astype(np.uint8), "L")
    blur = r.uniform(0.3, 0.8 if bitonal else 1.1) * dpi / 200
    img = img.filter(ImageFilter.GaussianBlur(blur))
    a = np.asarray(img, dtype=np.float32)
    a = a + np.random.default_rng(r.randrange(2**32)).normal(0, r.uniform(3, 10), a.shape)
    effects["blur"] = round(blur, 2)
    a = np.clip(a, 0, 255)
    if bitonal:
        # Bitonal: a copier's threshold at a share of the paper's brightness where it lies.
        cut = r.uniform(0.55, 0.7)
        bits = a > cut * light * 255
        effects["output"] = f"bitonal@{round(cut, 2)}"
        packed = np.packbits(bits, axis=1)
        return zlib.compress(packed.tobytes(), 9), "/FlateDecode", (w, h, "/DeviceGray", 1), effects
    q = r.randint(35, 80)
    buf = io.BytesIO()
    Image.fromarray(a.astype(np.uint8), "L").save(buf, "JPEG", quality=q)
    effects["output"] = f"jpeg@{q}"
    return buf.getvalue(), "/DCTDecode", (w, h, "/DeviceGray", 8), effects


def write_pdf(path, pages):
    """A PDF of one image a page. pages: [(data, filter, (w, h, colour space, bits), dpi)]."""
    objs = []

    def add(body):
        objs.append(body)
        return len(objs)

    catalog = add(None)
    tree = add(None)
    kids = []
    for data, filt, (w, h, cs, bits), dpi in pages:
        pw, ph = w * 72 / dpi, h * 72 / dpi
        img = add(
            f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace {cs} "
            f"/BitsPerComponent {bits} /Filter {filt} /Length {len(data)} >>\nstream\n".encode()
            + data
            + b"\nendstream"
        )
        content = f"q {pw:.3f} 0 0 {ph:.3f} 0 0 cm /Im0 Do Q".encode()
        cont = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        kids.append(
            add(
                f"<< /Type /Page /Parent {tree} 0 R /MediaBox [0 0 {pw:.3f} {ph:.3f}] "
                f"/Resources << /XObject << /Im0 {img} 0 R >> >> /Contents {cont} 0 R >>".encode()
            )
        )
    objs[catalog - 1] = f"<< /Type /Catalog /Pages {tree} 0 R >>".encode()
    objs[tree - 1] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>".encode()
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(out.tell())
        out.write(f"{i} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode())
    for off in offsets:
        out.write(f"{off:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objs) + 1} /Root {catalog} 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    with open(path, "wb") as f:
        f.write(out.getvalue())


def born_digital(folder):
    d = os.path.join(HERE, folder)
    names = sorted(f[:-5] for f in os.listdir(d) if f.endswith(".json"))
    return [(d, n) for n in names if not json.load(open(os.path.join(d, n + ".json")))["meta"]["scan"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "corpus-scans3"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    r = random.Random(3939)
    third, drawn = born_digital("corpus-third"), born_digital("corpus-drawn")
    chosen = sorted(r.sample(third, 14)) + sorted(r.sample(drawn, 10))
    spare = [s for s in third + drawn if s not in chosen]
    for k, (folder, name) in enumerate(chosen):
        dpi = r.choice([150, 200, 200, 240, 300])
        pages = draw(os.path.join(folder, name + ".pdf"), dpi)
        # The sheet's other side: a page of an invoice not in the set, at the same resolution.
        bfolder, bname = r.choice(spare)
        backs = draw(os.path.join(bfolder, bname + ".pdf"), dpi)
        out, effects = [], []
        for i, page in enumerate(pages):
            data, filt, info, fx = spoil(page, backs[i % len(backs)], r, dpi)
            out.append((data, filt, info, dpi))
            effects.append(fx)
        base = f"s3-{k + 1:03d}-{name}"
        write_pdf(os.path.join(args.out, base + ".pdf"), out)
        doc = json.load(open(os.path.join(folder, name + ".json")))
        doc["meta"] = {**doc["meta"], "scan": True, "source": name, "effects": effects}
        with open(os.path.join(args.out, base + ".json"), "w") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write("\n")
        print(base, len(pages), "pages", effects[0])


if __name__ == "__main__":
    main()
