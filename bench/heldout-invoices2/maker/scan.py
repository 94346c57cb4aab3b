"""Scans of some born-digital invoices, made with PIL: page images at 200-300 dpi, a slight turn,
paper tint, noise, blur and JPEG; no text layer. /usr/bin/python3 scan.py <dir> <name>..."""
import glob, io, json, os, random, subprocess, sys, tempfile
from PIL import Image, ImageFilter

OUT = sys.argv[1]
for k, name in enumerate(sys.argv[2:]):
    rng = random.Random(500 + k)
    dpi = rng.choice([200, 240, 300])
    pages = []
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", os.path.join(OUT, name + ".pdf"), os.path.join(tmp, "p")], check=True)
        for f in sorted(glob.glob(os.path.join(tmp, "p-*.png"))):
            im = Image.open(f).convert("L")
            im = im.rotate(rng.uniform(-1.2, 1.2), resample=Image.BICUBIC, fillcolor=255, expand=False)
            im = im.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.9)))
            noise = Image.effect_noise(im.size, rng.uniform(8, 18))
            im = Image.blend(im, noise, 0.12)
            tint = rng.choice([(255, 250, 235), (245, 245, 245), (240, 244, 250), (250, 246, 240)])
            rgb = Image.merge("RGB", [im.point(lambda v, c=c: v * c // 255) for c in tint])
            if rng.random() < 0.5:
                rgb = rgb.convert("L")
            buf = io.BytesIO()
            rgb.save(buf, "JPEG", quality=rng.choice([55, 65, 75]))
            pages.append(Image.open(io.BytesIO(buf.getvalue())))
    pages[0].save(os.path.join(OUT, name + "-scan.pdf"), "PDF", resolution=dpi, save_all=True, append_images=pages[1:])
    d = json.load(open(os.path.join(OUT, name + ".json")))
    d["meta"]["scan"] = True
    d["meta"]["generator"] += f"; scanned with PIL at {dpi} dpi"
    json.dump(d, open(os.path.join(OUT, name + "-scan.json"), "w"), indent=2, ensure_ascii=False)
    print(name + "-scan", dpi, len(pages))
