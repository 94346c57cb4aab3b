#!/usr/bin/python3
"""Check set of faint-toner scans: born-digital PDFKit and jsPDF check invoices through Ghostscript
and ImageMagick (no PIL, no pdftoppm, no sharp, unlike scan.ts / rescan.ts / scan2.py / scan3.py).

  /usr/bin/python3 bench/invoices/scan-fade.py [--out bench/invoices/corpus-scans-fade-check]

Every page goes through one chain, each step drawn at random per invoice:

  drawing    Ghostscript's pnggray device at 150, 180, 200, 250 or 300 dpi (its own antialiasing)
  toner      ink lifted to a grey (black drawn at 25-60% grey), on some pages more on one side
             than the other (a drum running dry: a linear fade across or down the sheet); some
             pages with thinner strokes (a grey dilation of the paper)
  bleed      another invoice's page, mirrored, blurred 1.5-5 px (a disc or a motion blur, as ink
             seen through paper), at 8-30% of full ink
  paper      an uneven paper tone (a blurred plasma field, 88-100% grey)
  optics     rotated 0.2-1.6 degrees, blur 0.3-1.0 px, Gaussian noise, a few impulse specks
  output     JPEG at quality 30-75 (most), or lossless grey (Flate), at the drawing's dpi

Each scan gets its original's truth beside it (meta.scan true, meta.effects). Fixed seed. A CHECK
set for the scan path (issue 39, sixth pass, helper "scans"): aggregate figures only, not tuned on.
"""

import argparse
import json
import os
import random
import subprocess
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args):
    subprocess.run([str(a) for a in args], check=True, stdout=subprocess.DEVNULL)


def size_of(png):
    out = subprocess.run(["identify", "-format", "%w %h", png], check=True, capture_output=True, text=True)
    w, h = out.stdout.split()
    return int(w), int(h)


def gs_draw(pdf, dpi, prefix):
    """Every page of `pdf` as grey PNGs at `dpi`; returns their paths."""
    run("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pnggray", f"-r{dpi}",
        "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", f"-sOutputFile={prefix}-%02d.png", pdf)
    d = os.path.dirname(prefix)
    base = os.path.basename(prefix)
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.startswith(base + "-") and f.endswith(".png"))


def spoil(page, back, r, dpi, work, k):
    """One page through the chain; returns (output file, effects)."""
    fx = {"dpi": dpi}
    w, h = size_of(page)
    cur = os.path.join(work, f"c{k}.miff")
    # Toner: black lifted to a grey ("+level" maps 0..255 onto lo..255), evenly or fading across.
    fade = r.random() < 0.8
    if fade:
        lo = r.uniform(25, 60)
        fx["toner"] = round(lo)
        if r.random() < 0.4:
            # A drum running dry: the fade grows from one edge to the other.
            ramp = r.choice(["gradient:gray(100%)-gray(45%)", "gradient:gray(45%)-gray(100%)"])
            rotate = r.choice(["0", "90"])
            run("convert", page, "-negate",
                "(", "-size", f"{h}x{w}" if rotate == "90" else f"{w}x{h}", ramp, "-rotate", rotate, ")",
                "-compose", "multiply", "-composite", "-negate", "+level", f"{lo * 0.6:.1f}%,100%", cur)
            fx["toner_ramp"] = rotate
        else:
            run("convert", page, "+level", f"{lo:.1f}%,100%", cur)
    else:
        run("convert", page, cur)
    if r.random() < 0.3 and dpi >= 200:
        # Thinner strokes: the paper grows into the ink by a grey dilation.
        run("convert", cur, "-morphology", "Dilate", "Square:1", cur)
        fx["thin"] = True
    # Bleed: another page, mirrored and blurred, faintly multiplied in.
    if back is not None and r.random() < 0.75:
        strength = r.uniform(8, 30)
        bleed = os.path.join(work, f"b{k}.miff")
        if r.random() < 0.5:
            blur = ["-blur", f"0x{r.uniform(1.5, 5):.1f}"]
        else:
            blur = ["-motion-blur", f"0x{r.uniform(2, 6):.1f}+{r.randint(0, 180)}", "-blur", "0x1"]
        run("convert", back, "-resize", f"{w}x{h}!", "-flop", *blur, "+level", f"{100 - strength:.1f}%,100%", bleed)
        run("convert", cur, bleed, "-compose", "multiply", "-composite", cur)
        fx["bleed"] = round(strength)
    # Paper: a blurred plasma field, uneven grey.
    tone = r.randint(88, 96)
    paper = os.path.join(work, f"p{k}.miff")
    run("convert", "-seed", r.randint(1, 10**6), "-size", f"{max(8, w // 16)}x{max(8, h // 16)}",
        f"plasma:gray({tone}%)-gray(100%)", "-colorspace", "gray", "-blur", "0x3", "-resize", f"{w}x{h}!", paper)
    run("convert", cur, paper, "-compose", "multiply", "-composite", cur)
    fx["paper"] = tone
    # Optics: turned on the glass, blurred, noisy, a few specks.
    angle = r.choice([-1, 1]) * r.uniform(0.2, 1.6)
    blur = r.uniform(0.3, 1.0) * dpi / 200
    noise = r.uniform(0.2, 0.6)
    run("convert", cur, "-background", "white", "-rotate", f"{angle:.2f}", "-gravity", "center",
        "-extent", f"{w}x{h}", "-blur", f"0x{blur:.2f}", "-seed", r.randint(1, 10**6),
        "-attenuate", f"{noise:.2f}", "+noise", "Gaussian", "-colorspace", "gray", cur)
    fx.update({"angle": round(angle, 2), "blur": round(blur, 2), "noise": round(noise, 2)})
    if r.random() < 0.4:
        run("convert", cur, "-seed", r.randint(1, 10**6), "-attenuate", "0.04", "+noise", "Impulse",
            "-colorspace", "gray", cur)
        fx["specks"] = True
    return cur, fx


def encode(png, jpeg, q):
    """(data, filter, width, height) of one page: ImageMagick's JPEG, or its raw grey deflated."""
    w, h = size_of(png)
    if jpeg:
        data = subprocess.run(["convert", png, "-quality", str(q), "jpeg:-"], check=True, capture_output=True).stdout
        return data, "/DCTDecode", w, h
    raw = subprocess.run(["convert", png, "-depth", "8", "gray:-"], check=True, capture_output=True).stdout
    return zlib.compress(raw, 9), "/FlateDecode", w, h


def write_pdf(path, pages, dpi):
    """A PDF of one grey image a page (ImageMagick's PDF writer is barred by its policy here)."""
    objs = [None, None]
    kids = []
    for data, filt, w, h in pages:
        pw, ph = w * 72 / dpi, h * 72 / dpi
        objs.append(f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray "
                    f"/BitsPerComponent 8 /Filter {filt} /Length {len(data)} >>\nstream\n".encode()
                    + data + b"\nendstream")
        img = len(objs)
        content = f"q {pw:.2f} 0 0 {ph:.2f} 0 0 cm /I Do Q".encode()
        objs.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        objs.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2f} {ph:.2f}] "
                    f"/Resources << /XObject << /I {img} 0 R >> >> /Contents {len(objs)} 0 R >>".encode())
        kids.append(len(objs))
    objs[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objs[1] = f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>".encode()
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    with open(path, "wb") as f:
        f.write(out)


def born_digital(folder):
    d = os.path.join(HERE, folder)
    names = sorted(f[:-5] for f in os.listdir(d) if f.endswith(".json"))
    return [(d, n) for n in names if not json.load(open(os.path.join(d, n + ".json")))["meta"]["scan"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "corpus-scans-fade-check"))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    r = random.Random(6161)
    pool = born_digital("corpus-pdfkit-check") + born_digital("corpus-jspdf-check")
    chosen = sorted(r.sample(pool, 20))
    spare = [s for s in pool if s not in chosen]
    for k, (folder, name) in enumerate(chosen):
        dpi = r.choice([150, 180, 200, 200, 250, 300])
        with tempfile.TemporaryDirectory() as work:
            pages = gs_draw(os.path.join(folder, name + ".pdf"), dpi, os.path.join(work, "pg"))
            bfolder, bname = r.choice(spare)
            backs = gs_draw(os.path.join(bfolder, bname + ".pdf"), dpi, os.path.join(work, "bk"))
            outs, effects = [], []
            for i, page in enumerate(pages):
                out, fx = spoil(page, backs[i % len(backs)], r, dpi, work, i)
                outs.append(out)
                effects.append(fx)
            base = f"sf-{k + 1:03d}-{name}"
            jpeg = r.random() < 0.8
            q = r.randint(30, 75)
            for fx in effects:
                fx["output"] = f"jpeg@{q}" if jpeg else "flate"
            write_pdf(os.path.join(args.out, base + ".pdf"), [encode(o, jpeg, q) for o in outs], dpi)
        doc = json.load(open(os.path.join(folder, name + ".json")))
        doc["meta"] = {**doc["meta"], "scan": True, "source": name, "effects": effects}
        with open(os.path.join(args.out, base + ".json"), "w") as f:
            json.dump(doc, f, ensure_ascii=False, indent=2)
            f.write("\n")
        print(base, len(pages), "pages", effects[0])


if __name__ == "__main__":
    main()
