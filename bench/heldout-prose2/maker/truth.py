"""Pages of each block found in the rendered PDF (PyMuPDF), truth written, every block checked."""
import json, re, sys
import fitz

APART = {"quote", "caption", "footnote", "sidebar"}

def norm(s):
    return re.sub(r"[^0-9a-z]", "", s.lower())

def key(text, n=8):
    return norm(" ".join(text.split()[:n]))

def write_truth(pdf, blocks, out, source, generator, columns):
    doc = fitz.open(pdf)
    pages = [norm(p.get_text()) for p in doc]
    whole = "".join(pages)
    starts = [sum(len(q) for q in pages[:i]) for i in range(len(pages))]
    cur, problems = 1, []
    for b in blocks:
        k = key(b["text"])
        found = None
        for p in range(cur, len(pages) + 1):
            if k in pages[p - 1]:
                found = p
                break
        if found is None:
            # the start crosses a page break: the page where it begins in the whole text
            at = whole.find(k, starts[cur - 1])
            if at >= 0:
                found = max(p for p in range(1, len(pages) + 1) if starts[p - 1] <= at)
        if found is None:
            problems.append(("start not found", b))
            found = cur
        b["page"] = found
        if b["kind"] not in APART:
            cur = found
        if norm(b["text"]) not in whole:
            problems.append(("text not contiguous", b))
    # footnotes after the body of their page
    body = [b for b in blocks if b["kind"] != "footnote"]
    notes = [b for b in blocks if b["kind"] == "footnote"]
    for n in notes:
        i = next((j for j, b in enumerate(body) if b["page"] > n["page"]), len(body))
        body.insert(i, n)
    truth = {"source": source, "generator": generator, "columns": columns, "pages": len(pages),
             "blocks": [{"page": b["page"], "kind": b["kind"], "text": b["text"]} for b in body]}
    json.dump(truth, open(out, "w"), indent=2, ensure_ascii=False)
    for why, b in problems:
        print(f"  {out}: {why}: [{b['kind']}] {b['text'][:80]}", file=sys.stderr)
    return len(pages), len(problems)
