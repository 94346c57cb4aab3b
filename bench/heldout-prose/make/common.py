"""What every generator shares: where the corpus goes and how a document's truth is written."""

import json
import os
import subprocess

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def page_count(pdf):
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    for line in info.splitlines():
        if line.startswith("Pages:"):
            return int(line.split()[1])
    raise RuntimeError(f"no page count for {pdf}")


def write_truth(name, source, generator, columns, blocks):
    """blocks: dicts with page, kind, text, in reading order, as typeset by the generator."""
    pdf = os.path.join(OUT, name + ".pdf")
    pages = page_count(pdf)
    for b in blocks:
        if not 1 <= b["page"] <= pages:
            raise RuntimeError(f"{name}: block on page {b['page']} of {pages}: {b['text'][:40]}")
    doc = {
        "source": source,
        "generator": generator,
        "columns": columns,
        "pages": pages,
        "blocks": [{"page": b["page"], "kind": b["kind"], "text": b["text"]} for b in blocks],
    }
    with open(os.path.join(OUT, name + ".json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=2)
        f.write("\n")
    print(f"{name}: {pages} pages, {len(blocks)} blocks")


def footnotes_after_page_body(blocks):
    """Reading order puts a page's footnotes after the body blocks that start on that page."""
    body = [b for b in blocks if b["kind"] != "footnote"]
    notes = [b for b in blocks if b["kind"] == "footnote"]
    out = []
    for i, b in enumerate(body):
        out.append(b)
        nxt = body[i + 1]["page"] if i + 1 < len(body) else 10**9
        for n in notes:
            if b["page"] <= n["page"] < nxt and n not in out:
                out.append(n)
    out.extend(n for n in notes if n not in out)
    return out
